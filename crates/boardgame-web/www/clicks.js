// Moves made by clicking: a move is the sequence of cells a person clicks for it, and a
// click sequence picks the moves it starts.

/**
 * The cells to click for `move`, in order: the piece's cell then its target for a move with
 * a `from`; the touched cells (target first) for a placement, a clone or an entry.
 */
export function clickPath(move) {
  if (move.from !== null && move.from !== undefined) {
    return move.to !== null && move.to !== undefined ? [move.from, move.to] : [move.from];
  }
  if (move.cells && move.cells.length) return move.cells;
  return move.to !== null && move.to !== undefined ? [move.to] : [];
}

/** The moves whose click path starts with `clicked`. */
export function movesStartingWith(moves, clicked) {
  return moves.filter((move) => {
    const path = clickPath(move);
    return clicked.length <= path.length && clicked.every((cell, i) => path[i] === cell);
  });
}

/**
 * What a click on `cell` after the cells `clicked` means: `{play: move}` when it picks one
 * move, else `{clicked, candidates}` with the new selection (restarted at this cell when the
 * longer sequence fits no move) and the moves it still allows; the page lists those to pick
 * from when clicks alone cannot tell them apart (Thax's `place 2` and `place 2 3`).
 */
export function click(moves, clicked, cell) {
  for (const sequence of [[...clicked, cell], [cell]]) {
    const candidates = movesStartingWith(moves, sequence);
    if (candidates.length === 1) return { play: candidates[0] };
    if (candidates.length > 1) return { clicked: sequence, candidates };
  }
  return { clicked: [], candidates: [] };
}

/** The cells a click may go to next after `clicked` (the next step of each candidate). */
export function nextCells(candidates, clicked) {
  const cells = new Set();
  for (const move of candidates) {
    const path = clickPath(move);
    if (path.length > clicked.length) cells.add(path[clicked.length]);
  }
  return cells;
}

/** Whether `move` is a pass (no cell involved). */
export function isPass(move) {
  return move.from === null && move.to === null && (!move.cells || move.cells.length === 0);
}
