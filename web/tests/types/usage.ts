// The package as a TypeScript user sees it: tests/typecheck.sh installs the
// packed package (npm pack) into a scratch project and type-checks this file
// with tsc --strict. Every name of the API is used once.
import init, { Game, Rules, colors, BotWorker, ReversiError, IllegalMoveError, RulesError, RecordError } from 'reversi';
import type { Choice } from 'reversi';
import initEngine, { Bot, Game as EngineGame, solve } from 'reversi/engine';

export async function rules(): Promise<string> {
  await init();
  const rules: Rules = new Rules('octagon, 4 players');
  const blocked: Rules = Rules.withBlockedSeed('8x8', 7);
  const board: string = rules.board;
  const width: number = rules.width + rules.players + rules.indexCount + rules.passIndex;
  const anti: boolean = rules.anti;
  const names: string[] = [...rules.colors, ...blocked.blocked, ...rules.squares, ...colors(3)];
  const index: number = rules.indexOf('d3');
  const name: string = rules.nameOf(index);
  return `${board}${width}${anti}${names.join()}${name}${rules.toString()}`;
}

export async function play(): Promise<Record<string, number>> {
  await init();
  const game = new Game('8x8');
  const other: Game = Game.ofRules(new Rules()).clone();
  const moves: string[] = game.legalMoves();
  const indices: Uint32Array = game.legalIndices();
  const legal: boolean = game.isLegal('f5') && game.isLegal(indices[0]);
  const flipped: string[] = legal ? game.play(moves[0]) : game.flips(19);
  if (game.mustPass) game.pass();
  const undone: string | undefined = game.undo();
  const redone: string | undefined = game.redo();
  const turn: string = game.turn;
  const over: boolean = game.isOver;
  const result: string = game.result;
  const outcome: string | undefined = game.outcome;
  const cell: string | undefined = game.cell('d4');
  for (const { square, cell } of game.board()) console.log(square, cell);
  for (const ply of game.history) console.log(ply.move, ply.index, ply.color, ply.flips.length);
  const texts: string[] = [game.position, game.toRecord(), game.toGgf(), game.toMoveList(), game.toString()];
  const loaded: Game = Game.load(texts[1]);
  const listed: Game = Game.fromMoveList(texts[3], new Rules('8x8, anti'));
  console.log(listed.result);
  const leaves: number = loaded.perft(3);
  console.log(other.moves, game.redoMoves, flipped, undone, redone, turn, over, result, outcome, cell, leaves);
  other.free();
  return game.scores;
}

export function failure(error: unknown): string {
  if (error instanceof IllegalMoveError || error instanceof RulesError || error instanceof RecordError) {
    return error.message;
  }
  return error instanceof ReversiError ? error.name : String(error);
}

export async function bots(game: Game): Promise<Choice> {
  const worker = new BotWorker();
  const choice: Choice = await worker.choose(game, 'alphabeta:depth=6', 1);
  worker.terminate();
  await initEngine();
  const bot = new Bot('mcts:playouts=100', 3);
  const own = EngineGame.load(game.toRecord());
  const mine = bot.choose(own);
  const solved = solve(own, 1_000_000, 500);
  console.log(bot.name, mine.move, mine.index, mine.value, mine.unit, mine.nodes, mine.pv, solved.best, solved.score, solved.nodes, solved.pv);
  return choice;
}
