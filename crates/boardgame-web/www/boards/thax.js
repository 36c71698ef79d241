// Thax: the two sides facing each other, one space per number with its covered count;
// seat 1 on top, seat 0 at the bottom, the pot and supply between them.

import { el, svgRoot, cellClass } from "./svg.js";

const SPACE_W = 78;
const SLOT = 16;
const SLOTS_PER_ROW = 3;
const MARGIN = 16;
const MIDDLE = 92;
/** Piece colours by seat. */
export const SEAT_COLOURS = ["#1f5fa8", "#c2571a"];

export function drawThax(view, marks) {
  const capacity = Math.max(1, ...view.cells.map((cell) => cell.capacity));
  const slotRows = Math.ceil(capacity / SLOTS_PER_ROW);
  const spaceH = 46 + slotRows * (SLOT + 4);
  const width = Math.max(view.numbers.length * SPACE_W, 320) + 2 * MARGIN;
  const height = 2 * spaceH + MIDDLE + 2 * MARGIN;
  const left = (width - view.numbers.length * SPACE_W) / 2;
  const sideTop = (seat) => (seat === 1 ? MARGIN : MARGIN + spaceH + MIDDLE);

  const spaces = view.cells.map((cell) => {
    const index = view.numbers.indexOf(cell.number);
    const x = left + index * SPACE_W + 4;
    const y = sideTop(cell.seat);
    const full = cell.covered === cell.capacity;
    const slots = [];
    for (let i = 0; i < cell.capacity; i++) {
      const row = Math.floor(i / SLOTS_PER_ROW);
      const col = i % SLOTS_PER_ROW;
      const rowLen = Math.min(SLOTS_PER_ROW, cell.capacity - row * SLOTS_PER_ROW);
      const sx = x + (SPACE_W - 8) / 2 + (col - (rowLen - 1) / 2) * (SLOT + 4);
      const sy = y + 34 + row * (SLOT + 4) + SLOT / 2;
      slots.push(el("circle", {
        cx: sx, cy: sy, r: SLOT / 2 - 1,
        class: i < cell.covered ? "thax-piece" : "thax-slot",
        fill: i < cell.covered ? SEAT_COLOURS[cell.seat] : null,
        "data-cell": cell.id,
      }));
    }
    return el("g", { "data-cell": cell.id, class: "thax-space" },
      el("rect", {
        x, y, width: SPACE_W - 8, height: spaceH - 6, rx: 8,
        class: cellClass(cell.id, marks, "space", `seat-${cell.seat}`, full ? "full" : ""),
        "data-cell": cell.id,
      }, el("title", {}, `seat ${cell.seat}, space ${cell.number}: ${cell.covered}/${cell.capacity} covered`)),
      el("text", { x: x + (SPACE_W - 8) / 2, y: y + 24, class: "space-number", "data-cell": cell.id }, String(cell.number)),
      slots);
  });

  const midY = MARGIN + spaceH + MIDDLE / 2;
  const supply = view.supply === null ? "unlimited" : String(view.supply);
  const middle = [
    el("line", { x1: MARGIN, x2: width - MARGIN, y1: midY, y2: midY, class: "thax-divider" }),
    el("text", { x: width / 2, y: midY - 8, class: "thax-info" },
      `pot ${view.pot} · supply ${supply} · rolls ${view.rolls}`),
    el("text", { x: width / 2, y: midY + 20, class: "thax-info" },
      view.variant === "thax-out" ? "Thax Out" : "Classic THAX"),
    el("text", { x: MARGIN, y: MARGIN + spaceH + 10, class: "side-label" }, "▲ seat 1"),
    el("text", { x: MARGIN, y: MARGIN + spaceH + MIDDLE - 12, class: "side-label" }, "▼ seat 0"),
  ];
  return svgRoot(width, height, "Thax board", spaces, middle);
}
