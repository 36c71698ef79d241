// Which drawing each game uses.

import { drawAtaxx, SEAT_COLOURS as ATAXX_COLOURS } from "./ataxx.js";
import { drawThax, SEAT_COLOURS as THAX_COLOURS } from "./thax.js";
import { drawParchis, COLOURS as PARCHIS_COLOURS } from "./parchis.js";
import { drawCoCaNgua, COLOURS as CO_CA_NGUA_COLOURS } from "./co-ca-ngua.js";

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

/** The fill colour the board gives the pieces of `seat` (an entry of `view.seats`). */
export function seatColour(game, seat) {
  switch (game) {
    case "ataxx": return ATAXX_COLOURS[seat.seat];
    case "thax": return THAX_COLOURS[seat.seat];
    case "parchis": return PARCHIS_COLOURS[seat.colour];
    case "co-ca-ngua": return CO_CA_NGUA_COLOURS[Number(seat.colour)];
    default: return "transparent";
  }
}
