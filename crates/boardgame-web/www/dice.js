// The dice the player to move is playing, drawn as faces with pips.

import { el } from "./boards/svg.js";

const FACE = 44;
/** Pip positions on a 3 × 3 grid (0..2, 0..2) for each face 1..6. */
const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** An SVG of `values` (numbers 1..6; other values are written as digits). */
export function drawDice(values) {
  const gap = 10;
  const width = Math.max(1, values.length) * (FACE + gap);
  const faces = values.map((value, i) => {
    const x = i * (FACE + gap) + gap / 2;
    const pips = (PIPS[value] ?? []).map(([col, row]) =>
      el("circle", { cx: x + 10 + col * 12, cy: 12 + row * 12, r: 4, class: "pip" }));
    return el("g", { class: "die", "data-value": value },
      el("rect", { x, y: 2, width: FACE - 4, height: FACE - 4, rx: 7, class: "die-face" }),
      pips.length ? pips : el("text", { x: x + FACE / 2 - 2, y: 30, class: "die-text" }, String(value)));
  });
  return el("svg", { viewBox: `0 0 ${width} ${FACE}`, width, height: FACE, role: "img", "aria-label": `dice ${values.join(" ")}` }, faces);
}
