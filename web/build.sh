#!/usr/bin/env bash
# Builds the npm package into web/pkg: the rules module (reversi.js and
# reversi_bg.wasm), the engine module (reversi_engine.js and its .wasm, loaded only
# by pages that play against the computer), the hand-written entry points
# (index.js, engine.js, worker.js) with their TypeScript declarations, and
# package.json. Installs what it needs and lacks, and says how long that took: the
# wasm32-unknown-unknown target (rustup), wasm-bindgen-cli at the version of
# wasm-bindgen in Cargo.lock (the two must match), and web/node_modules (npm ci:
# binaryen's wasm-opt). `web/build.sh --tools` installs them and builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "" | --tools) ;;
  *) echo "usage: web/build.sh [--tools]" >&2; exit 2 ;;
esac
target=${CARGO_TARGET_DIR:-target}
out=web/pkg

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  started=$(date +%s)
  rustup target add wasm32-unknown-unknown
  echo "wasm32-unknown-unknown target installed in $(( $(date +%s) - started )) s"
fi
bindgen_version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  started=$(date +%s)
  # --locked first; its lock file has named a crate version that a registry
  # mirror lacked (webpki-roots 1.0.11), and then the newest compatible ones do.
  # A debug build: it compiles in about half the time of a release one (2 cores),
  # and it writes the same files, in 3 s here against 0.4 s.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --debug --locked \
    || cargo install wasm-bindgen-cli --version "$bindgen_version" --debug
  echo "wasm-bindgen-cli $bindgen_version installed in $(( $(date +%s) - started )) s"
fi
# Binaryen's wasm-opt (the npm package `binaryen` of web/package-lock.json, run by
# Node.js), for the rules module below.
locked_binaryen=$(node -p "require('./web/package-lock.json').packages['node_modules/binaryen'].version")
installed_binaryen=$(node -p "try { require('./web/node_modules/binaryen/package.json').version } catch { '' }")
if [ ! -x web/node_modules/.bin/wasm-opt ] || [ "$installed_binaryen" != "$locked_binaryen" ]; then
  started=$(date +%s)
  (cd web && npm ci --no-audit --no-fund)
  echo "npm packages installed in $(( $(date +%s) - started )) s"
fi
if [ "${1:-}" = "--tools" ]; then exit 0; fi

rm -rf "$out"
mkdir -p "$out"
# WebAssembly SIMD (every current browser and Node.js since 16.4 run it): the
# rules crate's portable kernel then finds the legal moves two directions at a
# time (src/kernel/simd128.rs).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} -C target-feature=+simd128"
bindgen() {
  wasm-bindgen --target web --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name "$1" "$2"
}
# The rules alone, and the rules with the engine, each its own module.
cargo build --quiet -p reversi-web --profile wasm --target wasm32-unknown-unknown
bindgen reversi "$target/wasm32-unknown-unknown/wasm/reversi_web.wasm"
# wasm-opt on the rules module: 2 KB smaller gzipped and perft a few per cent
# faster in Node.js. Not on the engine module, which it makes larger gzipped.
web/node_modules/.bin/wasm-opt -Oz --enable-simd --enable-bulk-memory \
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
  --enable-multivalue --enable-reference-types \
  "$out/reversi_bg.wasm" -o "$out/reversi_bg.wasm"
cargo build --quiet -p reversi-web --profile wasm --target wasm32-unknown-unknown \
  --features engine --target-dir "$target/web-engine"
bindgen reversi_engine "$target/web-engine/wasm32-unknown-unknown/wasm/reversi_web.wasm"
cp web/js/* "$out/"
for wasm in "$out"/*.wasm; do
  printf '%s: %d bytes, %d gzipped\n' "$(basename "$wasm")" "$(wc -c < "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
done
