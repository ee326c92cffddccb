#!/bin/sh
# swift-build.sh SWIFT PACKAGE_PATH SCRATCH_PATH PRODUCT OUTPUT
# Builds one product in release mode through SwiftPM and copies the binary to OUTPUT (meson's custom_target).
set -eu
swift="$1"; package="$2"; scratch="$3"; product="$4"; output="$5"
PATH="$(dirname "$swift"):$PATH"
export PATH
"$swift" build -c release --product "$product" --package-path "$package" --scratch-path "$scratch"
bin="$("$swift" build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)"
cp -f "$bin/$product" "$output"
