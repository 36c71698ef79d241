// The playground page: one game session from the wasm module, its controls and its board.
// All rules live in Rust; this file only asks the session and shows what it answers.

import { drawBoard, seatColour } from "./boards/index.js";
import { drawDice } from "./dice.js";
import { click, clickPath, nextCells, isPass } from "./clicks.js";
import { fillSetup, settingsJson, fillSeats, levelOf } from "./setup.js";
import { BotWorker } from "./bots.js";

const $ = (id) => document.getElementById(id);

/** The wasm module's exports: `catalog` and `Session` (see API.md), once loaded. */
let catalog;
let Session;

const page = {
  /** The parsed `catalog()`. */
  games: [],
  /** The session on the board. */
  session: null,
  /** Who sits at each seat ("human" or a bot spec), kept across new games of one game. */
  seats: [],
  /** The game `seats` are for. */
  seatsGame: null,
  /** Cells clicked so far towards a move, and the moves they still allow (null: all). */
  clicked: [],
  candidates: null,
  /** Whether Auto is on (a table of bots plays on by itself). */
  auto: false,
  /** The game on the board, numbered: a new game or a loaded one is a new table. */
  table: 0,
  /** The request in hand: a number while a bot thinks, else null. */
  thinking: null,
  /** Requests made so far (a reply to an older one is ignored). */
  requests: 0,
  /** Runs of the automatic events started so far (an older run stops). */
  runs: 0,
};

/** The worker where bots think (bots.js). */
const bots = new BotWorker();

/** The pause between two automatic events, so that each can be seen. */
const PACE_MS = 150;

const messageOf = (error) => (error instanceof Error ? error.message : String(error));
const entryOf = (game) => page.games.find((entry) => entry.game === game);
const defaultSeat = (game, seat) => (seat === 0 ? "human" : entryOf(game).defaultBot);

function notice(text) {
  $("notice").textContent = text;
}

function clearErrors() {
  for (const id of ["setup-error", "move-error", "paste-error", "notice"]) $(id).textContent = "";
}

