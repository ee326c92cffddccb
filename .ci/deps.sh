#!/usr/bin/env bash
# Installs the Debian packages Mayun needs, only when some are missing (idempotent), and checks for Swift.
# Runs as root, or through sudo. Used by `make deps`; `make bench` adds --bench for the WebKitGTK peer (bench/webpeer.c),
# installed without its recommended packages (no portals or media plugins that could change what the app sees).
set -euo pipefail

packages=(
    libgtk-4-dev libgtk-4-bin libadwaita-1-dev libsoup-3.0-dev libjson-glib-dev libgtksourceview-5-dev
    libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libsecret-1-dev libsqlite3-dev libpng-dev
    xvfb xauth xdotool python3-pyatspi dbus-x11 at-spi2-core gnome-keyring
    meson ninja-build desktop-file-utils appstream gettext imagemagick libglib2.0-bin pkg-config gcc
    git locales lintian dpkg-dev chrpath fonts-droid-fallback fonts-noto-color-emoji webp-pixbuf-loader
    openssh-server
)
# lintian, dpkg-dev (dpkg-shlibdeps), chrpath: make deb and the package's test stage (tests/deb/run.sh).
# openssh-server: /usr/sbin/sshd for the SSH clone test (tests/e2e/private_sshd.py runs its own on 127.0.0.1 as the
# current user). Installing it on a machine booted with systemd also enables and starts the system's ssh service on
# port 22, which nobody asked for: when this script is what installs it, that service is disabled again below.

bench_packages=()
if [ "${1:-}" = "--bench" ]; then
    bench_packages=(libwebkitgtk-6.0-dev)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing missing Debian packages: ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        sudo=()
    elif command -v sudo > /dev/null; then
        sudo=(sudo)
    else
        echo "deps: need root or sudo to install: ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q "${missing[@]}"
    if [[ " ${missing[*]} " == *" openssh-server "* ]] && [ -d /run/systemd/system ]; then
        echo "deps: openssh-server was installed only for the tests' own sshd: disabling the system's ssh service"
        "${sudo[@]}" systemctl disable --now ssh.service ssh.socket > /dev/null 2>&1 || true
    fi
else
    echo "deps: all ${#packages[@]} Debian packages present"
fi

for p in "${bench_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        echo "deps: installing $p for the benchmark"
        if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "$p"
    fi
done

# The zh_CN.UTF-8 locale, so the translation can be seen (and tested end to end).
if ! locale -a 2>/dev/null | grep -qix 'zh_CN.utf8'; then
    echo "deps: generating the zh_CN.UTF-8 locale"
    if [ "$(id -u)" -eq 0 ]; then
        localedef -i zh_CN -f UTF-8 zh_CN.UTF-8
    else
        sudo localedef -i zh_CN -f UTF-8 zh_CN.UTF-8
    fi
fi

if [ -x /opt/swift/usr/bin/swift ]; then
    swift=/opt/swift/usr/bin/swift
elif command -v swift > /dev/null; then
    swift="$(command -v swift)"
else
    echo "deps: Swift 6 was not found at /opt/swift/usr/bin nor on PATH; install a Swift 6 toolchain there" >&2
    exit 1
fi
echo "deps: $("$swift" --version 2>/dev/null | head -n 1) ($swift)"
