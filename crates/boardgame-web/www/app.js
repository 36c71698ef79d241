// The playground page: one game session from the wasm module, its controls and its board.
// All rules live in Rust; this file only asks the session and shows what it answers.

import { drawBoard, seatColour } from "./boards/index.js";
import { drawDice } from "./dice.js";
import { click, clickPath, nextCells, isPass } from "./clicks.js";
import { fillSetup, settingsJson, fillSeats } from "./setup.js";

const $ = (id) => document.getElementById(id);

/** The wasm module's exports: `catalog` and `Session` (see API.md), once loaded. */
let catalog;
let Session;

const page = {
  /** The parsed `catalog()`. */
  games: [],
  /** The session on the board. */
  session: null,
  /** Who sits at each seat ("human" or a bot spec), kept across new games. */
  seats: [],
  /** Cells clicked so far towards a move, and the moves they still allow (null: all). */
  clicked: [],
  candidates: null,
  /** The Auto timer, while Auto runs. */
  auto: null,
};

const messageOf = (error) => (error instanceof Error ? error.message : String(error));
const entryOf = (game) => page.games.find((entry) => entry.game === game);
const defaultSeat = (seat) => (seat === 0 ? "human" : "greedy");

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
  const previous = page.session;
  page.session = session;
  page.clicked = [];
  page.candidates = null;
  const view = JSON.parse(session.view());
  for (const { seat } of view.seats) {
    const who = page.seats[seat] ?? defaultSeat(seat);
    try {
      session.setSeat(seat, who);
      page.seats[seat] = who;
    } catch (error) {
      page.seats[seat] = "human";
      notice(`seat ${seat}: ${messageOf(error)}`);
    }
  }
  fillSeats($("seats"), view.seats, entryOf(session.game()).bots, page.seats, chooseSeat,
    (seat) => seatColour(view.game, seat));
  if (previous) previous.free();
  render();
}

function chooseSeat(seat, who) {
  try {
    page.session.setSeat(seat, who);
    page.seats[seat] = who;
    notice("");
  } catch (error) {
    notice(messageOf(error));
  }
  render();
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
  $("status").textContent = view.status + (personToMove ? " — your move" : "");
  $("dice").replaceChildren(...(view.dice ? [drawDice(view.dice)] : []));
  $("state").textContent = session.state();

  const result = session.result();
  $("result").hidden = result === undefined;
  $("result").textContent = result === undefined ? "" : `Game over: ${result}`;

  $("step").disabled = turn.kind === "terminal" || personToMove;
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
  return true;
}

/**
 * One automatic event: a roll at a chance node, or the bot's move at a bot's turn (its
 * thinking time shown in `#bot-time`). False when a person is to move or the game is over.
 */
function step() {
  const session = page.session;
  const { turn, personToMove } = situation();
  try {
    if (turn.kind === "chance") {
      session.roll();
    } else if (turn.kind === "player" && !personToMove) {
      const start = performance.now();
      const move = session.botMove();
      const ms = performance.now() - start;
      const timing = $("bot-time");
      timing.dataset.ms = ms.toFixed(3);
      timing.dataset.bot = session.seat(turn.seat);
      timing.textContent = `${session.seat(turn.seat)} chose ${move} in ${ms.toFixed(1)} ms`;
      session.play(move);
    } else {
      return false;
    }
  } catch (error) {
    notice(messageOf(error));
    return false;
  }
  page.clicked = [];
  page.candidates = null;
  render();
  return true;
}

function stopAuto() {
  if (page.auto !== null) clearInterval(page.auto);
  page.auto = null;
  $("auto").setAttribute("aria-pressed", "false");
}

function toggleAuto() {
  if (page.auto !== null) {
    stopAuto();
    return;
  }
  $("auto").setAttribute("aria-pressed", "true");
  page.auto = setInterval(() => {
    if (!step()) stopAuto();
  }, 150);
}

function undo() {
  stopAuto();
  notice(page.session.undo() ? "" : "Nothing to undo: no move made by a person.");
  page.clicked = [];
  page.candidates = null;
  render();
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
  chooseGame(page.games[0].game);
  newGame();
  performance.mark("board-drawn");
  document.body.dataset.ready = "true";
}

main().catch((error) => {
  $("status").textContent = `The playground could not start: ${messageOf(error)}. Build the wasm with scripts/build-web.sh.`;
});
