#!/usr/bin/env bash
# Builds the npm package into web/pkg: the rules module (reversi.js and
# reversi_bg.wasm), the engine module (reversi_engine.js and its .wasm, loaded only
# by pages that play against the computer), the hand-written entry points
# (index.js, engine.js, worker.js) with their TypeScript declarations, and
# package.json. Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the
# version of wasm-bindgen in Cargo.lock (.ci/run installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
out=web/pkg
rm -rf "$out"
mkdir -p "$out"
# The rules alone, and the rules with the engine, each its own module.
cargo build --quiet -p reversi-web --profile wasm --target wasm32-unknown-unknown
wasm-bindgen --remove-name-section --remove-producers-section --target web --out-dir "$out" --out-name reversi \
  "$target/wasm32-unknown-unknown/wasm/reversi_web.wasm"
cargo build --quiet -p reversi-web --profile wasm --target wasm32-unknown-unknown \
  --features engine --target-dir "$target/web-engine"
wasm-bindgen --remove-name-section --remove-producers-section --target web --out-dir "$out" --out-name reversi_engine \
  "$target/web-engine/wasm32-unknown-unknown/wasm/reversi_web.wasm"
cp web/js/* "$out/"
for wasm in "$out"/*.wasm; do
  printf '%s: %d bytes, %d gzipped\n' "$(basename "$wasm")" "$(wc -c < "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
done
