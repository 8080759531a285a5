// The package against the Rust library: the numbering files and the perft tables
// that the Rust, C and Python tests check too, random games of every variant, and
// the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Rules, IllegalMoveError, RulesError, RecordError, ReversiError } from '../pkg/index.js';
import { read, list, random, VARIANTS } from './helpers.mjs';

test('every move of the numbering games has the index and name the Rust library gave it', () => {
  const games = list('numbering').filter((f) => f.endsWith('.txt'));
  assert.ok(games.length >= 10);
  for (const file of games) {
    const loaded = Game.load(read(`numbering/${file}`));
    const expected = read(`numbering/${file.replace('.txt', '.indices')}`)
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    const byName = Game.ofRules(loaded.rules);
    const byIndex = Game.ofRules(loaded.rules);
    assert.equal(loaded.history.length, expected.length, file);
    for (const [i, [index, name]] of expected.entries()) {
      assert.equal(loaded.history[i].move, name, `${file} move ${i + 1}`);
      assert.equal(loaded.history[i].index, Number(index), `${file} move ${i + 1}`);
      assert.equal(byName.rules.indexOf(name), Number(index), `${file} ${name}`);
      assert.equal(byName.rules.nameOf(Number(index)), name, `${file} ${index}`);
      assert.ok(byName.legalIndices().includes(Number(index)), `${file} ${name} is legal`);
      byName.play(name);
      byIndex.play(Number(index));
    }
    assert.ok(byName.isOver, file);
    assert.equal(byName.result, loaded.result, file);
    assert.equal(byIndex.position, loaded.position, file);
  }
});

function perftTable(file) {
  return read(file)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));
}

test('perft from the start matches the published and yardstick tables', () => {
  for (const [depth, leaves] of perftTable('perft_8x8.txt')) {
    if (Number(depth) > 8) continue;
    assert.equal(new Game('8x8').perft(Number(depth)), Number(leaves), `8x8 depth ${depth}`);
  }
  for (const [board, depth, leaves] of perftTable('perft_other_boards.txt')) {
    if (Number(depth) > 7) continue;
    assert.equal(new Game(board).perft(Number(depth)), Number(leaves), `${board} depth ${depth}`);
  }
});

test('random games of every variant keep the API consistent and their records read back', () => {
  const next = random(20261204);
  for (const variant of [...VARIANTS, 'blocked']) {
    for (let n = 0; n < 4; n++) {
      const rules = variant === 'blocked' ? Rules.withBlockedSeed('8x8', n) : new Rules(variant);
      const game = Game.ofRules(rules);
      while (!game.isOver) {
        const names = game.legalMoves();
        const indices = game.legalIndices();
        if (game.mustPass) {
          assert.deepEqual(indices, Uint32Array.of(rules.passIndex));
          assert.throws(() => game.play(names[0] ?? 'a1'), IllegalMoveError);
          game.pass();
          continue;
        }
        assert.deepEqual([...indices], names.map((name) => rules.indexOf(name)));
        const move = names[next(names.length)];
        const flips = game.flips(move);
        assert.deepEqual(game.play(move), flips);
        for (const square of flips) assert.equal(game.cell(square), game.history.at(-1).color);
      }
      const scores = Object.values(game.scores);
      assert.ok(scores.reduce((a, b) => a + b) <= rules.squares.length, variant);
      assert.match(game.result, /^(black|white|red|green|draw) \d+(-\d+)+$/, variant);
      const again = Game.load(game.toRecord());
      assert.equal(again.toRecord(), game.toRecord(), variant);
      assert.equal(again.position, game.position, variant);
      // Undo all the way back and redo: the same game.
      const moves = game.moves;
      while (game.undo() !== undefined);
      assert.equal(game.moves.length, 0);
      while (game.redo() !== undefined);
      assert.deepEqual(game.moves, moves, variant);
    }
  }
});

test('errors are thrown Error subclasses with the library message, and leave the game unchanged', () => {
  const game = new Game('8x8');
  game.play('f5');
  const before = [game.toRecord(), game.position];
  assert.throws(() => game.play('a1'), (e) => e instanceof IllegalMoveError && e instanceof ReversiError && e instanceof Error && /a1/.test(e.message));
  assert.throws(() => game.play('z9'), IllegalMoveError);
  assert.throws(() => game.play(65), IllegalMoveError);
  assert.throws(() => game.play(-1), IllegalMoveError);
  assert.throws(() => game.pass(), IllegalMoveError);
  assert.deepEqual([game.toRecord(), game.position], before);
  assert.throws(() => new Game('9x9'), (e) => e instanceof RulesError && !(e instanceof IllegalMoveError));
  assert.throws(() => new Rules('6x6, 3 players'), RulesError);
  assert.throws(() => Game.load('f5 d6 a1'), (e) => e instanceof RecordError && /a1/.test(e.message));
  assert.throws(() => Game.load('[Board "8x8"'), RecordError);
  assert.equal(game.isLegal('d6'), true);
  assert.equal(game.isLegal('a1'), false);
  assert.equal(game.isLegal(12345), false);
});

