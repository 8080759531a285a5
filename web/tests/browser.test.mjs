// The demo page in a real browser: Debian's chromium, headless, driven through
// playwright-core. Whole games are played by clicking the page's squares, and
// what the page shows is checked against the package run here in Node.js.
// Needs web/build.sh first; without a chromium it skips, unless
// REVERSI_BROWSER_TEST=required (as .ci/run sets it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { Game, RecordError } from '../pkg/index.js';
import { read } from './helpers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.REVERSI_BROWSER_TEST === 'required';
const skip = !required && !existsSync(executablePath) && `no browser at ${executablePath}`;
const shots = fileURLToPath(new URL('../../target/web/', import.meta.url));

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

let server;
let browser;
let base;

before(async () => {
  if (skip) return;
  // The web folder, served as `python3 -m http.server -d web` would.
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/demo/`;
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page with the demo loaded and its first game started. */
async function open() {
  const page = await browser.newPage({ viewport: { width: 800, height: 1100 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(base);
  await page.locator('[data-square]').first().waitFor();
  page.problems = problems;
  return page;
}

/** Starts a game of `variant` with the given seats. */
async function newGame(page, variant, seats, blocked = false) {
  await page.selectOption('select[name="variant"]', variant);
  for (const [color, spec] of Object.entries(seats)) {
    await page.selectOption(`select[data-seat="${color}"]`, spec);
  }
  await page.setChecked('input[name="blocked"]', blocked);
  await page.getByRole('button', { name: 'New game' }).click();
}

const statusText = (page) => page.locator('[data-status]').textContent();

/** Waits until no bot thinks, and gives the status. */
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('[data-status]').textContent.includes('thinking'));
  return statusText(page);
}

/** What each square holds, as the page shows it. */
function cells(page) {
  return page.$$eval('[data-square]', (all) => all.map((b) => `${b.dataset.square}=${b.dataset.cell}`).join(' '));
}

/** The page's record, read back through the Copy record button. */
async function record(page) {
  await page.getByRole('button', { name: 'Copy record' }).click();
  return page.inputValue('#record');
}

/** Plays the human seats by clicking the first legal square (or Pass) until the end. */
async function playOut(page) {
  for (let clicks = 0; clicks < 200; clicks++) {
    const status = await settled(page);
    if (!/ (to move|must pass)$/.test(status)) return status;
    if (status.endsWith('must pass')) {
      await page.getByRole('button', { name: 'Pass' }).click();
    } else {
      await page.locator('[data-legal]').first().click();
    }
  }
  throw new Error('the game did not end in 200 clicks');
}

/** The result notation: the winner or draw, then the scores. */
const RESULT = /^(black|white|red|green|draw) \d+(-\d+)+$/;

test('8x8 against a bot, to the end, by clicking', { skip, timeout: 240_000 }, async () => {
  const page = await open();
  await newGame(page, '8x8', { black: 'human', white: 'alphabeta:depth=6' });
  assert.equal(await statusText(page), 'black to move');
  assert.equal(await page.locator('[data-legal]').count(), 4);
  assert.equal(await page.getAttribute('[data-square="d3"]', 'aria-label'), 'd3, empty, legal move');
  const status = await playOut(page);
  assert.match(status, RESULT);
  // The page's record replays, in the package here, to the result it shows.
  const game = Game.load(await record(page));
  assert.equal(game.result, status);
  assert.ok(game.isOver);
  const drawn = game.board().map((c) => `${c.square}=${c.cell}`).join(' ');
  assert.equal(await cells(page), drawn);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}final-position.png`, fullPage: true });
  console.log(`8x8 against alpha-beta: ${status}; screenshot ${shots}final-position.png`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the page answers at once while a bot thinks in its worker', { skip, timeout: 60_000 }, async () => {
  const page = await open();
  await newGame(page, '8x8', { black: 'human', white: 'alphabeta:depth=30:time=1000' });
  await page.click('[data-square="f5"]');
  assert.equal(await statusText(page), 'white to move (thinking)');
  // Frames while the bot thinks for a second: the longest gap between two.
  const longestFrame = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = performance.now();
        let longest = 0;
        const end = last + 600;
        const frame = (now) => {
          longest = Math.max(longest, now - last);
          last = now;
          if (now < end) requestAnimationFrame(frame);
          else resolve(longest);
        };
        requestAnimationFrame(frame);
      }),
  );
  // A click (Undo) while it thinks: handled and drawn in one go.
  const click = await page.evaluate(() => {
    const start = performance.now();
    document.querySelector('[data-action="undo"]').click();
    return performance.now() - start;
  });
  assert.equal(await statusText(page), 'black to move');
  // The bot's late answer is dropped: the game stays at the start.
  await page.waitForTimeout(1500);
  assert.equal(await page.textContent('#moves'), '');
  assert.equal(await page.locator('[data-legal]').count(), 4);
  console.log(`while the bot thinks: longest frame ${longestFrame.toFixed(1)} ms, an Undo click ${click.toFixed(1)} ms`);
  await page.close();
});

