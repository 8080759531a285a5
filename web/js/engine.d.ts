export { Bot, Game, Rules, solve } from './reversi_engine.js';
export { ReversiError, IllegalMoveError, RulesError, RecordError } from './errors.js';
/** Loads the engine module (once). */
export default function initEngine(): Promise<void>;
