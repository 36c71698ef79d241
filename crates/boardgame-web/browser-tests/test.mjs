// Browser test of the web playground: Debian's headless Chromium, driven by playwright-core.
//
//   node test.mjs [--bin PATH] [--chromium PATH] [--images DIR] [--no-screenshots] [--only PARTS]
//                 [--engine-spec SPEC] [--uai PATH] [--bench-depth D]
//
// Starts `boardgame web --port 0` (the binary: --bin, else $BOARDGAME_BIN, else
// target/release/boardgame), opens the page, and for every game plays a seeded bot game by
// clicking Step, a person's moves by clicking cells, a forced pass by clicking Pass, and
// feeds bad input. After every event it reads the page's `#state`; at the end it downloads
// the record, replays it with `boardgame replay FILE --states` (the rules crates, not the
// page) and requires the two lists of states to be equal. Any console error or page error
// fails the run. It prints the first paint, the greedy bot's move times and saves a
// screenshot of each game to docs/images/<game>.png.

import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");

function argument(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const BIN = resolve(argument("--bin", process.env.BOARDGAME_BIN ?? join(root, "target/release/boardgame")));
const CHROMIUM = argument("--chromium", process.env.CHROMIUM ?? "/usr/bin/chromium");
const IMAGES = resolve(argument("--images", join(root, "docs/images")));
const SCREENSHOTS = !process.argv.includes("--no-screenshots");
/**
 * `--only a,b`: run only these parts (games, person, input, responsiveness, levels, engine,
 * speed);
 * by default all but speed, which needs the native engine (`--uai`).
 */
const ONLY = argument("--only", null)?.split(",") ?? null;
const part = (name) => (ONLY === null ? name !== "speed" : ONLY.includes(name));
/**
 * The engine's spec in the engine game (`--engine-spec`): the strongest level, a second a
 * move (a whole game against alphabeta:depth=3 took 33 s: 39 engine moves, 2026-12-06).
 */
const ENGINE_GAME_SPEC = argument("--engine-spec", "engine:level=master");
/**
 * The native engine (`--uai`, else $BOARDGAME_UAI, else target/debug/boardgame-uai: the
 * same-move check of the engine part uses it; the speed part wants a release build), and the
 * speed part's bench depth (`--bench-depth`).
 */
const UAI = resolve(argument("--uai", process.env.BOARDGAME_UAI ?? join(root, "target/debug/boardgame-uai")));
const BENCH_DEPTH = Number(argument("--bench-depth", "12"));
const CHROMIUM_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/**
 * The games, each with its rules, seed, event cap, the event to take the screenshot from, the
 * bots, and for Ataxx a start position with blockers pasted before the bots play.
 */
const GAMES = [
  { game: "ataxx", preset: "default", settings: {}, seed: 11, cap: 400, shot: 24, bot: "greedy", start: "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" },
  { game: "thax", preset: "classic", settings: {}, seed: 12, cap: 400, shot: 30, bot: "greedy" },
  { game: "parchis", preset: "spanish", settings: {}, seed: 13, cap: 150, shot: 110, bot: "greedy" },
  { game: "co-ca-ngua", preset: "traditional", settings: { players: "4" }, seed: 14, cap: 150, shot: 110, bot: "greedy" },
];

const work = mkdtempSync(join(tmpdir(), "boardgame-web-test-"));
let passed = 0;
let failed = 0;
const failures = [];
const consoleErrors = [];

function check(name, ok, detail = "") {
  if (ok) {
    passed += 1;
    console.log(`ok    ${name}`);
  } else {
    failed += 1;
    failures.push(name);
    console.log(`FAIL  ${name}${detail ? `\n      ${detail}` : ""}`);
  }
}

/** Starts `boardgame web --port 0` and resolves with its address once it prints it. */
function startServer() {
  const server = spawn(BIN, ["web", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolveUrl, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error(`no address from ${BIN} web within 20 s: ${text}`)), 20000);
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolveUrl({ server, url: match[0] });
      }
    });
    server.on("exit", (code) => reject(new Error(`${BIN} web exited with ${code}: ${text}`)));
  });
}

/** The states `boardgame replay FILE --states` prints for `record` (one per line). */
function replayStates(record, name) {
  const file = join(work, `${name}.json`);
  writeFileSync(file, record.endsWith("\n") ? record : `${record}\n`);
  const out = execFileSync(BIN, ["replay", file, "--states"], { encoding: "utf8" });
  return out.split("\n").filter((line) => line !== "");
}

/** Compares the states the page showed with the rules crates' replay of its record. */
function sameStates(name, shown, replayed) {
  // The replay prints the start state and the state after every event.
  if (shown.length !== replayed.length) {
    check(name, false, `the page showed ${shown.length} states, the replay printed ${replayed.length}`);
    return;
  }
  const first = shown.findIndex((state, i) => state !== replayed[i]);
  check(name, first === -1, first === -1 ? "" : `state ${first}: page ${JSON.stringify(shown[first])}, replay ${JSON.stringify(replayed[first])}`);
}

