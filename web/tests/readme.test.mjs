// The README's JavaScript example, run as written (its import of 'reversi'
// pointed at the built package), printing what its comments say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test("the README's JavaScript example prints what its comments say", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 1, 'one js block in README.md');
  const source = blocks[0].replace("from 'reversi'", "from '../pkg/index.js'");
  const file = fileURLToPath(new URL('./readme-example.tmp.mjs', import.meta.url));
  writeFileSync(file, source);
  let out;
  try {
    out = execFileSync(process.execPath, [file], { encoding: 'utf8' });
  } finally {
    rmSync(file);
  }
  // Each `console.log` line's comment, up to its colon, is what it prints.
  const said = source
    .split('\n')
    .filter((l) => l.includes('console.log') && l.includes('// '))
    .map((l) => l.split('// ')[1].split(':')[0].trim());
  const printed = out.trim().split('\n');
  assert.equal(printed.length, 4, out);
  assert.deepEqual([printed[0], printed[1], printed[3]], said);
  assert.match(printed[2], /^true a1 /);
});
