#!/bin/bash
# make deb: mayun_<version>_<arch>.deb, built with dpkg-deb from the release build that `make test` and `make install`
# share (.build-release, through meson-wrapper/): meson installs into a staging root with DESTDIR, exactly what
# `make install PREFIX=/usr` would install, and this script adds what makes it a Debian package.
#
#   tools/make-deb.sh [OUTDIR]     (default: the repository's top folder; MAYUN_DEB_XZ_LEVEL, default 6)
#
# - The binary is stripped as dh_strip does; no -dbgsym package is made (the unstripped build stays in .build-release).
# - Depends comes from dpkg-shlibdeps over the binary (it links every Debian library it uses).
# - No maintainer scripts: the GSettings schema, icon cache and desktop database are refreshed by the file triggers of
#   libglib2.0-0, hicolor-icon-theme and desktop-file-utils when files land in their folders.
# - The changelog is made from the metainfo's <releases> (tools/deb-changelog.py); the version is VERSION's.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
export PATH="/opt/swift/usr/bin:$PATH"
outdir="${1:-$repo}"

version="$(tr -d '[:space:]' < VERSION)"
arch="$(dpkg --print-architecture)"
deb="$outdir/mayun_${version}_${arch}.deb"
work="$repo/.build-pkg"            # dpkg-shlibdeps wants debian/control here, and the package's files in debian/mayun
root="$work/debian/mayun"
builddir="$repo/.build-meson/deb"
log="$work/build.log"
rm -rf "$work"
mkdir -p "$root/DEBIAN"

echo "deb: meson install into a staging root, prefix /usr (the release build is shared: .build-release; log: $log)"
{
    if [ ! -f "$builddir/build.ninja" ]; then
        meson setup "$builddir" meson-wrapper --prefix=/usr -Dswiftpm_scratch="$repo/.build-release"
    fi
    DESTDIR="$root" meson install -C "$builddir"
} > "$log" 2>&1 || { echo "FAIL: meson install (last lines of $log follow)"; tail -n 40 "$log"; exit 1; }

bin="$root/usr/bin/mayun"
unstripped=$(stat -c %s "$bin")
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$bin"
# SwiftPM links executables with RUNPATH $ORIGIN (for libraries built beside them); the package has none in /usr/bin.
chrpath -d "$bin" > /dev/null
echo "deb: /usr/bin/mayun $(( unstripped / 1024 )) KiB unstripped, $(( $(stat -c %s "$bin") / 1024 )) KiB stripped"
if readelf -d "$bin" | grep -E 'RPATH|RUNPATH|libswift|libFoundation|libdispatch'; then
    echo "FAIL: /usr/bin/mayun still names a Swift library or a search path (above): it must need nothing of /opt/swift"
    exit 1
fi

# Documentation, as Debian lays it out for a native package.
doc="$root/usr/share/doc/mayun"
mkdir -p "$doc"
install -m 644 packaging/deb/copyright "$doc/copyright"
maintainer="$(sed -n 's/^Maintainer: //p' packaging/deb/control.in)"
/usr/bin/python3 tools/deb-changelog.py "$repo" "$maintainer" | gzip -9n > "$doc/changelog.gz"
gzip -9n "$root/usr/share/man/man1/mayun.1"
# Modes as dpkg expects them whatever the umask was: directories 755, files 644, the program 755.
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$bin"

printf 'Source: mayun\n\nPackage: mayun\nArchitecture: any\n' > "$work/debian/control"
# (Its warning "binaries to analyze should already be installed in their package's directory" is dropped: they are,
# in debian/<name>/ beside a DEBIAN folder, and dpkg 1.21's check still says so.)
depends="$(cd "$work" && dpkg-shlibdeps -O -e debian/mayun/usr/bin/mayun \
    2> >(grep -v "binaries to analyze should already be installed" >&2) | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "FAIL: dpkg-shlibdeps found no dependency"; exit 1; }

# Each file's md5sum, as dpkg records them (debsums, lintian's no-md5sums-control-file).
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"
installed_size="$(du -s --apparent-size --block-size=1024 --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@INSTALLED_SIZE@|$installed_size|" \
    -e "s|@DEPENDS@|$depends|" packaging/deb/control.in > "$root/DEBIAN/control"

mkdir -p "$outdir"
# xz -6 (dpkg's default): 17 MB. test-deb asks for -1 (MAYUN_DEB_XZ_LEVEL=1: 20 MB, about 30 s less on 2 cores); the
# files inside are the same.
dpkg-deb --root-owner-group -Zxz -z"${MAYUN_DEB_XZ_LEVEL:-6}" --build "$root" "$deb" > /dev/null
echo "deb: $deb: $(( $(stat -c %s "$deb") / 1024 )) KiB, installed $installed_size KiB, $(find "$root/usr" -type f | wc -l) files"
echo "deb: Depends: $depends"
