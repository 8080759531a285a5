#!/usr/bin/env bash
# The package as its users get it: `npm pack` in web/pkg (after web/build.sh), the
# tarball installed into a scratch project, and tests/types/usage.ts, which uses
# the whole API, type-checked against its declarations with `tsc --strict`. The
# classes declare [Symbol.dispose] (wasm-bindgen), so a project needs the
# esnext.disposable library (TypeScript 5.2 or later) or skipLibCheck.
set -euo pipefail
web=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$web/pkg" && npm pack --silent --pack-destination "$scratch" >/dev/null)
tarball=$(ls "$scratch"/reversi-*.tgz)
tar -tzf "$tarball" | sed 's/^/  /'
cd "$scratch"
echo '{ "name": "user", "private": true, "type": "module" }' > package.json
npm install --silent --no-audit --no-fund --offline "$tarball"
cp "$web/tests/types/usage.ts" .
"$web/node_modules/.bin/tsc" --strict --noEmit --target es2022 --module nodenext \
  --moduleResolution nodenext --lib es2022,esnext.disposable,dom usage.ts
echo "npm pack: $(basename "$tarball") ($(wc -c < "$tarball") bytes); usage.ts type-checks with tsc --strict"