test('the record formats: record, GGF, move list and position string', () => {
  const game = new Game('8x8');
  for (const move of ['f5', 'd6', 'c3', 'd3', 'c4']) game.play(move);
  assert.equal(game.toMoveList(), 'f5 d6 c3 d3 c4');
  for (const text of [game.toRecord(), game.toGgf(), game.toMoveList()]) {
    const loaded = Game.load(text);
    assert.equal(loaded.position, game.position, text);
  }
  assert.equal(Game.load(game.position).position, game.position);
  assert.throws(() => new Game('8x8, 3 players').toGgf(), RecordError);
  assert.equal(game.turn, 'white');
  assert.deepEqual(Object.keys(game.scores), ['black', 'white']);
  assert.equal(game.scores.black + game.scores.white, 9);
  assert.equal(game.board().length, 64);
  assert.equal(game.board().filter((c) => c.cell !== 'empty').length, 9);
});

test('arguments of the wrong type or range are refused with a library error, not a crash', () => {
  const kinds = [
    [() => new Game(42), RulesError, /the rules must be a string, not number/],
    [() => new Game({}), RulesError, /not object/],
    [() => new Rules(42), RulesError, /not number/],
    [() => Game.load(42), RecordError, /a record must be a string, not number/],
    [() => Game.load(null), RecordError, /not object/],
    [() => Game.load(undefined), RecordError, /not undefined/],
    [() => new Game().cell(5), IllegalMoveError, /a square must be a string/],
    [() => new Game().perft(-1), ReversiError, /the depth must be a whole number from 0 to 64/],
    [() => new Game().perft(1.5), ReversiError, /whole number/],
    [() => Rules.withBlockedSeed('8x8', -1), RulesError, /the seed must be a whole number/],
    [() => Rules.withBlockedSeed('8x8', 1.5), RulesError, /the seed/],
    [() => Rules.withBlockedSeed(8, 1), RulesError, /the rules must be a string/],
    [() => new Rules().nameOf(1.5), IllegalMoveError, /a fraction is not a move index/],
    [() => new Rules().nameOf(2 ** 32 + 19), IllegalMoveError, /4294967315 is not a move index/],
    [() => new Rules().nameOf(-1), IllegalMoveError, /-1 is not a move index/],
    [() => new Rules('octagon').indexOf('a1'), IllegalMoveError, /a1 is not on the octagon board/],
  ];
  for (const [call, kind, message] of kinds) {
    assert.throws(call, (e) => e instanceof kind && message.test(e.message), String(call));
  }
  assert.equal(new Game().perft(0), 1);
  assert.equal(new Rules().nameOf(19), 'd3');
  assert.equal(new Rules('octagon').indexOf('c1'), 2);
});

test('after an undo the game goes on: result is "*" until the end of the line again', () => {
  const game = new Game();
  const next = random(11);
  while (!game.isOver) {
    if (game.mustPass) game.pass();
    else game.play(game.legalMoves()[next(game.legalMoves().length)]);
  }
  assert.ok(game.isOver);
  const result = game.result;
  assert.notEqual(result, '*');
  game.undo();
  assert.equal(game.result, '*');
  assert.equal(game.outcome, undefined);
  game.redo();
  assert.equal(game.result, result);
});

test('a move list on rules a move list cannot name: Game.fromMoveList', () => {
  for (const text of ['6x6', 'octagon', '8x8, anti', '8x8, free opening', '8x8, handicap black a1 h8']) {
    const rules = new Rules(text);
    const game = Game.ofRules(rules);
    const next = random(3);
    for (let i = 0; i < 12 && !game.isOver; i++) {
      if (game.mustPass) game.pass();
      else game.play(game.legalMoves()[next(game.legalMoves().length)]);
    }
    const copy = Game.fromMoveList(game.toMoveList(), rules);
    assert.equal(copy.rules.toString(), rules.toString());
    assert.equal(copy.position, game.position, text);
    assert.deepEqual(copy.moves, game.moves);
  }
  assert.throws(() => Game.fromMoveList('f5 f5', new Rules()), (e) => e instanceof RecordError && /f5/.test(e.message));
});