async function state(page) {
  return (await page.textContent("#state")).trim();
}

async function downloadRecord(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  return readFileSync(await download.path(), "utf8");
}

/** Chooses the game, preset, settings and seed in the form and starts a new game. */
async function newGame(page, { game, preset, settings, seed }) {
  if ((await page.inputValue("#game")) !== game) await page.selectOption("#game", game);
  await page.selectOption("#preset", preset);
  const open = (await page.getAttribute("#settings-box", "open")) !== null;
  if (Object.keys(settings).length && !open) await page.click("#settings-box summary");
  for (const [key, value] of Object.entries(settings)) {
    const field = page.locator(`#setting-${key}`);
    if ((await field.evaluate((node) => node.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  if (Object.keys(settings).length) await page.click("#settings-box summary");
  await page.fill("#seed", String(seed));
  await page.click("#new-game");
}

/** Sets every seat: `who(seat)` is "human" or a bot spec of the seat menu. */
async function setSeats(page, who) {
  const seats = await page.locator("#seats select").count();
  for (let seat = 0; seat < seats; seat++) await page.selectOption(`#seat-${seat}`, who(seat));
  return seats;
}

/** Seats the bot `spec` (typed, any spec) at `seat`: "another spec…", the spec, Enter. */
async function typeSeat(page, seat, spec) {
  await page.selectOption(`#seat-${seat}`, "another spec");
  await page.fill(`#seat-${seat}-spec`, spec);
  await page.press(`#seat-${seat}-spec`, "Enter");
  const seated = await page.inputValue(`#seat-${seat}`);
  if (seated !== spec) throw new Error(`seat ${seat}: typed ${spec}, the menu shows ${seated}: ${await page.textContent("#notice")}`);
}

/** The number of events in the page's history. */
async function events(page) {
  return page.locator("#history li").count();
}

/** Clicks Step and waits for its event: a bot's move comes from the worker, later. */
async function clickStep(page) {
  const before = await events(page);
  await page.click("#step");
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length > n
    || document.getElementById("notice").textContent !== "", before);
}

/**
 * Waits until a person is to move (no bot thinking) or the game is over: with a person at
 * the table, the page rolls and asks the bots by itself.
 */
async function personsTurn(page) {
  await page.waitForFunction(() => document.body.dataset.turn === "terminal"
    || (!document.body.hasAttribute("data-thinking")
      && document.getElementById("status").textContent.endsWith("your move")));
}

/** The number of events so far and the state on the page. */
async function observe(page) {
  return { events: await events(page), state: await state(page) };
}

/**
 * Compares states the page showed after a known number of events with the rules crates'
 * replay of its record (which prints the start state and the state after every event).
 */
function sameObserved(name, seen, replayed) {
  const wrong = seen.find(({ events: n, state: shown }) => replayed[n] !== shown);
  check(name, seen.length > 0 && wrong === undefined, wrong === undefined ? `${seen.length} observations`
    : `after ${wrong.events} events: page ${JSON.stringify(wrong.state)}, replay ${JSON.stringify(replayed[wrong.events])}`);
}

/** Clicks the board cell `id`: the piece on it if there is one, else the cell itself. */
async function clickCell(page, id) {
  const piece = page.locator(`#board .piece[data-cell="${id}"]`);
  const target = (await piece.count()) ? piece.first() : page.locator(`#board [data-cell="${id}"]`).first();
  await target.click({ force: true });
}

/** What each board must draw, as [what, CSS selector, count] for the rules in GAMES. */
const BOARD_SHAPES = {
  ataxx: [["squares", "rect.square", 49], ["blockers of the start position", "rect.blocked", 4]],
  thax: [["spaces (1-5 on two sides)", "rect.space", 10], ["slots (three per space)", ".thax-slot, .thax-piece", 30]],
  parchis: [["track squares", "rect.square:not(.home)", 68], ["safe-square marks", ".safe-mark", 12],
    ["home-column squares", "rect.home", 28], ["nests", "rect.nest", 4], ["goal triangles", "polygon.goal", 4]],
  "co-ca-ngua": [["track squares", "rect.track", 48], ["chuồng steps (4 × 6)", "rect.lane", 24],
    ["nests", "rect.nest", 4], ["faded inner-board squares", "rect.faded", 8 + 4 + 4 + 1]],
};

async function checkBoardShape(page, game) {
  for (const [what, selector, count] of BOARD_SHAPES[game]) {
    const drawn = await page.locator(`#board ${selector}`).count();
    check(`${game}: the board draws ${count} ${what}`, drawn === count, `${drawn} drawn`);
  }
}

/** A seeded bot-against-bot game played by clicking Step; returns the bot move times. */
async function botGame(page, spec) {
  // Seats first, then the game: with no person at the table nothing moves until Step.
  await newGame(page, spec);
  await setSeats(page, () => spec.bot);
  await newGame(page, spec);
  if (spec.start) {
    // From a pasted start position (Ataxx with blockers): the record carries it.
    await page.fill("#paste-input", spec.start);
    await page.click("#paste-load");
    check(`${spec.game}: the pasted start position is on the board`, (await state(page)) === spec.start);
  }
  await checkBoardShape(page, spec.game);
  const shown = [await state(page)];
  const times = [];
  let shot = false;
  for (let events = 0; events < spec.cap; events++) {
    if (await page.isDisabled("#step")) break;
    const turn = await page.getAttribute("body", "data-turn");
    await clickStep(page);
    shown.push(await state(page));
    if (turn === "player") times.push(Number(await page.getAttribute("#bot-time", "data-ms")));
    // The screenshot: from the given event on, the first position with dice or a move to show.
    if (SCREENSHOTS && !shot && events + 1 >= spec.shot && (await page.getAttribute("body", "data-turn")) === "player") {
      await screenshot(page, spec.game);
      shot = true;
    }
  }
  const finished = await page.isDisabled("#step");
  if (finished) {
    const banner = await page.textContent("#result");
    check(`${spec.game}: the game-over banner shows the result`, await page.isVisible("#result") && banner.startsWith("Game over: "), banner);
  }
  if (SCREENSHOTS && !shot) await screenshot(page, spec.game);
  const record = await downloadRecord(page);
  sameStates(`${spec.game}: ${shown.length - 1} bot events clicked with Step (${finished ? "to the end" : `cap ${spec.cap}`}), every page state equals the replay of the downloaded record`,
    shown, replayStates(record, `${spec.game}-bots`));
  return times;
}

/**
 * A person (seat 0) against bots: the page rolls and the bots move by themselves until seat
 * 0 is to move; then the test makes a move by clicking its cells (a forced pass by clicking
 * Pass), a few times; every state seen is checked against the replay of the record.
 */
async function personGame(page, spec) {
  const game = { ...spec, seed: spec.seed + 100 };
  await newGame(page, game);
  await setSeats(page, (seat) => (seat === 0 ? "human" : spec.bot));
  await newGame(page, game);
  const seen = [];
  let clicked = 0;
  let passes = 0;
  let beforeLastMove = null;
  for (let turns = 0; turns < 400 && clicked < 3; turns++) {
    await personsTurn(page);
    const now = await observe(page);
    seen.push(now);
    if ((await page.getAttribute("body", "data-turn")) === "terminal") break;
    if (await page.isVisible("#pass")) {
      beforeLastMove = now.state;
      await page.click("#pass");
      passes += 1;
      continue;
    }
    // The last listed move that clicks alone can pick: its cells start no other move's.
    const moves = await page.$$eval("#moves button", (buttons) => buttons.map((b) => ({
      notation: b.dataset.notation, cells: b.dataset.cells.split(" ").filter(Boolean),
    })));
    const startsOther = (move) => moves.some((other) => other !== move
      && other.cells.length >= move.cells.length && move.cells.every((c, i) => other.cells[i] === c));
    const chosen = moves.filter((move) => move.cells.length && !startsOther(move)).at(-1) ?? null;
    if (!chosen) break;
    beforeLastMove = now.state;
    for (const cell of chosen.cells) {
      if ((await events(page)) !== now.events) break;
      await clickCell(page, cell);
    }
    const played = await page.locator("#history li").nth(now.events).textContent();
    check(`${spec.game}: clicking ${chosen.cells.join(" then ")} plays ${chosen.notation}`, played === chosen.notation, `the event is ${played}`);
    clicked += 1;
  }
  await personsTurn(page);
  seen.push(await observe(page));
  const record = await downloadRecord(page);
  sameObserved(`${spec.game}: a person's ${clicked} clicked moves and ${passes} passes, the rolls and the bots' moves played by the page in between, every state seen equals the replay`,
    seen, replayStates(record, `${spec.game}-person`));
  if (beforeLastMove !== null) {
    await page.click("#undo");
    check(`${spec.game}: Undo goes back to the state before the person's last move`, (await state(page)) === beforeLastMove);
  }
  return clicked;
}

/** Ataxx: x has no move (walled in by o), so the only move is the pass; click Pass. */
async function forcedPass(page) {
  await newGame(page, { game: "ataxx", preset: "default", settings: {}, seed: 1 });
  await setSeats(page, (seat) => (seat === 0 ? "human" : "greedy"));
  await page.fill("#paste-input", "7/7/7/7/ooo4/ooo4/xoo4 x 0 1");
  await page.click("#paste-load");
  const seen = [await observe(page)];
  check("forced pass: a pasted Ataxx position where x cannot move offers Pass", await page.isVisible("#pass"));
  await page.click("#pass");
  await personsTurn(page);
  seen.push(await observe(page));
  const first = await page.locator("#history li").first().textContent();
  check("forced pass: clicking Pass plays the pass 0000, and the bot answers by itself", first === "0000" && seen[1].events >= 2, `the events: ${first}, … (${seen[1].events})`);
  sameObserved("forced pass: the page's states equal the replay of its record (with its start position)",
    seen, replayStates(await downloadRecord(page), "ataxx-pass"));
}

/** Bad state, bad record, bad move: the message shows next to the field, the game stays. */
async function badInput(page) {
  await newGame(page, { game: "ataxx", preset: "default", settings: {}, seed: 1 });
  await setSeats(page, () => "human");
  const before = await state(page);
  const cases = [
    ["a pasted state that does not parse", "#paste-input", "x5o/7/7/7/7/7/o5 x 0 1", "#paste-load", "#paste-error"],
    ["a pasted record that does not parse", "#paste-input", '{"game":"ataxx","record":{"config":{"ply_clock":true},"events":[{"move":"z9"}]}}', "#paste-load", "#paste-error"],
    ["a typed move that does not parse", "#move-input", "z9", "#move-play", "#move-error"],
    ["a typed move that is illegal", "#move-input", "d4", "#move-play", "#move-error"],
  ];
  for (const [what, field, text, button, slot] of cases) {
    await page.fill(field, text);
    await page.click(button);
    const message = (await page.textContent(slot)).trim();
    const sameForm = await page.evaluate(([f, s]) => document.querySelector(f).form === document.querySelector(s).closest("form"), [field, slot]);
    check(`bad input: ${what} shows its message next to the field ("${message}")`, message.length > 0 && sameForm);
    check(`bad input: ${what} leaves the game unchanged`, (await state(page)) === before);
    await page.fill(field, "");
  }
}

/**
 * The greedy bot's move time in the page's wasm, finer than the page's own timing (Chromium
 * rounds performance.now() to 0.1 ms here): a session of `spec`'s game with greedy seats,
 * and at each decision `repeat` calls of botMove() timed together (the position does not
 * change; only the generator moves on), then one move played; up to `limit` decisions.
 */
async function greedyTimes(page, spec, repeat = 200, limit = 60) {
  return page.evaluate(async ({ game, preset, settings, seed, repeat, limit }) => {
    const wasm = await import("./pkg/boardgame_web.js");
    await wasm.default();
    const session = new wasm.Session(game, preset, JSON.stringify(settings), seed);
    const seats = JSON.parse(session.view()).seats.length;
    for (let seat = 0; seat < seats; seat++) session.setSeat(seat, "greedy");
    const times = [];
    for (let events = 0; events < 2000 && times.length < limit; events++) {
      const turn = JSON.parse(session.turn()).kind;
      if (turn === "terminal") break;
      if (turn === "chance") {
        session.roll();
        continue;
      }
      const start = performance.now();
      let move;
      for (let i = 0; i < repeat; i++) move = session.botMove();
      times.push((performance.now() - start) / repeat);
      session.play(move);
    }
    session.free();
    return times;
  }, { ...spec, repeat, limit });
}

/** Seats `spec` at x (a person at o) on a new Ataxx game: the bot starts thinking at once. */
async function botToMove(page, spec, seed) {
  await newGame(page, { game: "ataxx", preset: "default", settings: {}, seed });
  await setSeats(page, () => "human");
  await newGame(page, { game: "ataxx", preset: "default", settings: {}, seed });
  await typeSeat(page, 0, spec);
}

/** Waits for the move of the bot `spec` and returns its thinking time in the worker. */
async function botMoveTime(page, spec, timeout = 60000) {
  await page.waitForFunction((bot) => document.getElementById("bot-time").dataset.bot === bot
    && !document.body.hasAttribute("data-thinking"), spec, { timeout });
  return Number(await page.getAttribute("#bot-time", "data-ms"));
}

/**
 * The page keeps answering while the engine thinks: a search of 2 s in the worker
 * (`engine:ms=2000`, typed into x's seat menu), and during it a click on "Show the engine's
 * evaluation". Measured two ways: from the click's input event to its handler on the page
 * (`performance.now() - event.timeStamp`), and from the moment the test sends the click
 * (Date.now() in Node) to the moment the handler runs (Date.now() on the page), which
 * includes Playwright's round trip. Both must be under 100 ms.
 */
async function responsiveness(page) {
  const spec = "engine:ms=2000";
  await botToMove(page, spec, 32);
  await page.waitForSelector("body[data-thinking]");
  // Past the network's fetch and the engine module's start: the click lands in the search.
  await page.waitForFunction(() => document.getElementById("analysis").dataset.depth !== undefined, null, { timeout: 30000 });
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.clicksHandled = [];
    document.getElementById("show-analysis").addEventListener("click", (event) => {
      window.clicksHandled.push({ at: Date.now(), delay: performance.now() - event.timeStamp,
        thinking: document.body.hasAttribute("data-thinking") });
    }, { capture: true });
  });
  const box = await page.locator("#show-analysis").boundingBox();
  const sent = Date.now();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => window.clicksHandled.length > 0);
  const [handled] = await page.evaluate(() => window.clicksHandled);
  const toggled = await page.evaluate(() => !document.getElementById("analysis").hidden);
  const searchMs = await botMoveTime(page, spec);
  const roundTrip = handled.at - sent;
  console.log(`responsiveness: ${spec} thought ${searchMs.toFixed(0)} ms in the worker; `
    + `a click during it was handled ${handled.delay.toFixed(1)} ms after its input event, ${roundTrip} ms after the test sent it`);
  check(`responsiveness: the bot searched at least 1.5 s in the worker (${searchMs.toFixed(0)} ms) and the click came during the search (${handled.thinking})`,
    searchMs >= 1500 && handled.thinking);
  check(`responsiveness: the click was handled within 100 ms (${handled.delay.toFixed(1)} ms from its input event, ${roundTrip} ms from the test) and its handler showed the evaluation panel`,
    handled.delay < 100 && roundTrip < 100 && toggled);
  await page.click("#show-analysis");
}

