// The demo page: the package's Game drives the board, bots think in a worker
// (BotWorker), and every square is a button named by the library's square name.
import init, { Game, Rules, BotWorker } from '../pkg/index.js';

await init();

/** The seats' choices: [spec, label, most players it plays]. */
const PLAYERS = [
  ['human', 'Human', 4],
  ['random', 'Random', 4],
  ['greedy', 'Greedy', 4],
  ['mcts:playouts=2000', 'MCTS, 2,000 playouts', 4],
  ['alphabeta:depth=6', 'Alpha-beta, depth 6', 2],
  ['alphabeta:depth=30:time=1000', 'Alpha-beta, 1 s a move', 2],
];

const settings = document.querySelector('#settings');
const seatsBox = document.querySelector('#seats');
const boardBox = document.querySelector('#board');
const status = document.querySelector('[data-status]');
const scores = document.querySelector('#scores');
const moves = document.querySelector('#moves');
const recordBox = document.querySelector('#record');
const errorBox = document.querySelector('[data-error]');
const button = (action) => document.querySelector(`[data-action="${action}"]`);

let game;
/** The seat of each colour: "human" or a bot spec. */
let seats = {};
/** Bumped at every change of the game: a bot's answer for an older one is dropped. */
let generation = 0;
let bots;
/** The square buttons by name. */
let squares = new Map();

/** The seat selects for the colours of `rules`, keeping the choices made. */
function showSeats(rules, chosen = {}) {
  seatsBox.querySelectorAll('label').forEach((label) => label.remove());
  rules.colors.forEach((color, i) => {
    const label = document.createElement('label');
    label.textContent = `${color} `;
    const select = document.createElement('select');
    select.dataset.seat = color;
    for (const [spec, text, most] of PLAYERS) {
      if (rules.players <= most) select.add(new Option(text, spec));
    }
    const fallback = i === 1 && rules.players === 2 ? 'alphabeta:depth=6' : 'human';
    select.value = chosen[color] ?? fallback;
    label.append(select);
    seatsBox.append(label);
  });
}

function chosenSeats() {
  const chosen = {};
  seatsBox.querySelectorAll('select').forEach((s) => (chosen[s.dataset.seat] = s.value));
  return chosen;
}

/** The board's buttons for the squares of `rules` (gaps where the octagon has none). */
function buildBoard(rules) {
  boardBox.replaceChildren();
  boardBox.style.gridTemplateColumns = `repeat(${rules.width}, 1fr)`;
  squares = new Map();
  const onBoard = new Set(rules.squares);
  for (let row = 0; row < rules.width; row++) {
    for (let column = 0; column < rules.width; column++) {
      const name = String.fromCharCode(97 + column) + (row + 1);
      if (!onBoard.has(name)) {
        boardBox.append(Object.assign(document.createElement('div'), { ariaHidden: 'true' }));
        continue;
      }
      const square = document.createElement('button');
      square.type = 'button';
      square.dataset.square = name;
      boardBox.append(square);
      squares.set(name, square);
    }
  }
}

function human() {
  return seats[game.turn] === 'human';
}

/** Shows the game as it stands. */
function render() {
  const over = game.isOver;
  const legal = new Set(over || !human() ? [] : game.legalMoves());
  const history = game.history;
  const last = history.at(-1)?.move;
  for (const { square, cell } of game.board()) {
    const button = squares.get(square);
    button.dataset.cell = cell;
    button.toggleAttribute('data-legal', legal.has(square));
    button.toggleAttribute('data-last', square === last);
    button.ariaLabel = `${square}, ${cell}${legal.has(square) ? ', legal move' : ''}${square === last ? ', last move' : ''}`;
  }
  if (over) {
    status.textContent = game.result;
  } else {
    const thinking = human() ? '' : ' (thinking)';
    status.textContent = game.mustPass ? `${game.turn} must pass${thinking}` : `${game.turn} to move${thinking}`;
  }
  scores.textContent = Object.entries(game.scores)
    .map(([color, n]) => `${color} ${n}`)
    .join(' · ');
  moves.textContent = game.moves.join(' ');
  button('pass').disabled = over || !human() || !game.mustPass;
  button('undo').disabled = history.length === 0;
  button('redo').disabled = game.redoMoves.length === 0;
}

/** After a change: shows it, and lets a bot move if one is to move. */
function changed() {
  generation++;
  render();
  if (game.isOver || human()) return;
  const asked = generation;
  bots ??= new BotWorker();
  bots
    .choose(game, seats[game.turn], asked)
    .then((choice) => {
      if (asked !== generation) return;
      game.play(choice.move);
      changed();
    })
    .catch((e) => {
      if (asked === generation) showError(e);
    });
}

function showError(e) {
  errorBox.textContent = e.message ?? String(e);
}

function newGame() {
  const form = new FormData(settings);
  const variant = form.get('variant');
  try {
    const rules = form.get('blocked')
      ? Rules.withBlockedSeed(variant, (Math.random() * 2 ** 32) >>> 0)
      : new Rules(variant);
    seats = chosenSeats();
    game = Game.ofRules(rules);
  } catch (e) {
    showError(e);
    return;
  }
  errorBox.textContent = '';
  buildBoard(game.rules);
  changed();
}

settings.variant.addEventListener('change', () => {
  showSeats(new Rules(settings.variant.value), chosenSeats());
});
settings.addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});

boardBox.addEventListener('click', (event) => {
  const square = event.target.closest('[data-legal]');
  if (!square || !human()) return;
  game.play(square.dataset.square);
  changed();
});
button('pass').addEventListener('click', () => {
  game.pass();
  changed();
});
// Against a bot, undo and redo go back and forth to the next human turn.
const someHuman = () => Object.values(seats).includes('human');
button('undo').addEventListener('click', () => {
  do game.undo();
  while (someHuman() && !human() && game.history.length > 0);
  changed();
});
button('redo').addEventListener('click', () => {
  do game.redo();
  while (someHuman() && !human() && game.redoMoves.length > 0);
  changed();
});
button('load').addEventListener('click', () => {
  let loaded;
  try {
    loaded = Game.load(recordBox.value);
  } catch (e) {
    // The game on the board stays as it was.
    showError(e);
    return;
  }
  errorBox.textContent = '';
  game = loaded;
  // A loaded game is for replaying: every seat human, undo and redo to step.
  seats = Object.fromEntries(game.rules.colors.map((c) => [c, 'human']));
  showSeats(game.rules, seats);
  buildBoard(game.rules);
  changed();
});
button('copy').addEventListener('click', async () => {
  recordBox.value = game.toRecord();
  try {
    await navigator.clipboard.writeText(recordBox.value);
  } catch {
    // No clipboard here (an insecure page, a denied permission): the record is in the box.
  }
});

showSeats(new Rules(settings.variant.value));
newGame();
