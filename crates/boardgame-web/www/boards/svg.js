// Small helpers to build SVG elements, shared by the board drawings.

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (null/undefined ones skipped) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** The root `<svg>` with a viewBox of `width` × `height`. */
export function svgRoot(width, height, label, ...children) {
  return el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": label,
    class: "board-svg",
  }, ...children);
}

/**
 * The CSS classes of a clickable cell: `cell` plus the marks the page put on it
 * (`selected`, `target`, `movable`) and any `extra` classes.
 */
export function cellClass(id, marks, ...extra) {
  const names = ["cell", ...extra];
  if (marks.selected.has(id)) names.push("selected");
  if (marks.targets.has(id)) names.push("target");
  if (marks.movable.has(id)) names.push("movable");
  return names.join(" ");
}

/** Offsets that spread `count` pieces sharing one spot, `gap` apart. */
export function spread(count, gap) {
  if (count <= 1) return [[0, 0]];
  if (count === 2) return [[-gap / 2, 0], [gap / 2, 0]];
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  const out = [];
  for (let i = 0; i < count; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    out.push([(c - (cols - 1) / 2) * gap, (r - (rows - 1) / 2) * gap]);
  }
  return out;
}

/** Groups `view.pieces` by their cell id. */
export function piecesByCell(pieces) {
  const byCell = new Map();
  for (const piece of pieces) {
    if (!byCell.has(piece.cell)) byCell.set(piece.cell, []);
    byCell.get(piece.cell).push(piece);
  }
  return byCell;
}

/**
 * Draws the pieces of `byCell` at the centres `at(cellId)` gives ({x, y}), with the radius
 * `radiusOf(cellId)`, coloured by `fill(piece)`; each piece carries its id and cell for clicks.
 */
export function drawPieces(byCell, at, radiusOf, fill, marks) {
  const out = [];
  for (const [cell, group] of byCell) {
    const centre = at(cell);
    if (!centre) continue;
    const radius = radiusOf(cell);
    const offsets = spread(group.length, radius * 2.05);
    group.forEach((piece, i) => {
      const [dx, dy] = offsets[i];
      out.push(el("circle", {
        cx: centre.x + dx,
        cy: centre.y + dy,
        r: radius,
        fill: fill(piece),
        class: `piece${marks.selected.has(cell) ? " selected" : ""}${marks.movable.has(cell) ? " movable" : ""}`,
        "data-piece": piece.id,
        "data-cell": cell,
      }));
    });
  }
  return out;
}