/** The seed typed in the form: a whole number 0 ..= 2^53 - 1, else 0. */
function seed() {
  const value = Number($("seed").value);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** Puts `session` on the board, with the seats as chosen, and forgets the previous one. */
function show(session) {
  stopAuto();
  stopThinking();
  const previous = page.session;
  if (page.seatsGame !== session.game()) page.seats = [];
  page.seatsGame = session.game();
  page.session = session;
  page.table += 1;
  page.clicked = [];
  page.candidates = null;
  const view = JSON.parse(session.view());
  for (const { seat } of view.seats) {
    const who = page.seats[seat] ?? defaultSeat(session.game(), seat);
    try {
      session.setSeat(seat, who);
      page.seats[seat] = who;
    } catch (error) {
      page.seats[seat] = "human";
      notice(`seat ${seat}: ${messageOf(error)}`);
    }
  }
  drawSeats();
  if (previous) previous.free();
  showAnalysis(null);
  loadNetworkIfNeeded();
  render();
  run();
}

/** Starts fetching the engine's network when an engine sits at the table (once a page). */
function loadNetworkIfNeeded() {
  if (page.seats.some((who) => who.startsWith("engine:"))) {
    bots.loadNetwork().catch((error) => notice(messageOf(error)));
  }
}

/** A number of plies as a person reads it. */
const plies = (n) => `${n} ${n === 1 ? "ply" : "plies"}`;

/**
 * The engine's verdict on a report (score for the side to move `mover` in hundredths of a
 * stone, `end` the plies to a proven end): "o wins in 5 plies", "x ahead by 1.25 stones",
 * "even". Returned with the score from x's side, in stones, for `data-score`.
 */
function verdictOf(report, mover) {
  const other = mover === "x" ? "o" : "x";
  const forX = mover === "x" ? 1 : -1;
  if (report.end !== null && report.end !== undefined) {
    const winner = report.end > 0 ? mover : other;
    return { text: `${winner} wins in ${plies(Math.abs(report.end))}`, score: forX * Math.sign(report.end) * Infinity };
  }
  const stones = Math.abs(report.score) / 100;
  if (stones < 0.005) return { text: "even", score: 0 };
  const ahead = report.score > 0 ? mover : other;
  return { text: `${ahead} ahead by ${stones.toFixed(2)} ${stones === 1 ? "stone" : "stones"}`, score: forX * report.score / 100 };
}

/**
 * Shows the engine's report `report` (from the worker: score for the side to move in
 * hundredths of a stone, `end` in plies, the expected line) in `#analysis`, as seen by
 * `mover` (the colour to move when the search began); `final`: the report of the move
 * played. null clears it.
 */
function showAnalysis(report, mover = "", final = false) {
  const panel = $("analysis");
  if (!report) {
    panel.replaceChildren("The engine's evaluation and expected line appear here while it thinks.");
    for (const key of ["score", "depth", "pv"]) delete panel.dataset[key];
    return;
  }
  const other = mover === "x" ? "o" : "x";
  const verdict = verdictOf(report, mover);
  panel.dataset.score = String(verdict.score);
  panel.dataset.depth = String(report.depth);
  panel.dataset.pv = report.pv.join(" ");
  const line = (label, text, className) => {
    const row = document.createElement("div");
    row.className = className;
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = `${label} `;
    row.append(name, text);
    return row;
  };
  // The expected line, each move with its colour: the side to move, then the other, in turn.
  const moves = report.pv.map((mv, i) => `${i % 2 === 0 ? mover : other} ${mv}`).join(", ");
  const nodes = report.nodes.toLocaleString("en");
  panel.replaceChildren(
    line("evaluation:", verdict.text, "verdict"),
    line("expected line:", moves || "—", "pv"),
    line(final ? `${mover} played ${report.move};` : `${mover} is thinking;`, `depth ${report.depth}, ${nodes} nodes`, "search"),
  );
}

/** The engine's levels of the catalog's Ataxx entry, as `[spec, name, help]`, weakest first. */
function engineLevels() {
  const entry = entryOf("ataxx");
  if (!entry) return [];
  return entry.bots.map((spec, i) => [spec, levelOf(spec), entry.botNames[i]]).filter(([, level]) => level !== null);
}

/**
 * The one-click games against the engine: a button per level, named for people, which
 * starts a new Ataxx game with a person at x and that level at o.
 */
function drawLevels() {
  const levels = engineLevels();
  $("engine-levels").hidden = levels.length === 0;
  $("level-buttons").replaceChildren(...levels.map(([spec, level, help]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.spec = spec;
    button.textContent = level;
    button.title = help === level ? spec : `${help} (${spec})`;
    button.addEventListener("click", () => playEngine(spec));
    return button;
  }));
}

/** Starts a new Ataxx game: a person (x) against the engine level `spec` (o). */
function playEngine(spec) {
  if ($("game").value !== "ataxx") chooseGame("ataxx");
  page.seats = ["human", spec];
  page.seatsGame = "ataxx";
  newGame();
}

/** Marks the level button of the engine at the table. */
function markLevel() {
  for (const button of $("level-buttons").children) {
    const playing = page.session?.game() === "ataxx" && page.seats.includes(button.dataset.spec);
    button.setAttribute("aria-pressed", String(playing));
  }
}

/** The seat menus, showing who sits where. */
function drawSeats() {
  const view = JSON.parse(page.session.view());
  fillSeats($("seats"), view.seats, entryOf(view.game), page.seats, chooseSeat,
    (seat) => seatColour(view.game, seat));
  markLevel();
  showAnalysisToggle();
}

/** The evaluation's tick box and panel: offered only while an engine sits at the table. */
function showAnalysisToggle() {
  const engine = page.seats.some((who) => who.startsWith("engine:"));
  $("analysis-toggle").hidden = !engine;
  $("analysis").hidden = !engine || !$("show-analysis").checked;
}

function chooseSeat(seat, who) {
  stopThinking();
  try {
    page.session.setSeat(seat, who);
    page.seats[seat] = who;
    notice("");
    drawSeats();
    loadNetworkIfNeeded();
  } catch (error) {
    notice(messageOf(error));
  }
  render();
  run();
}

function newGame() {
  clearErrors();
  try {
    show(new Session($("game").value, $("preset").value, settingsJson($("settings")), seed()));
  } catch (error) {
    $("setup-error").textContent = messageOf(error);
  }
}

function chooseGame(game) {
  $("game").value = game;
  fillSetup(entryOf(game), $("preset"), $("settings"));
}

/** The turn, the legal moves, and whether a person is to move. */
function situation() {
  const session = page.session;
  const turn = JSON.parse(session.turn());
  const moves = JSON.parse(session.moves());
  const personToMove = turn.kind === "player" && session.seat(turn.seat) === "human";
  return { turn, moves, personToMove };
}

/** Whether a person sits at the table (then dice and bots play on by themselves). */
function personAtTable() {
  return page.seats.some((who) => who === "human");
}

function render() {
  const session = page.session;
  const view = JSON.parse(session.view());
  const { turn, moves, personToMove } = situation();
  const candidates = page.candidates ?? moves;

  const marks = { selected: new Set(page.clicked), targets: new Set(), movable: new Set() };
  if (personToMove) {
    if (page.clicked.length) marks.targets = nextCells(candidates, page.clicked);
    else for (const move of moves) if (move.from) marks.movable.add(move.from);
  }
  const board = $("board");
  board.replaceChildren(drawBoard(view, marks));
  board.dataset.game = view.game;
  board.classList.toggle("clickable", personToMove);

  document.body.dataset.turn = turn.kind;
  document.body.toggleAttribute("data-thinking", page.thinking !== null);
  const thinking = page.thinking !== null ? ` — ${botName(session.seat(turn.seat))} is thinking…` : "";
  $("status").textContent = view.status + (personToMove ? " — your move" : thinking);
  $("dice").replaceChildren(...(view.dice ? [drawDice(view.dice)] : []));
  $("state").textContent = session.state();

  const result = session.result();
  $("result").hidden = result === undefined;
  $("result").textContent = result === undefined ? "" : `Game over: ${result}`;

  $("step").disabled = turn.kind === "terminal" || personToMove || page.thinking !== null;
  $("auto").disabled = turn.kind === "terminal";
  const forcedPass = personToMove && moves.length === 1 && isPass(moves[0]);
  $("pass").hidden = !forcedPass;
  $("pass").dataset.notation = forcedPass ? moves[0].notation : "";

  const picked = new Set(page.candidates ?? []);
  $("moves").replaceChildren(...moves.map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move.notation;
    button.dataset.notation = move.notation;
    button.dataset.cells = clickPath(move).join(" ");
    button.disabled = !personToMove;
    if (picked.has(move)) button.classList.add("candidate");
    return button;
  }));

  const events = JSON.parse(session.history());
  $("history").replaceChildren(...events.map((event) => {
    const item = document.createElement("li");
    item.textContent = event;
    return item;
  }));
  $("history").scrollTop = $("history").scrollHeight;
}

