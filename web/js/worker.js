// The Web Worker that BotWorker starts: it loads the engine module, reads each
// game from its record and answers with the bot's choice.
import initEngine, { Bot, Game } from './engine.js';

const ready = initEngine();
const bots = new Map();

self.onmessage = async ({ data }) => {
  const { id, record, spec, seed } = data;
  try {
    await ready;
    const key = `${spec}\u0000${seed}`;
    if (!bots.has(key)) bots.set(key, new Bot(spec, seed));
    const choice = bots.get(key).choose(Game.load(record));
    self.postMessage({ id, choice });
  } catch (e) {
    self.postMessage({ id, error: { name: e.name ?? 'Error', message: e.message ?? String(e) } });
  }
};
