// Parchís: the cross on a 19 × 19 grid. Yellow's arm at the bottom, Blue's on the right,
// Red's at the top, Green's on the left; track squares numbered in the direction of play,
// safe squares marked, home columns up the middle of each arm, nests in the corners, the
// goal's four triangles in the centre. The placement follows the rules crate's text picture.

import { el, svgRoot, cellClass, piecesByCell, drawPieces } from "./svg.js";

const C = 32;
const MARGIN = 8;
/** Fill colours of the four Parchís colours. */
export const COLOURS = { Y: "#e8b90c", B: "#1f6fd1", R: "#d1302a", G: "#2e9a45" };
const LIGHT = { Y: "#fbf0c4", B: "#d3e3f8", R: "#f6d5d3", G: "#d3eed9" };

/** Grid (row, col) of track square `k` (1..=68). */
function trackCell(k) {
  if (k <= 8) return [19 - k, 10];
  if (k <= 16) return [10, k + 2];
  if (k === 17) return [9, 18];
  if (k <= 25) return [8, 36 - k];
  if (k <= 33) return [33 - k, 10];
  if (k === 34) return [0, 9];
  if (k <= 42) return [k - 35, 8];
  if (k <= 50) return [8, 50 - k];
  if (k === 51) return [9, 0];
  if (k <= 59) return [10, k - 52];
  if (k <= 67) return [k - 49, 8];
  return [18, 9];
}

/** Grid (row, col) of home-column square `h` (1..=7) of `colour`. */
function homeCell(colour, h) {
  return { Y: [18 - h, 9], B: [9, 18 - h], R: [h, 9], G: [9, h] }[colour];
}

/** Top-left grid corner (row, col) of each colour's 8 × 8 nest corner. */
const NEST = { Y: [11, 11], B: [0, 11], R: [0, 0], G: [11, 0] };

/** The goal triangle of each colour, as grid points [x, y] around the centre. */
const GOAL = {
  Y: [[8, 11], [11, 11], [9.5, 9.5]],
  B: [[11, 8], [11, 11], [9.5, 9.5]],
  R: [[8, 8], [11, 8], [9.5, 9.5]],
  G: [[8, 8], [8, 11], [9.5, 9.5]],
};

const xy = ([row, col]) => ({ x: MARGIN + col * C, y: MARGIN + row * C });

export function drawParchis(view, marks) {
  const side = 19 * C + 2 * MARGIN;
  const centres = new Map();
  const colourOf = new Map(view.colours.map((c) => [c.colour, c]));
  const exits = new Map(view.colours.map((c) => [c.exit, c.colour]));
  const safe = new Set(view.safe);
  const shapes = [];

  for (const [colour, corner] of Object.entries(NEST)) {
    const { x, y } = xy(corner);
    const playing = colourOf.get(colour)?.seat !== null && colourOf.get(colour)?.seat !== undefined;
    const id = `${colour}.n`;
    shapes.push(el("rect", {
      x: x + 6, y: y + 6, width: 8 * C - 12, height: 8 * C - 12, rx: 28,
      fill: LIGHT[colour], stroke: COLOURS[colour],
      class: cellClass(id, marks, "nest", playing ? "" : "idle"),
      "data-cell": id,
    }, el("title", {}, `${colour} nest`)));
    centres.set(id, { x: x + 4 * C, y: y + 4 * C });
  }
  for (const [colour, points] of Object.entries(GOAL)) {
    const id = `${colour}.g`;
    const pts = points.map(([gx, gy]) => `${MARGIN + gx * C},${MARGIN + gy * C}`).join(" ");
    shapes.push(el("polygon", {
      points: pts, fill: COLOURS[colour],
      class: cellClass(id, marks, "goal"), "data-cell": id,
    }, el("title", {}, `${colour} goal`)));
    const cx = points.reduce((s, p) => s + p[0], 0) / 3;
    const cy = points.reduce((s, p) => s + p[1], 0) / 3;
    centres.set(id, { x: MARGIN + cx * C, y: MARGIN + cy * C });
  }

  for (const cell of view.cells) {
    let at = null;
    let extra = [];
    let fill = "#fffdf7";
    if (cell.kind === "track") {
      at = xy(trackCell(cell.square));
      if (exits.has(cell.square)) fill = LIGHT[exits.get(cell.square)];
      if (safe.has(cell.square)) extra.push("safe");
    } else if (cell.kind === "home") {
      at = xy(homeCell(cell.colour, cell.index));
      fill = LIGHT[cell.colour];
      extra.push("home");
    } else {
      continue;
    }
    shapes.push(el("rect", {
      x: at.x, y: at.y, width: C, height: C, fill,
      class: cellClass(cell.id, marks, "square", ...extra), "data-cell": cell.id,
    }, el("title", {}, cell.kind === "track" ? `square ${cell.square}${safe.has(cell.square) ? " (safe)" : ""}` : `${cell.colour} home ${cell.index}`)));
    if (cell.kind === "track") {
      if (safe.has(cell.square)) {
        shapes.push(el("circle", { cx: at.x + C / 2, cy: at.y + C / 2, r: C * 0.42, class: "safe-mark", "data-cell": cell.id }));
      }
      shapes.push(el("text", { x: at.x + C / 2, y: at.y + C / 2 + 4, class: "square-number", "data-cell": cell.id }, String(cell.square)));
    }
    centres.set(cell.id, { x: at.x + C / 2, y: at.y + C / 2 });
  }

  const byCell = piecesByCell(view.pieces);
  const seatColour = new Map(view.seats.map((s) => [s.seat, s.colour]));
  const inNest = (id) => id.endsWith(".n");
  const pieces = drawPieces(byCell, (id) => centres.get(id), (id) => (inNest(id) ? C * 0.6 : C * 0.26),
    (piece) => COLOURS[seatColour.get(piece.seat)], marks);
  return svgRoot(side, side, "Parchís board", shapes, pieces);
}