/** Plays `notation` at a person's turn; a bad move shows the parser's message. */
function playMove(notation) {
  try {
    page.session.play(notation);
  } catch (error) {
    $("move-error").textContent = messageOf(error);
    return false;
  }
  $("move-error").textContent = "";
  page.clicked = [];
  page.candidates = null;
  render();
  run();
  return true;
}

/** What the menus call the bot `spec` of the game on the board. */
function botName(spec) {
  const level = levelOf(spec);
  if (level !== null) return `the engine (${level})`;
  const entry = entryOf(page.session.game());
  const i = entry.bots.indexOf(spec);
  return i >= 0 ? entry.botNames[i] : spec;
}

/** Stops a bot's search in hand, if any (its move is not played). */
function stopThinking() {
  page.thinking = null;
  bots.cancel();
}

/**
 * One automatic event: a roll at a chance node, or at a bot's turn the bot's move, asked of
 * the worker and played when it answers (its thinking time shown in `#bot-time`). Resolves
 * false when a person is to move, the game is over, a bot is already thinking, or the
 * request was cancelled (a new game, a seat changed, an undo).
 */
async function step() {
  const session = page.session;
  if (page.thinking !== null) return false;
  const { turn, personToMove } = situation();
  if (turn.kind === "chance") {
    try {
      session.roll();
    } catch (error) {
      notice(messageOf(error));
      return false;
    }
  } else if (turn.kind === "player" && !personToMove) {
    const spec = session.seat(turn.seat);
    const mover = JSON.parse(session.view()).seats[turn.seat].colour ?? String(turn.seat);
    const request = ++page.requests;
    page.thinking = request;
    render();
    let answer;
    const onInfo = (info) => {
      if (page.thinking === request) showAnalysis(info, mover);
    };
    try {
      answer = await bots.think({ table: page.table, record: session.record(), spec, seed: session.moveSeed() }, onInfo);
    } catch (error) {
      if (page.thinking !== request) return false;
      page.thinking = null;
      notice(messageOf(error));
      render();
      return false;
    }
    if (page.thinking !== request) return false;
    page.thinking = null;
    if (answer.analysis) showAnalysis(answer.analysis, mover, true);
    const timing = $("bot-time");
    timing.dataset.ms = answer.ms.toFixed(3);
    timing.dataset.bot = spec;
    const work = answer.work ? `, ${answer.work.toLocaleString("en")} nodes or playouts` : "";
    timing.textContent = `${botName(spec)} chose ${answer.move} in ${answer.ms.toFixed(1)} ms${work}`;
    try {
      session.play(answer.move);
    } catch (error) {
      notice(messageOf(error));
      render();
      return false;
    }
  } else {
    return false;
  }
  page.clicked = [];
  page.candidates = null;
  render();
  return true;
}

