export { Game, Rules, colors } from './reversi.js';
export { ReversiError, IllegalMoveError, RulesError, RecordError } from './errors.js';
import type { Game } from './reversi.js';

/** Loads the rules module (once; later calls return at once). */
export default function init(): Promise<void>;

/** What a bot chose: the move (a square name or "pass"), its index, its value in `unit`, the nodes searched and the line it expects. */
export interface Choice {
  move: string;
  index: number;
  value?: number;
  unit?: 'exact' | 'discs' | 'win_chance';
  nodes: number;
  pv: string[];
}

/** The built-in bots in a Web Worker, so that a page never freezes while a bot thinks. */
export class BotWorker {
  constructor(url?: URL);
  /** The choice of the bot named by `spec` ("alphabeta:depth=6", "mcts:playouts=2000", "random") in `game`; the game is not changed. */
  choose(game: Game, spec: string, seed?: number): Promise<Choice>;
  /** Stops the worker (a bot thinking is dropped). */
  terminate(): void;
}