/**
 * One whole Ataxx game between the bots `x` and `o` (specs), played through the page's own
 * worker code: the page's BotWorker (bots.js) asks worker.js for every move, as the page does,
 * and a Session on the page plays them. Returns the result, the record, the engine's moves'
 * times and the moves' count.
 */
async function workerGame(page, x, o, seed) {
  return page.evaluate(async ({ x, o, seed }) => {
    const wasm = await import("./pkg/boardgame_web.js");
    await wasm.default();
    const { BotWorker } = await import("./bots.js");
    const bots = new BotWorker();
    const session = new wasm.Session("ataxx", "", "", seed);
    const specs = [x, o];
    const times = { [x]: [], [o]: [] };
    let plies = 0;
    for (; plies < 2000; plies++) {
      const turn = JSON.parse(session.turn());
      if (turn.kind !== "player") break;
      const spec = specs[turn.seat];
      const answer = await bots.think({ table: 1, record: session.record(), spec, seed: session.moveSeed() });
      times[spec].push(answer.ms);
      session.play(answer.move);
    }
    bots.stop();
    const result = { result: session.result() ?? null, record: session.record(), plies, times, state: session.state() };
    session.free();
    return result;
  }, { x, o, seed });
}

/**
 * The strongest engine level against `alphabeta:depth=3`, one whole game through the worker
 * (`spec`: `engine:level=master` unless `--engine-spec` says otherwise); the engine plays o.
 * The engine must win; the record replays with the rules crates to the same final state.
 */
