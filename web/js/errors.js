// The library's errors. The WebAssembly module throws plain `Error`s whose `name`
// says the kind; these classes make `instanceof` say it too, so that a front end
// can tell a refused move from a record that does not read.

const KINDS = ['ReversiError', 'IllegalMoveError', 'RulesError', 'RecordError'];

/** Any error of the library: its message is the library's. */
export class ReversiError extends Error {
  static [Symbol.hasInstance](value) {
    return value instanceof Error && KINDS.includes(value.name);
  }
}

/** A move the game refuses (not legal now, not a square, a pass not due); the game is unchanged. */
export class IllegalMoveError extends ReversiError {
  static [Symbol.hasInstance](value) {
    return value instanceof Error && value.name === 'IllegalMoveError';
  }
}

/** Rules that do not make a game: a rules string that does not read, options that do not go together. */
export class RulesError extends ReversiError {
  static [Symbol.hasInstance](value) {
    return value instanceof Error && value.name === 'RulesError';
  }
}

/** A record, move list or position string that does not read; the message says where. */
export class RecordError extends ReversiError {
  static [Symbol.hasInstance](value) {
    return value instanceof Error && value.name === 'RecordError';
  }
}

/** Loads a module's .wasm: fetched in a browser or worker, read from disk in Node.js. */
export async function wasmBytes(url) {
  if (typeof process !== 'undefined' && process.versions?.node && url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  return url;
}
