// What the tests share: the package, loaded once, and the repository's test data.
import { readFileSync, readdirSync } from 'node:fs';
import init from '../pkg/index.js';

export const data = new URL('../../tests/data/', import.meta.url);

await init();

/** The text of a file of tests/data. */
export function read(path) {
  return readFileSync(new URL(path, data), 'utf8');
}

/** The names of the files of a folder of tests/data. */
export function list(folder) {
  return readdirSync(new URL(folder, data));
}

/** A random source from a seed (xorshift), so that a failing game replays. */
export function random(seed) {
  let x = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  const mask = (1n << 64n) - 1n;
  return (n) => {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    return Number(x % BigInt(n));
  };
}

/** Every variant the library plays, as rules strings. */
export const VARIANTS = [
  '6x6',
  '8x8',
  '10x10',
  'octagon',
  '8x8, anti',
  '8x8, free opening',
  '8x8, handicap black a1 h8',
  '8x8, 3 players',
  '10x10, 3 players',
  'octagon, 4 players',
];
