/** Any error of the library: its message is the library's. */
export class ReversiError extends Error {}
/** A move the game refuses (not legal now, not a square, a pass not due); the game is unchanged. */
export class IllegalMoveError extends ReversiError {}
/** Rules that do not make a game: a rules string that does not read, options that do not go together. */
export class RulesError extends ReversiError {}
/** A record, move list or position string that does not read; the message says where. */
export class RecordError extends ReversiError {}
/** Loads a module's .wasm: fetched in a browser or worker, read from disk in Node.js. */
export function wasmBytes(url: URL): Promise<URL | Uint8Array>;
