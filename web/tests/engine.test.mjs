// The engine module: the bots choose legal moves on every variant, and the
// solver's score is the margin its line of best play reaches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import initEngine, { Bot, Game, solve, ReversiError } from '../pkg/engine.js';
import { random, VARIANTS } from './helpers.mjs';

await initEngine();

test('the bots play whole games of every variant with legal moves', () => {
  for (const variant of VARIANTS) {
    const game = new Game(variant);
    const two = game.rules.players === 2;
    const bots = [new Bot(two ? 'alphabeta:depth=2' : 'mcts:playouts=30', 1), new Bot('greedy', 2)];
    let turn = 0;
    while (!game.isOver) {
      const choice = bots[turn++ % bots.length].choose(game);
      assert.ok(game.isLegal(choice.move), `${variant}: ${choice.move}`);
      assert.equal(choice.index, game.rules.indexOf(choice.move));
      game.play(choice.move);
    }
  }
  assert.throws(() => new Bot('alphabeta:depth=x'), ReversiError);
  assert.throws(() => new Bot('alphabeta').choose(new Game('octagon, 4 players')), /4 players/);
});

test("every bot the demo page offers is a bot the engine builds", () => {
  const app = readFileSync(new URL('../demo/app.js', import.meta.url), 'utf8');
  const specs = [...app.matchAll(/^\s*\['([^']+)', '[^']*', \d\]/gm)].map((m) => m[1]);
  assert.ok(specs.length >= 5, `${specs}`);
  for (const spec of specs.filter((s) => s !== 'human')) {
    assert.equal(new Bot(spec).name, spec);
  }
  // Options are separated by ':', as on the command line.
  assert.throws(() => new Bot('alphabeta:depth=30,time=500'), /separated by `:`/);
});

test('a solved endgame is worth what its line of best play reaches', () => {
  const next = random(7);
  let solved = 0;
  for (const variant of ['6x6', '8x8', '10x10', '8x8, anti']) {
    const game = new Game(variant);
    while (!game.isOver && game.rules.squares.length - game.history.length > 14) {
      if (game.mustPass) game.pass();
      else game.play(game.legalMoves()[next(game.legalMoves().length)]);
    }
    if (game.isOver || game.mustPass) continue;
    const mover = game.turn;
    const found = solve(game);
    assert.equal(found.pv[0], found.best);
    for (const move of found.pv) game.play(move);
    assert.ok(game.isOver, variant);
    const scores = game.scores;
    const other = Object.keys(scores).find((c) => c !== mover);
    const empty = game.rules.squares.length - scores[mover] - scores[other] - game.rules.blocked.length;
    // The mover's lead (fewer discs in Anti-Reversi), the empty squares to the winner.
    const lead = game.rules.anti ? scores[other] - scores[mover] : scores[mover] - scores[other];
    const margin = Math.sign(lead) * (Math.abs(lead) + empty);
    assert.equal(found.score, margin, variant);
    solved++;
  }
  assert.ok(solved >= 3);
  assert.throws(() => solve(new Game('6x6'), 1000), /node limit/);
});
