#!/usr/bin/env bash
# Extract every tr("...") string from the Swift sources into po/mayun.pot, then merge it into each language in
# po/LINGUAS. Swift string literals are close enough to C's for xgettext's C lexer (no interpolation inside tr()).
# Usage: po/update-pot.sh   (from anywhere)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
cd "$repo"

# The sources list, sorted so the .pot is stable; po/POTFILES records it for people and tools.
find Sources -name '*.swift' -print | LC_ALL=C sort > po/POTFILES

xgettext -L C --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --from-code=UTF-8 \
    --add-comments=TRANSLATORS: --sort-by-file --no-wrap \
    --package-name=mayun --msgid-bugs-address=https://gitee.com/mayun-app/mayun/issues \
    --files-from=po/POTFILES -o po/mayun.pot.new 2>&1 \
    | { grep -v 'unterminated string literal' || true; } >&2   # Swift's """ literals confuse the C lexer, harmlessly
# xgettext writes nothing when no string is found: keep an empty template then.
if [ ! -s po/mayun.pot.new ]; then
    xgettext -L C --keyword=tr --from-code=UTF-8 --force-po --package-name=mayun -o po/mayun.pot.new /dev/null
fi
# Keep the old file when only the creation date changed, so the tree stays clean.
if [ -f po/mayun.pot ] && diff -q -I '^"POT-Creation-Date:' po/mayun.pot po/mayun.pot.new > /dev/null; then
    rm po/mayun.pot.new
else
    mv po/mayun.pot.new po/mayun.pot
fi

while read -r lang; do
    [ -n "$lang" ] || continue
    case "$lang" in \#*) continue ;; esac
    if [ -f "po/$lang.po" ]; then
        msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching "po/$lang.po" po/mayun.pot
    else
        msginit --no-translator --no-wrap --locale="$lang.UTF-8" -i po/mayun.pot -o "po/$lang.po"
    fi
    # Report what is left to translate.
    stats="$(msgfmt --statistics -o /dev/null "po/$lang.po" 2>&1)"
    echo "po/$lang.po: $stats"
done < po/LINGUAS
