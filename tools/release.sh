#!/usr/bin/env bash
# Builds the release archives in one command:
#   target/dist/oblique-VERSION-x86_64-linux.tar.gz
#   target/dist/oblique-VERSION-x86_64-windows.zip
# each holding the binary, README.md, LICENSE, docs/winboard.md and positions/ (the start
# positions of the Black-first games, for WinBoard's /lpf; written by the binary itself).
#
# The binaries are built for a portable CPU level, not for this machine
# (.cargo/config.toml's target-cpu=native): x86-64-v3 by default (2013's Haswell and
# later, AMD from 2015), which has BMI2's PEXT, the one instruction of the slider tables
# (tables/src/bitboard.rs; below v3 they take the portable bit loop). They are built in a
# target directory of their own, so these flags never invalidate the everyday builds.
#
# Settings (environment):
#   OBLIQUE_RELEASE_PROFILE  cargo profile (default: release, fat LTO; the tests use wintest)
#   OBLIQUE_RELEASE_CPU      target-cpu (default: x86-64-v3; e.g. x86-64-v2 for older CPUs)
#   OBLIQUE_RELEASE_TARGET_DIR  cargo target directory (default: target/dist-build)
#   OBLIQUE_DIST_DIR         where the archives go (default: target/dist)
# Needs the tools of .ci/install-windows-tools (MinGW-w64, the Rust Windows target, zip).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

profile=${OBLIQUE_RELEASE_PROFILE:-release}
cpu=${OBLIQUE_RELEASE_CPU:-x86-64-v3}
build_dir=${OBLIQUE_RELEASE_TARGET_DIR:-$root/target/dist-build}
dist=${OBLIQUE_DIST_DIR:-$root/target/dist}
linux=x86_64-unknown-linux-gnu
windows=x86_64-pc-windows-gnu

fail() {
    echo "release.sh: $*" >&2
    exit 1
}
for tool in cargo tar zip x86_64-w64-mingw32-gcc; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (run .ci/install-windows-tools)"
done

export RUSTFLAGS="-C target-cpu=$cpu"
for target in "$linux" "$windows"; do
    echo "release.sh: building $target ($profile, target-cpu=$cpu)"
    cargo build --locked --quiet --profile "$profile" --target "$target" --bin oblique \
        --target-dir "$build_dir" || fail "cargo build for $target failed"
done
linux_bin="$build_dir/$linux/$profile/oblique"
windows_bin="$build_dir/$windows/$profile/oblique.exe"
[ -x "$linux_bin" ] || fail "$linux_bin was not built"
[ -f "$windows_bin" ] || fail "$windows_bin was not built"

# "oblique 0.1.0 (commit abc1234)" -> 0.1.0
version=$("$linux_bin" --version | awk '{print $2}')
[ -n "$version" ] || fail "cannot read the version from $linux_bin --version"

mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
stage=$(mktemp -d "$dist/.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# Common contents: the texts, and the Black-first start positions as the engine gives them.
fill() {
    local dir=$1
    mkdir -p "$dir/docs" "$dir/positions"
    cp README.md LICENSE "$dir/"
    cp docs/winboard.md "$dir/docs/"
    for v in minislanted ultraslanted; do
        "$linux_bin" show --variant "$v" | sed -n 's/^fen: //p' >"$dir/positions/$v.fen"
        [ -s "$dir/positions/$v.fen" ] || fail "no FEN for $v"
    done
}

name="oblique-$version-x86_64-linux"
fill "$stage/$name"
cp "$linux_bin" "$stage/$name/oblique"
tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"
echo "release.sh: $dist/$name.tar.gz"

name="oblique-$version-x86_64-windows"
fill "$stage/$name"
cp "$windows_bin" "$stage/$name/oblique.exe"
rm -f "$dist/$name.zip"
(cd "$stage" && zip -q -r "$dist/$name.zip" "$name")
echo "release.sh: $dist/$name.zip"
