#!/bin/sh
# swift-build.sh SWIFT PACKAGE_PATH SCRATCH_PATH PRODUCT OUTPUT
# Builds one product in release mode through SwiftPM and copies the binary to OUTPUT (meson's custom_target).
# The Swift runtime and Foundation are linked statically (--static-swift-stdlib): the binary needs nothing from
# /opt/swift at run time, and start-up skips loading and relocating a dozen Swift shared libraries (issue 14:
# exec -> main about 26 -> 14 ms of CPU). Every release build in the shared scratch path must pass the same flag
# (the Makefile's mayun-bench does), or SwiftPM rebuilds everything for the other configuration.
set -eu
swift="$1"; package="$2"; scratch="$3"; product="$4"; output="$5"
PATH="$(dirname "$swift"):$PATH"
export PATH
build() { "$swift" build -c release --static-swift-stdlib --package-path "$package" --scratch-path "$scratch" "$@"; }
build --product "$product"
bin="$(build --show-bin-path)"
cp -f "$bin/$product" "$output"
