#!/usr/bin/env bash
# The seam between Swift and C, in figures (docs/ARCHITECTURE.md, "The seam: pages cannot call C"): per target under
# Sources/ (and per folder of GtkKit), how many GTK/libadwaita calls and how many unsafe casts its Swift files hold.
#   calls: every `gtk_...(` or `adw_...(` (a call or a function passed by name with its parentheses)
#   casts: `as!`, `unsafeBitCast`, `unsafeDowncast`, `OpaquePointer(`, `UnsafeMutableRawPointer(`,
#          `UnsafeRawPointer(`, `UnsafeMutablePointer(`, `UnsafePointer(`, `assumingMemoryBound`, `bindMemory`,
#          `Unmanaged`
#   helpers: calls of the pointer-cast helpers (Sources/GtkBasics/GtkPointers.swift): `typed(`, `opaque(`, `raw(`,
#          `widget(` (each hides one of the casts above; the issue's 527 "casts" for MayunUI counted these too)
# Comments count too (a grep, not a parser); the same grep before and after keeps the comparison fair.
# Usage: tools/seam-figures.sh [git revision]   (default: the working tree)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
revision=${1:-}
calls='\b(gtk|adw)_[a-z0-9_]+\('
helpers='(^|[^A-Za-z0-9_.])(typed|opaque|raw|widget)\('
casts='as! |unsafeBitCast|unsafeDowncast|OpaquePointer\(|UnsafeMutableRawPointer\(|UnsafeRawPointer\(|UnsafeMutablePointer\(|UnsafePointer\(|assumingMemoryBound|bindMemory|Unmanaged'

# Prints the Swift files under $1, one path a line, from the revision or the working tree.
files() {
    if [ -n "$revision" ]; then git ls-tree -r --name-only "$revision" -- "$1" | grep '\.swift$' || true
    else git ls-files -co --exclude-standard -- "$1" | grep '\.swift$' || true; fi
}
content() {
    if [ -n "$revision" ]; then git show "$revision:$1"; else cat "$1"; fi
}
count() {  # pattern, folder
    local total=0 n path
    while read -r path; do
        [ -n "$path" ] || continue
        n=$(content "$path" | grep -oE "$1" | wc -l)
        total=$((total + n))
    done < <(files "$2")
    echo "$total"
}
row() { printf '%-34s %6s %6s %8s\n' "$1" "$(count "$calls" "$2")" "$(count "$casts" "$2")" "$(count "$helpers" "$2")"; }

printf '%-34s %6s %6s %8s\n' "target${revision:+ at $revision}" calls casts helpers
for dir in Sources/*/; do
    dir=${dir%/}
    [ -n "$(files "$dir")" ] && row "${dir#Sources/}" "$dir"
done
echo
# The widget layer was MayunUI's folders before GtkKit became a target of its own (issue 23).
kit=Sources/GtkKit
[ -n "$(files "$kit")" ] || kit=Sources/MayunUI
printf '%-34s %6s %6s %8s\n' "${kit#Sources/} by folder" calls casts helpers
for dir in "$kit"/*/; do
    dir=${dir%/}
    [ -n "$(files "$dir")" ] && row "  ${dir#"$kit"/}" "$dir"
done
