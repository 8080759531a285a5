// The engine: the built-in bots and the exact solver, in their own module (the
// rules are in it too, as its own Game). Best run in a worker (worker.js); in
// Node.js or a worker, `await initEngine()` then `new Bot(spec).choose(game)`.
import initModule, { Bot, Game, Rules, solve } from './reversi_engine.js';
import { wasmBytes } from './errors.js';

export { Bot, Game, Rules, solve };
export { ReversiError, IllegalMoveError, RulesError, RecordError } from './errors.js';

/** Loads the engine module (once). */
export default async function initEngine() {
  const wasm = await wasmBytes(new URL('./reversi_engine_bg.wasm', import.meta.url));
  await initModule({ module_or_path: wasm });
}
