// Speed of the package in Node.js, beside the native figures of
//   cargo run --release -p reversi-web --example native_peer
// which runs the same perft and the same random games (the same xorshift32
// draws, so the same moves: both print the number of moves played).
// Run `node web/bench/speed.mjs` after web/build.sh.
import init, { Game } from '../pkg/index.js';

await init();
const start = new Game('8x8');
for (const depth of [9, 9, 9, 11]) {
  const t = performance.now();
  const leaves = start.perft(depth);
  const s = (performance.now() - t) / 1000;
  console.log(`perft depth ${depth}: ${leaves} leaves ${s.toFixed(3)} s ${(leaves / s / 1e6).toFixed(1)} M leaves/s`);
}
// Random 8x8 games through the API a front end uses: legal moves by name, play
// by name (which returns the flips).
let x = 2463534242;
const games = 20000;
for (let round = 0; round < 3; round++) {
  let moves = 0;
  const t = performance.now();
  for (let g = 0; g < games; g++) {
    const game = new Game(); // 8x8, as the native Game::new(Rules::default())
    while (!game.isOver) {
      if (game.mustPass) {
        game.pass();
        continue;
      }
      const legal = game.legalMoves();
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      game.play(legal[x % legal.length]);
      moves++;
    }
    game.free();
  }
  const s = (performance.now() - t) / 1000;
  console.log(`random games: ${(games / s).toFixed(0)} games/s (${moves} moves)`);
}
