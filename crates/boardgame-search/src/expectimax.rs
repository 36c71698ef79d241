//! Depth-limited expectimax over decision and chance nodes with exact chance weights.
