// Which drawing each game uses.

import { drawAtaxx } from "./ataxx.js";
import { drawThax } from "./thax.js";
import { drawParchis } from "./parchis.js";
import { drawCoCaNgua } from "./co-ca-ngua.js";

const DRAWINGS = {
  ataxx: drawAtaxx,
  thax: drawThax,
  parchis: drawParchis,
  "co-ca-ngua": drawCoCaNgua,
};

/**
 * The SVG board of `view` (a session's parsed `view()`), with `marks` = sets of cell ids
 * `{selected, targets, movable}` to highlight.
 */
export function drawBoard(view, marks) {
  const draw = DRAWINGS[view.game];
  if (!draw) throw new Error(`no drawing for the game ${view.game}`);
  return draw(view, marks);
}