async function engineGame(page, spec) {
  const started = Date.now();
  const game = await workerGame(page, "alphabeta:depth=3", spec, 50);
  const seconds = (Date.now() - started) / 1000;
  const engine = summary(game.times[spec]);
  console.log(`engine game: ${spec} (o) against alphabeta:depth=3 (x): ${game.result}, ${game.plies} plies in ${seconds.toFixed(0)} s; the engine's moves ${engine}`);
  const replayed = replayStates(game.record, "engine-game");
  check(`engine game: the record replays to the page's final state`, replayed.at(-1) === game.state);
  check(`engine game: ${spec} wins a whole game against alphabeta:depth=3 through the page's worker (${game.result})`,
    typeof game.result === "string" && game.result.startsWith("o "));
}

/**
 * The engine's `bench` in the page: the positions `fens`, each to `depth` with a fresh 16 MiB
 * table, by the engine's `build` ("simd": the simd128 build; "plain": the one without), on the
 * page's thread. Returns the node count of each and the total time in ms.
 */
async function benchInPage(page, build, fens, depth) {
  return page.evaluate(async ({ build, fens, depth }) => {
    // A module instance of its own per build: the glue initialises once per instance.
    const module = await import(`./pkg/boardgame_web_engine.js?${build}`);
    const file = build === "simd" ? "boardgame_web_engine_simd_bg.wasm" : "boardgame_web_engine_bg.wasm";
    await module.default({ module_or_path: new URL(`./pkg/${file}`, location.href) });
    const network = new Uint8Array(await (await fetch("./pkg/ataxx.nnue")).arrayBuffer());
    const engine = new module.Engine(network, 1);
    const nodes = [];
    let ms = 0;
    for (const fen of fens) {
      const report = JSON.parse(engine.bench(fen, depth));
      nodes.push(report.nodes);
      ms += report.ms;
    }
    engine.free();
    return { nodes, ms };
  }, { build, fens, depth });
}

