// Ataxx: the 7×7 grid (or `view.size`) with its blocked squares, rank 7 at the top.

import { el, svgRoot, cellClass } from "./svg.js";

const CELL = 60;
const MARGIN = 24;
/** Piece colours by seat: x (seat 0) dark, o (seat 1) light. */
export const SEAT_COLOURS = ["#b3261e", "#f4f1e8"];

export function drawAtaxx(view, marks) {
  const size = view.size;
  const side = size * CELL + 2 * MARGIN;
  const at = (file, rank) => ({
    x: MARGIN + file * CELL,
    y: MARGIN + (size - 1 - rank) * CELL,
  });
  const squares = view.cells.map((cell) => {
    const { x, y } = at(cell.file, cell.rank);
    return el("rect", {
      x, y, width: CELL, height: CELL,
      class: cellClass(cell.id, marks, "square", cell.blocked ? "blocked" : (cell.file + cell.rank) % 2 ? "light" : "dark"),
      "data-cell": cell.id,
    }, el("title", {}, cell.id));
  });
  const byId = new Map(view.cells.map((cell) => [cell.id, cell]));
  const pieces = view.pieces.map((piece) => {
    const cell = byId.get(piece.cell);
    const { x, y } = at(cell.file, cell.rank);
    return el("circle", {
      cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36,
      fill: SEAT_COLOURS[piece.seat],
      class: cellClass(piece.cell, marks, "piece", `seat-${piece.seat}`),
      "data-piece": piece.id,
      "data-cell": piece.cell,
    });
  });
  const labels = [];
  for (let i = 0; i < size; i++) {
    labels.push(el("text", { x: MARGIN + i * CELL + CELL / 2, y: side - 6, class: "coord" }, String.fromCharCode(97 + i)));
    labels.push(el("text", { x: 10, y: MARGIN + (size - 1 - i) * CELL + CELL / 2 + 5, class: "coord" }, String(i + 1)));
  }
  return svgRoot(side, side, "Ataxx board", squares, pieces, labels);
}
