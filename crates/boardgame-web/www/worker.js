// The bot worker: bots think here, off the page's thread, so that the page keeps answering
// while they search. It loads the same wasm module as the page and keeps one session per
// table (a copy of the page's game with its bots), brought up to date from the page's record
// before each move. The page's side of the protocol is bots.js (BotWorker).
//
// Page → worker:
//   {type: "network", bytes}
//       The engine's network (the bytes of pkg/ataxx.nnue, an ArrayBuffer), which the page
//       fetched once; sent before the first engine request to each worker.
//   {type: "move", id, table, record, spec, seed}
//       The move of the bot `spec` for the player to move at the end of `record` (the page
//       session's record(), one JSON line), its randomness seeded with `seed`
//       (moveSeed()). `table` names the page's game: a new table starts a new session, so a
//       bot's memory (a search tree, a table) lasts one game.
//       An `engine:` spec is played by the engine's own module (boardgame-web-engine, loaded
//       at the first engine request: its simd128 build where the browser validates simd
//       instructions, else the plain one), one engine per table; `seed` seeds the noise of
//       its weak levels (engine:level=beginner and casual).
// Worker → page:
//   {type: "info", id, move, score, end, depth, seldepth, nodes, pv}
//       the engine's progress after each finished iteration: its best move, its score for
//       the side to move in hundredths of a stone (`end`: plies to a proven end, positive
//       when the side to move wins, else null), the depth, nodes and expected line
//   {type: "move", id, move, work, ms, analysis}
//       the move (notation, not played), the bot's search for it (MCTS iterations,
//       expectimax or engine nodes; 0 for the bots that do not search), the milliseconds it
//       took, and for the engine its last report (as in "info", else null)
//   {type: "error", id, message}  the request could not be answered (a bad record or spec)
//
// Cancelling: a worker inside a search reads no message until the search returns, so the
// page cancels by terminating the worker and starting another (bots.js); a reply to a
// request the page no longer waits for is ignored there.

import init, { Session } from "./pkg/boardgame_web.js";

const ready = init();

/** The engine's network, as the page sent it (null until then). */
let network = null;

/** The engine: its module (a promise, once asked for), and one Engine for the table held. */
const engine = { module: null, instance: null, table: null };

/**
 * Whether the browser runs WebAssembly's 128-bit SIMD: the smallest module with a v128
 * instruction (a function returning `v128.const 0`) validates.
 */
function simdSupported() {
  const body = [0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b];
  const module = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b, 3, 2, 1, 0,
    10, body.length + 2, 1, body.length, ...body];
  return WebAssembly.validate(new Uint8Array(module));
}

/** The engine's module, loaded once: the simd128 build where it runs, else the plain one. */
function engineModule() {
  engine.module ??= (async () => {
    const module = await import("./pkg/boardgame_web_engine.js");
    const file = simdSupported() ? "boardgame_web_engine_simd_bg.wasm" : "boardgame_web_engine_bg.wasm";
    await module.default({ module_or_path: new URL(`./pkg/${file}`, import.meta.url) });
    return module;
  })();
  return engine.module;
}

/** The Engine of `table`: made with the network at the table's first engine move. */
async function engineFor(table) {
  const module = await engineModule();
  if (network === null) throw new Error("the engine's network has not arrived from the page");
  if (engine.instance === null) engine.instance = new module.Engine(new Uint8Array(network), ENGINE_HASH_MB);
  if (engine.table !== table) {
    engine.instance.newGame();
    engine.table = table;
  }
  return engine.instance;
}

/** The engine's transposition table, in MiB (the same as `boardgame-uai`'s default). */
const ENGINE_HASH_MB = 16;

/** The table whose session this worker holds. */
const held = { table: null, session: null };

function sessionFor(table, record) {
  if (held.table === table && held.session) {
    held.session.sync(record);
    return held.session;
  }
  if (held.session) held.session.free();
  held.table = null;
  held.session = Session.fromRecord(record);
  held.table = table;
  return held.session;
}

async function move({ id, table, record, spec, seed }) {
  const session = sessionFor(table, record);
  const { seat } = JSON.parse(session.turn());
  if (seat === undefined) throw new Error(`no player is to move: ${session.turn()}`);
  if (spec.startsWith("engine:")) {
    const instance = await engineFor(table);
    // The weak levels' noise (engine:level=beginner, casual) from the page's seed of this
    // move, as the other bots' randomness: the same game asks the same question, the same
    // answer.
    instance.setSeed(seed);
    const report = JSON.parse(instance.think(session.state(), spec,
      (info) => postMessage({ type: "info", id, ...JSON.parse(info) })));
    const { ms, ...analysis } = report;
    postMessage({ type: "move", id, move: report.move, work: report.nodes, ms, analysis });
    return;
  }
  if (session.seat(seat) !== spec) session.setSeat(seat, spec);
  const start = performance.now();
  const answer = JSON.parse(session.think(seed));
  const ms = performance.now() - start;
  postMessage({ type: "move", id, move: answer.move, work: answer.work, ms, analysis: null });
}

self.onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.type === "network") network = data.bytes;
    else if (data.type === "move") await move(data);
    else throw new Error(`unknown request ${JSON.stringify(data.type)}`);
  } catch (error) {
    postMessage({ type: "error", id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
};