/**
 * Both engine builds work and are the same engine: the simd128 build and the plain one (the
 * fallback of browsers without simd128) search the bench positions of `boardgame-uai bench 5`
 * with the native engine's node counts.
 */
async function engineBuilds(page, uai) {
  const native = execFileSync(uai, ["bench", "5", "--verbose"], { encoding: "utf8" });
  const positions = [...native.matchAll(/^position \d+ nodes (\d+) fen (.+)$/gm)].map((m) => ({ nodes: Number(m[1]), fen: m[2] }));
  for (const build of ["simd", "plain"]) {
    const { nodes, ms } = await benchInPage(page, build, positions.map((p) => p.fen), 5);
    const total = nodes.reduce((a, b) => a + b, 0);
    check(`engine builds: the ${build} build searches the native bench's nodes at depth 5 on ${positions.length} positions (${total} in ${ms.toFixed(0)} ms)`,
      positions.length === 24 && nodes.every((n, i) => n === positions[i].nodes));
  }
}

/**
 * The engine's speed in the page against the native build: the bench positions of
 * `boardgame-uai bench D --verbose`, each searched to depth D with a fresh 16 MiB
 * table and one thread, by the engine's wasm (the simd128 build, on the page's thread) and by
 * the native binary in the same run. The node counts must be equal (the same engine); the
 * ratio is wasm nodes per second over native.
 */
