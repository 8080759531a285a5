// The rules: `await init()` once, then `new Game("8x8")`.
import initModule, { Game, Rules, colors } from './reversi.js';
import { wasmBytes } from './errors.js';

export { Game, Rules, colors };
export { ReversiError, IllegalMoveError, RulesError, RecordError } from './errors.js';

/** Loads the rules module (once; later calls return at once). */
export default async function init() {
  const wasm = await wasmBytes(new URL('./reversi_bg.wasm', import.meta.url));
  await initModule({ module_or_path: wasm });
}

/**
 * The built-in bots in a Web Worker, so that a page never freezes while a bot
 * thinks: `await bots.choose(game, "alphabeta:depth=6")` gives the bot's choice
 * ({ move, index, value, unit, nodes, pv }); the game is not changed.
 */
export class BotWorker {
  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.worker = new Worker(url, { type: 'module' });
    this.pending = new Map();
    this.next = 0;
    this.worker.onmessage = ({ data }) => {
      const { id, choice, error } = data;
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error) {
        const thrown = new Error(error.message);
        thrown.name = error.name;
        waiting.reject(thrown);
      } else {
        waiting.resolve(choice);
      }
    };
  }

  /** The choice of the bot named by `spec` (its random choices drawn from `seed`) in `game`. */
  choose(game, spec, seed = 0) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, record: game.toRecord(), spec, seed });
    });
  }

  /** Stops the worker (a bot thinking is dropped). */
  terminate() {
    this.worker.terminate();
  }
}
