// Cờ cá ngựa, drawn from the board's Layout and square graph: the outer track on a circle
// (track square 0 at the top left, play clockwise), each colour's nest outside its exit,
// its private lane from the lane mouth inwards to its arrow square on the inner ring, the
// shortcut arrow from K to the destination D, the spokes to the centre. Under the
// traditional `chuong` home the lanes are the chuồng steps (numbered) and the ring,
// spokes, destinations and centre are faded: no path of the chuồng uses them.

import { el, svgRoot, cellClass, piecesByCell, drawPieces } from "./svg.js";

const SIDE = 720;
const MID = SIDE / 2;
const TRACK_R = 270;
const RING_R = 112;
const NEST_R = 350;
const NEST_SIZE = 76;
/** Fill colours of the four colours 0..3. */
export const COLOURS = ["#d1302a", "#1f6fd1", "#2e9a45", "#e8b90c"];
const LIGHT = ["#f6d5d3", "#d3e3f8", "#d3eed9", "#fbf0c4"];

const polar = (radius, angle) => ({ x: MID + radius * Math.cos(angle), y: MID + radius * Math.sin(angle) });
const lerp = (a, b, t) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** Screen positions of every square of the board, by cell id. */
function positions(view) {
  const { track_len: track, ring_len: ring, lane_len: lane, spoke_len: spoke, quadrant, mouth_at: mouth } = view.layout;
  const trackAngle = (i) => -0.75 * Math.PI + (2 * Math.PI * i) / track;
  const at = new Map();
  for (let i = 0; i < track; i++) at.set(`T${i}`, polar(TRACK_R, trackAngle(i)));
  // The ring is turned so that colour 0's arrow square faces its lane mouth.
  const ringTurn = trackAngle(mouth);
  for (let i = 0; i < ring; i++) at.set(`R${i}`, polar(RING_R, ringTurn + (2 * Math.PI * i) / ring));
  at.set("C", { x: MID, y: MID });
  for (const colour of view.colours) {
    const c = colour.colour;
    const arrow = at.get(`R${(c * ring) / 4}`);
    const mouthAt = at.get(colour.mouth);
    // The lane leaves the track inwards: from just inside the mouth to just outside the ring.
    const laneStart = polar(TRACK_R - 40, Math.atan2(mouthAt.y - MID, mouthAt.x - MID));
    for (let i = 0; i < lane; i++) {
      const t = lane === 1 ? 0.5 : i / (lane - 1);
      at.set(`L${c}.${i}`, lerp(laneStart, lerp(arrow, laneStart, 0.22), t));
    }
    for (let i = 0; i < spoke; i++) {
      at.set(`S${c}.${i}`, lerp(arrow, { x: MID, y: MID }, (i + 1) / (spoke + 1)));
    }
    const shortcut = at.get(colour.shortcut);
    at.set(colour.destination, lerp(shortcut, arrow, 0.4));
    const nest = polar(NEST_R, trackAngle(c * quadrant));
    const inside = (v) => Math.min(SIDE - NEST_SIZE / 2 - 4, Math.max(NEST_SIZE / 2 + 4, v));
    at.set(colour.nest, { x: inside(nest.x), y: inside(nest.y) });
  }
  return at;
}

export function drawCoCaNgua(view, marks) {
  const at = positions(view);
  const chuong = view.home === "chuong";
  // A track square fills three quarters of its share of the circle, 26 units at most.
  const square = Math.min(26, (0.75 * 2 * Math.PI * TRACK_R) / view.layout.track_len);
  const shapes = [];
  const faded = (kind) => chuong && ["ring", "spoke", "destination", "centre"].includes(kind);
  const special = new Map();
  for (const colour of view.colours) {
    special.set(colour.exit, ["exit", colour.colour]);
    special.set(colour.shortcut, ["shortcut", colour.colour]);
    special.set(colour.mouth, ["mouth", colour.colour]);
  }

  const kindOf = new Map(view.cells.map((cell) => [cell.id, cell.kind]));
  for (const [from, to] of view.edges) {
    const a = at.get(from);
    const b = at.get(to);
    if (!a || !b) continue;
    // The shortcut arrow K -> D and the forced slide D -> ring are drawn dashed.
    const arrowEdge = to.startsWith("D") || from.startsWith("D");
    const kinds = [from, to].map((id) => kindOf.get(id));
    shapes.push(el("line", {
      x1: a.x, y1: a.y, x2: b.x, y2: b.y,
      class: `edge${arrowEdge ? " shortcut-arrow" : ""}${kinds.some(faded) ? " faded" : ""}`,
    }));
  }

  for (const cell of view.cells) {
    const p = at.get(cell.id);
    if (!p) continue;
    const extra = [];
    let fill = "#fffdf7";
    let label = null;
    if (cell.kind === "nest") {
      shapes.push(el("rect", {
        x: p.x - NEST_SIZE / 2, y: p.y - NEST_SIZE / 2, width: NEST_SIZE, height: NEST_SIZE, rx: 16,
        fill: LIGHT[cell.colour], stroke: COLOURS[cell.colour],
        class: cellClass(cell.id, marks, "nest"), "data-cell": cell.id,
      }, el("title", {}, `nest of colour ${cell.colour}`)));
      continue;
    }
    if (cell.kind === "track" && special.has(cell.id)) {
      const [what, colour] = special.get(cell.id);
      if (what === "exit") fill = LIGHT[colour];
      label = { exit: "E", shortcut: "K", mouth: "M" }[what];
      extra.push(what);
    } else if (cell.kind === "lane" || cell.kind === "spoke" || cell.kind === "destination") {
      fill = LIGHT[cell.colour];
      if (cell.kind === "lane" && chuong) label = String(cell.index + 1);
      if (cell.kind === "destination") label = "D";
    } else if (cell.kind === "ring") {
      fill = "#efe7d6";
    } else if (cell.kind === "centre") {
      fill = "#e9dfc8";
    }
    if (faded(cell.kind)) extra.push("faded");
    const size = cell.kind === "centre" ? square * 1.6 : square;
    shapes.push(el("rect", {
      x: p.x - size / 2, y: p.y - size / 2, width: size, height: size,
      rx: cell.kind === "track" ? 4 : size / 2, fill,
      class: cellClass(cell.id, marks, "square", cell.kind, ...extra), "data-cell": cell.id,
    }, el("title", {}, cell.id)));
    if (label) {
      shapes.push(el("text", { x: p.x, y: p.y + 4, class: "square-number", "data-cell": cell.id }, label));
    }
  }

  const byCell = piecesByCell(view.pieces);
  const seatColour = new Map(view.seats.map((s) => [s.seat, Number(s.colour)]));
  const pieces = drawPieces(byCell, (id) => at.get(id), (id) => (id.startsWith("N") ? 12 : 9),
    (piece) => COLOURS[seatColour.get(piece.seat)], marks);
  return svgRoot(SIDE, SIDE, "Cờ cá ngựa board", shapes, pieces);
}