async function engineSpeed(page, uai, depth) {
  const native = execFileSync(uai, ["bench", String(depth), "--verbose"], { encoding: "utf8" });
  const fens = [...native.matchAll(/^position \d+ nodes (\d+) fen (.+)$/gm)].map((m) => ({ nodes: Number(m[1]), fen: m[2] }));
  const [, nativeNodes, nativeNps] = /^(\d+) nodes (\d+) nps$/m.exec(native).map(Number);
  const wasm = await benchInPage(page, "simd", fens.map(({ fen }) => fen), depth);
  const total = wasm.nodes.reduce((a, b) => a + b, 0);
  const wasmNps = total / (wasm.ms / 1000);
  const ratio = wasmNps / nativeNps;
  console.log(`engine speed: bench depth ${depth}, ${fens.length} positions: native ${nativeNodes} nodes ${nativeNps} nps; `
    + `wasm (simd128, headless Chromium) ${total} nodes in ${(wasm.ms / 1000).toFixed(2)} s, ${wasmNps.toFixed(0)} nps: ratio ${ratio.toFixed(3)}`);
  check(`engine speed: the wasm engine searches the same nodes as the native one on every bench position (${total})`,
    wasm.nodes.every((n, i) => n === fens[i].nodes) && total === nativeNodes);
  return ratio;
}

/**
 * The native engine's moves: `boardgame-uai` with one thread and a 16 MiB table, for each FEN
 * `uainewgame`, `position fen F`, `go nodes N`; resolves with the `bestmove` of each.
 */
function nativeMoves(uai, fens, nodes) {
  const engine = spawn(uai, [], { stdio: ["pipe", "pipe", "inherit"] });
  let buffer = "";
  const waiting = [];
  engine.stdout.on("data", (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      const best = /^bestmove (\S+)/.exec(line);
      if (best && waiting.length) waiting.shift()(best[1]);
    }
  });
  const send = (line) => engine.stdin.write(`${line}\n`);
  return (async () => {
    send("uai");
    send("setoption name Threads value 1");
    send("setoption name Hash value 16");
    const moves = [];
    for (const fen of fens) {
      send("uainewgame");
      send(`position fen ${fen}`);
      const answer = new Promise((resolveMove) => waiting.push(resolveMove));
      send(`go nodes ${nodes}`);
      moves.push(await answer);
    }
    send("quit");
    return moves;
  })();
}

/**
 * The same engine in the page as natively: on the first `count` bench positions, the move of
 * `engine:nodes=N` asked of the page's worker (a new table per position, so a fresh table)
 * equals `boardgame-uai`'s after `uainewgame`, `position fen F`, `go nodes N`.
 */