/**
 * Plays the automatic events one after another while Auto is on or a person sits at the
 * table, until a person is to move or the game ends. A later run stops an earlier one.
 */
async function run() {
  const id = ++page.runs;
  while (id === page.runs && (page.auto || personAtTable())) {
    if (!(await step())) break;
    if (id !== page.runs) return;
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  if (id === page.runs && page.auto) stopAuto();
}

function stopAuto() {
  page.auto = false;
  $("auto").setAttribute("aria-pressed", "false");
}

function toggleAuto() {
  if (page.auto) {
    stopAuto();
    return;
  }
  page.auto = true;
  $("auto").setAttribute("aria-pressed", "true");
  run();
}

function undo() {
  stopAuto();
  stopThinking();
  notice(page.session.undo() ? "" : "Nothing to undo: no move made by a person.");
  page.clicked = [];
  page.candidates = null;
  render();
  run();
}

function download() {
  const session = page.session;
  const blob = new Blob([`${session.record()}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${session.game()}-record.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Loads a pasted record (JSON) or a state string of the game and rules in the form. */
function loadPasted() {
  const text = $("paste-input").value.trim();
  if (text === "") {
    $("paste-error").textContent = "Paste a record (JSON) or a state string first.";
    return;
  }
  let session;
  try {
    session = text.startsWith("{")
      ? Session.fromRecord(text)
      : Session.fromState($("game").value, $("preset").value, settingsJson($("settings")), text, seed());
  } catch (error) {
    $("paste-error").textContent = messageOf(error);
    return;
  }
  clearErrors();
  if (session.game() !== $("game").value) chooseGame(session.game());
  show(session);
}

function clickBoard(event) {
  const target = event.target.closest("[data-cell]");
  if (!target) return;
  const { moves, personToMove } = situation();
  if (!personToMove) return;
  const choice = click(moves, page.clicked, target.dataset.cell);
  if (choice.play) {
    playMove(choice.play.notation);
    return;
  }
  page.clicked = choice.clicked;
  page.candidates = choice.candidates.length ? choice.candidates : null;
  render();
}

function wire() {
  $("game").addEventListener("change", () => {
    chooseGame($("game").value);
    newGame();
  });
  $("new-game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("step").addEventListener("click", step);
  $("auto").addEventListener("click", toggleAuto);
  $("undo").addEventListener("click", undo);
  $("pass").addEventListener("click", () => playMove($("pass").dataset.notation));
  $("download").addEventListener("click", download);
  $("moves").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-notation]");
    if (button) playMove(button.dataset.notation);
  });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (playMove($("move-input").value.trim())) $("move-input").value = "";
  });
  $("paste-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadPasted();
  });
  $("board").addEventListener("click", clickBoard);
  $("show-analysis").addEventListener("change", showAnalysisToggle);
}

async function main() {
  const wasm = await import("./pkg/boardgame_web.js");
  await wasm.default();
  ({ catalog, Session } = wasm);
  page.games = JSON.parse(catalog());
  $("game").replaceChildren(...page.games.map(({ game }) => {
    const node = document.createElement("option");
    node.value = game;
    node.textContent = game;
    return node;
  }));
  wire();
  drawLevels();
  chooseGame(page.games[0].game);
  newGame();
  performance.mark("board-drawn");
  document.body.dataset.ready = "true";
}

main().catch((error) => {
  $("status").textContent = `The playground could not start: ${messageOf(error)}. Build the wasm with scripts/build-web.sh.`;
});