test('the four-player octagon with blocked squares, hot-seat, to the end', { skip, timeout: 120_000 }, async () => {
  const page = await open();
  const seats = { black: 'human', white: 'human', red: 'human', green: 'human' };
  await page.selectOption('select[name="variant"]', 'octagon, 4 players');
  await newGame(page, 'octagon, 4 players', seats, true);
  assert.equal(await page.locator('[data-square]').count(), 88);
  const blocked = await page.locator('[data-cell="blocked"]').count();
  assert.ok(blocked >= 1 && blocked <= 4, `${blocked} blocked squares`);
  assert.equal(await statusText(page), 'black to move');
  const status = await playOut(page);
  assert.match(status, RESULT);
  const game = Game.load(await record(page));
  assert.equal(game.rules.players, 4);
  assert.equal(game.rules.blocked.length, blocked);
  assert.equal(game.result, status);
  console.log(`octagon, 4 players, ${blocked} blocked: ${status} after ${game.moves.length} moves`);
  await page.close();
});

test('undo and redo put the board back', { skip, timeout: 60_000 }, async () => {
  const page = await open();
  await newGame(page, '8x8', { black: 'human', white: 'human' });
  for (const square of ['f5', 'd6', 'c3']) await page.click(`[data-square="${square}"]`);
  const before = await cells(page);
  await page.click('[data-square="d3"]');
  const played = await cells(page);
  assert.notEqual(played, before);
  assert.equal(await page.getAttribute('[data-square="d3"]', 'data-last'), '');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await cells(page), before);
  assert.equal(await statusText(page), 'white to move');
  assert.equal(await page.textContent('#moves'), 'f5 d6 c3');
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await cells(page), played);
  assert.equal(await page.textContent('#moves'), 'f5 d6 c3 d3');
  await page.close();
});

test('a pasted record replays; a bad one is refused with its message and the game kept', { skip, timeout: 60_000 }, async () => {
  const page = await open();
  const line = read('ggs/TestGames.ggf').split('\n')[0];
  const ggf = line.slice(line.indexOf('('));
  const expected = Game.load(ggf);
  await page.fill('#record', ggf);
  await page.getByRole('button', { name: 'Load' }).click();
  assert.equal(await page.textContent('[data-error]'), '');
  assert.equal(await page.textContent('#moves'), expected.moves.join(' '));
  assert.equal(await cells(page), expected.board().map((c) => `${c.square}=${c.cell}`).join(' '));
  assert.equal(await statusText(page), expected.result);

  const kept = await cells(page);
  const bad = 'f5 d6 c3 z9';
  const message = (() => {
    try {
      Game.load(bad);
    } catch (e) {
      assert.ok(e instanceof RecordError);
      return e.message;
    }
    throw new Error('the bad record loaded');
  })();
  await page.fill('#record', bad);
  await page.getByRole('button', { name: 'Load' }).click();
  assert.equal(await page.textContent('[data-error]'), message);
  assert.equal(await page.getAttribute('[data-error]', 'role'), 'alert');
  assert.equal(await cells(page), kept);
  assert.equal(await page.textContent('#moves'), expected.moves.join(' '));
  console.log(`a bad record: "${message}"`);
  await page.close();
});