async function sameMoves(page, uai, nodes, count) {
  const bench = execFileSync(uai, ["bench", "1", "--verbose"], { encoding: "utf8" });
  const fens = [...bench.matchAll(/^position \d+ nodes \d+ fen (.+)$/gm)].map((m) => m[1]).slice(0, count);
  const native = await nativeMoves(uai, fens, nodes);
  const inPage = await page.evaluate(async ({ fens, nodes }) => {
    const wasm = await import("./pkg/boardgame_web.js");
    await wasm.default();
    const { BotWorker } = await import("./bots.js");
    const bots = new BotWorker();
    const moves = [];
    for (const [i, fen] of fens.entries()) {
      const session = wasm.Session.fromState("ataxx", "", "", fen, 0);
      const answer = await bots.think({ table: `same-move ${i}`, record: session.record(), spec: `engine:nodes=${nodes}`, seed: 0 });
      moves.push(answer.move);
      session.free();
    }
    bots.stop();
    return moves;
  }, { fens, nodes });
  const differ = fens.map((fen, i) => [fen, native[i], inPage[i]]).filter(([, a, b]) => a !== b);
  check(`same engine: engine:nodes=${nodes} in the page's worker plays boardgame-uai's move (go nodes ${nodes}) on ${fens.length} bench positions`,
    fens.length === count && differ.length === 0, differ.map(([fen, a, b]) => `${fen}: native ${a}, page ${b}`).join("; "));
}

/** The engine's named levels, weakest first: what the menus must offer. */
const LEVELS = ["beginner", "casual", "club", "strong", "expert", "master"];

/**
 * On a fresh load of the page: the game is Ataxx, a person sits at x and the engine's
 * weakest level at o (the default opponent, one click from nothing); the seat menu and the
 * level buttons name the six levels, weakest first.
 */
async function engineDefaults(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  const seats = [await page.inputValue("#seat-0"), await page.inputValue("#seat-1")];
  check(`engine levels: a new page seats a person at x and engine:level=beginner at o (${seats.join(", ")})`,
    (await page.inputValue("#game")) === "ataxx" && seats[0] === "human" && seats[1] === "engine:level=beginner");
  const menu = await page.$$eval("#seat-1 option", (options) => options.map((o) => ({ spec: o.value, text: o.textContent })));
  const menuLevels = menu.filter((o) => o.spec.startsWith("engine:level=")).map((o) => o.text);
  check(`engine levels: the seat menu lists the six levels by name (${menuLevels.join(", ")})`,
    JSON.stringify(menuLevels) === JSON.stringify(LEVELS.map((l) => `engine: ${l}`)));
  const buttons = await page.$$eval("#level-buttons button", (nodes) => nodes.map((b) => b.textContent));
  check(`engine levels: a button per level, by name (${buttons.join(", ")})`, JSON.stringify(buttons) === JSON.stringify(LEVELS));
  const selected = await page.$eval("#seat-1", (select) => select.selectedOptions[0].textContent);
  check(`engine levels: o's menu shows "${selected}"`, selected === "engine: beginner");
  await page.close();
}

/**
 * One click starts a game against the engine: the level buttons (one per engine level of the
 * catalog); the test clicks `level`, plays a few moves as x by clicking cells, ticks "Show the
 * engine's evaluation", and saves a screenshot of the level buttons, the seats, the board and
 * the evaluation to docs/images/ataxx-engine.png. Returns the level names on the buttons.
 */
async function engineLevels(page, level) {
  const buttons = await page.$$eval("#level-buttons button", (nodes) => nodes.map((b) => ({ spec: b.dataset.spec, name: b.textContent })));
  const button = buttons.find((b) => b.spec === level) ?? buttons[0];
  await page.click(`#level-buttons button[data-spec="${button.spec}"]`);
  const seated = [await page.inputValue("#seat-0"), await page.inputValue("#seat-1")];
  check(`engine levels: clicking "${button.name}" starts Ataxx with a person at x and ${button.spec} at o`,
    (await page.inputValue("#game")) === "ataxx" && seated[0] === "human" && seated[1] === button.spec,
    JSON.stringify(seated));
  const pressed = await page.$$eval("#level-buttons button[aria-pressed=true]", (nodes) => nodes.map((b) => b.textContent));
  check(`engine levels: the "${button.name}" button shows as pressed, and only it (${pressed.join(", ")})`,
    pressed.length === 1 && pressed[0] === button.name);
  if (!(await page.isChecked("#show-analysis"))) await page.click("#show-analysis");
  for (let moves = 0; moves < 4; moves++) {
    await personsTurn(page);
    if ((await page.getAttribute("body", "data-turn")) === "terminal") break;
    const before = await events(page);
    const cells = await page.$$eval("#moves button", (b) => b.map((x) => x.dataset.cells.split(" ").filter(Boolean)));
    // A clone (one cell), the middle one of the list.
    const clones = cells.filter((c) => c.length === 1);
    const clone = clones[Math.floor(clones.length / 2)] ?? cells[0];
    for (const cell of clone) {
      if ((await events(page)) !== before) break;
      await clickCell(page, cell);
    }
  }
  await personsTurn(page);
  const analysis = await page.$$eval("#analysis > div", (rows) => rows.map((row) => row.textContent));
  const pv = await page.getAttribute("#analysis", "data-pv");
  check(`engine levels: "Show the engine's evaluation" shows its score and expected line ("${analysis.join(" / ")}")`,
    await page.isVisible("#analysis") && analysis.length === 3
      && /^evaluation: ([xo] ahead by \d+\.\d\d stones?|[xo] wins in \d+ pl(y|ies)|even)$/.test(analysis[0])
      && /^expected line: o [a-g][1-7]/.test(analysis[1]) && pv !== null && pv.length >= 2,
    `data-pv ${pv}`);
  await page.click("#show-analysis");
  check(`engine levels: unticking it hides the panel`, !(await page.isVisible("#analysis")));
  await page.click("#show-analysis");
  if (SCREENSHOTS) {
    mkdirSync(IMAGES, { recursive: true });
    const clip = await page.evaluate(() => {
      const top = document.getElementById("engine-levels").getBoundingClientRect().top + window.scrollY;
      const bottom = document.getElementById("play").getBoundingClientRect().bottom + window.scrollY;
      return { x: 0, y: top, width: document.documentElement.clientWidth, height: bottom - top + 8 };
    });
    await page.screenshot({ path: join(IMAGES, "ataxx-engine.png"), clip, fullPage: true });
  }
  return buttons.map((b) => b.name);
}

