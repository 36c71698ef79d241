// The bot worker: bots think here, off the page's thread, so that the page keeps answering
// while they search. It loads the same wasm module as the page and keeps one session per
// table (a copy of the page's game with its bots), brought up to date from the page's record
// before each move. The page's side of the protocol is bots.js (BotWorker).
//
// Page → worker:
//   {type: "move", id, table, record, spec, seed}
//       The move of the bot `spec` for the player to move at the end of `record` (the page
//       session's record(), one JSON line), its randomness seeded with `seed`
//       (moveSeed()). `table` names the page's game: a new table starts a new session, so a
//       bot's memory (a search tree, a table) lasts one game.
// Worker → page:
//   {type: "info", id, ...}       progress while it thinks (a search that reports it)
//   {type: "move", id, move, work, ms}
//       the move (notation, not played), the bot's search for it (MCTS iterations,
//       expectimax nodes; 0 for the bots that do not search) and the milliseconds it took
//   {type: "error", id, message}  the request could not be answered (a bad record or spec)
//
// Cancelling: a worker inside a search reads no message until the search returns, so the
// page cancels by terminating the worker and starting another (bots.js); a reply to a
// request the page no longer waits for is ignored there.

import init, { Session } from "./pkg/boardgame_web.js";

const ready = init();

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

function move({ id, table, record, spec, seed }) {
  const session = sessionFor(table, record);
  const { seat } = JSON.parse(session.turn());
  if (seat === undefined) throw new Error(`no player is to move: ${session.turn()}`);
  if (session.seat(seat) !== spec) session.setSeat(seat, spec);
  const start = performance.now();
  const answer = JSON.parse(session.think(seed));
  const ms = performance.now() - start;
  postMessage({ type: "move", id, move: answer.move, work: answer.work, ms });
}

self.onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.type === "move") move(data);
    else throw new Error(`unknown request ${JSON.stringify(data.type)}`);
  } catch (error) {
    postMessage({ type: "error", id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
};