/** First paint and the time until the board is drawn, on a fresh load of the page. */
async function firstPaint(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
  const times = await page.evaluate(() => {
    const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {
      firstPaint: paint("first-paint"),
      firstContentfulPaint: paint("first-contentful-paint"),
      boardDrawn: performance.getEntriesByName("board-drawn")[0]?.startTime ?? null,
    };
  });
  await page.close();
  return times;
}

/** Saves the seats, the board and the side panel (not the forms above and below). */
async function screenshot(page, game) {
  mkdirSync(IMAGES, { recursive: true });
  const clip = await page.evaluate(() => {
    const top = document.getElementById("seats").getBoundingClientRect().top + window.scrollY;
    const bottom = document.getElementById("play").getBoundingClientRect().bottom + window.scrollY;
    return { x: 0, y: top - 8, width: document.documentElement.clientWidth, height: bottom - top + 16 };
  });
  await page.screenshot({ path: join(IMAGES, `${game}.png`), clip, fullPage: true });
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return `n ${values.length}  mean ${mean.toFixed(3)} ms  median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)} ms  max ${sorted.at(-1).toFixed(3)} ms`;
};

async function main() {
  const { server, url } = await startServer();
  console.log(`server: ${url}`);
  const profile = mkdtempSync(join(tmpdir(), "boardgame-web-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  context.on("page", (page) => {
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  });
  try {
    const paints = [];
    for (let i = 0; i < 3; i++) paints.push(await firstPaint(context, url));
    for (const p of paints) {
      console.log(`first paint ${p.firstPaint?.toFixed(1)} ms, first contentful paint ${p.firstContentfulPaint?.toFixed(1)} ms, board drawn ${p.boardDrawn?.toFixed(1)} ms`);
    }
    const fcp = paints.map((p) => p.firstContentfulPaint).sort((a, b) => a - b)[1];
    check(`first contentful paint under 1 s from the local server (median of 3: ${fcp.toFixed(1)} ms)`, fcp < 1000);

    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector("body[data-ready]");
    const botTimes = {};
    if (part("games")) for (const spec of GAMES) botTimes[spec.game] = await botGame(page, spec);
    if (part("person")) for (const spec of GAMES) await personGame(page, spec);
    if (part("input")) {
      await forcedPass(page);
      await badInput(page);
    }
    if (part("responsiveness")) await responsiveness(page);
    if (part("levels")) {
      await engineDefaults(context, url);
      await engineLevels(page, "engine:level=strong");
    }
    if (part("engine")) {
      await engineGame(page, ENGINE_GAME_SPEC);
      await sameMoves(page, UAI, 20000, 6);
      await engineBuilds(page, UAI);
    }
    if (part("speed")) await engineSpeed(page, UAI, BENCH_DEPTH);
    if (part("games")) for (const spec of GAMES) {
      const clicked = botTimes[spec.game];
      console.log(`greedy bot move in the page (Step clicks, 0.1 ms clock), ${spec.game}: ${summary(clicked)}`);
      const fine = await greedyTimes(page, spec);
      console.log(`greedy bot move in the page (200 calls per position), ${spec.game}: ${summary(fine)}`);
      check(`${spec.game}: every greedy move takes under 50 ms in the page`, Math.max(...clicked, ...fine) < 50);
    }
  } finally {
    await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  check("no console error and no page error", consoleErrors.length === 0, consoleErrors.join("\n      "));
}

main()
  .catch((error) => {
    failed += 1;
    failures.push(String(error));
    console.log(`FAIL  ${error.stack ?? error}`);
  })
  .finally(() => {
    if (failures.length) console.log(`failed: ${failures.join("; ")}`);
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
  });
