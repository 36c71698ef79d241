//! [`AtaxxEvaluator`]: material, mobility, safe stones, rim squares, parity and tempo for
//! Ataxx.

use ataxx::{Ataxx, Bitboard, Color};
use boardgame_core::Seat;

/// The weights of [`AtaxxEvaluator`], in hundredths of a stone ("centipawns").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AtaxxWeights {
    /// Per stone of material (own minus opponent's).
    pub material: i32,
    /// Per empty square reachable by a clone (own minus opponent's).
    pub mobility: i32,
    /// Per safe stone (no empty neighbour, so nothing can flip it now), own minus
    /// opponent's.
    pub safe: i32,
    /// Per stone on the board's edge but not in a corner, own minus opponent's (an edge
    /// stone has 5 neighbours that can flip it, not 8).
    pub edge: i32,
    /// Per stone in a corner (3 neighbours), own minus opponent's.
    pub corner: i32,
    /// For the side to move when few squares are empty and their count is odd (the side
    /// to move then makes the last fill if both keep cloning), against it when even.
    pub parity: i32,
    /// Parity counts only when at most this many squares are empty.
    pub parity_empties: u32,
    /// For the side to move, on a board with no stones (see `tempo_full`).
    pub tempo: i32,
    /// For the side to move on a full board: the side-to-move bonus grows linearly from
    /// `tempo` to this with the share of the playable squares (those without a blocker)
    /// that hold a stone. A move is worth more the more stones there are to flip.
    pub tempo_full: i32,
}

impl Default for AtaxxWeights {
    /// The weights fitted by Texel tuning on 216 055 self-play positions (`ataxx_ab tune`,
    /// see `docs/strength.md`).
    fn default() -> AtaxxWeights {
        AtaxxWeights {
            material: 100,
            mobility: 10,
            safe: 58,
            edge: 47,
            corner: 41,
            parity: -13,
            parity_empties: 8,
            tempo: 280,
            tempo_full: 430,
        }
    }
}

/// An Ataxx evaluation with Texel-tuned weights: material, clone mobility, safe stones,
/// edge and corner stones, parity of the empty squares near the end, and a bonus for the
/// side to move that grows as the board fills.
///
/// `boardgame-search` implements its `Evaluator` trait for it (re-exported there as
/// `boardgame_search::eval::ataxx::AtaxxEvaluator`), for its generic searches.
///
/// ```
/// use ataxx::Ataxx;
/// use boardgame_core::Seat;
/// use boardgame_engine::eval::AtaxxEvaluator;
///
/// let eval = AtaxxEvaluator::default();
/// let start = Ataxx::default();
/// // The start is symmetric: only the tempo bonus separates the two sides.
/// assert_eq!(eval.evaluate(&start, Seat::new(0)), -eval.evaluate(&start, Seat::new(1)));
/// assert!(eval.evaluate(&start, Seat::new(0)) > 0);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AtaxxEvaluator {
    /// The weights.
    pub weights: AtaxxWeights,
}

impl AtaxxEvaluator {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: AtaxxWeights) -> AtaxxEvaluator {
        AtaxxEvaluator { weights }
    }

    /// The features of `color` that do not depend on the side to move.
    fn side_terms(&self, state: &Ataxx, color: Color) -> i32 {
        let w = &self.weights;
        let [material, mobility, safe, edge, corner] = side_counts(state, color);
        w.material * material
            + w.mobility * mobility
            + w.safe * safe
            + w.edge * edge
            + w.corner * corner
    }

    /// The terms of [`evaluate`](AtaxxEvaluator::evaluate) for `seat`, one per linear weight in
    /// the order of [`AtaxxWeights::linear`]: the evaluation is the sum of each weight times
    /// its term (before the clamp to [`bound`](AtaxxEvaluator::bound), and up to the integer
    /// rounding of the side-to-move share). For tuning the weights on labelled positions
    /// (`examples/ataxx_texel.rs`).
    #[must_use]
    pub fn terms(&self, state: &Ataxx, seat: Seat) -> [f64; LINEAR_WEIGHTS] {
        let color = Color::from_seat(seat).expect("ataxx has seats 0 and 1");
        let mine = side_counts(state, color);
        let theirs = side_counts(state, !color);
        let to_move = if state.side_to_move() == color {
            1.0
        } else {
            -1.0
        };
        let empties = state.empty().len();
        let stones = (state.pieces(Color::X) | state.pieces(Color::O)).len();
        let filled = stones as f64 / (stones + empties).max(1) as f64;
        let parity = if empties as u32 <= self.weights.parity_empties {
            if empties % 2 == 1 { to_move } else { -to_move }
        } else {
            0.0
        };
        let side = |k: usize| f64::from(mine[k] - theirs[k]);
        [
            side(0),
            side(1),
            side(2),
            side(3),
            side(4),
            parity,
            to_move * (1.0 - filled),
            to_move * filled,
        ]
    }
}

/// How many weights [`AtaxxWeights::linear`] lists.
pub const LINEAR_WEIGHTS: usize = 8;

/// The squares of the edge without the corners, and the corners.
const EDGE: Bitboard = rim(false);
const CORNERS: Bitboard = rim(true);

const fn rim(corners: bool) -> Bitboard {
    let mut bits = 0u64;
    let mut index = 0;
    while index < 49 {
        let (file, rank) = (index % 7, index / 7);
        let edges = (file == 0 || file == 6) as u32 + (rank == 0 || rank == 6) as u32;
        if (corners && edges == 2) || (!corners && edges == 1) {
            bits |= 1 << index;
        }
        index += 1;
    }
    Bitboard::new(bits)
}

/// `color`'s stones, clone destinations, safe stones, edge stones and corner stones.
fn side_counts(state: &Ataxx, color: Color) -> [i32; 5] {
    let empty = state.empty();
    let mine = state.pieces(color);
    [
        mine.len() as i32,
        (mine.dilate() & empty).len() as i32,
        (mine & !empty.dilate()).len() as i32,
        (mine & EDGE).len() as i32,
        (mine & CORNERS).len() as i32,
    ]
}

impl AtaxxWeights {
    /// The weights that multiply [`AtaxxEvaluator::terms`], in its order: material,
    /// mobility, safe, edge, corner, parity, tempo, tempo_full (`parity_empties` is a
    /// threshold, not a weight).
    #[must_use]
    pub fn linear(&self) -> [i32; LINEAR_WEIGHTS] {
        [
            self.material,
            self.mobility,
            self.safe,
            self.edge,
            self.corner,
            self.parity,
            self.tempo,
            self.tempo_full,
        ]
    }

    /// These weights with the linear ones replaced, in the order of
    /// [`linear`](AtaxxWeights::linear).
    #[must_use]
    pub fn with_linear(self, linear: [i32; LINEAR_WEIGHTS]) -> AtaxxWeights {
        let [
            material,
            mobility,
            safe,
            edge,
            corner,
            parity,
            tempo,
            tempo_full,
        ] = linear;
        AtaxxWeights {
            material,
            mobility,
            safe,
            edge,
            corner,
            parity,
            tempo,
            tempo_full,
            ..self
        }
    }
}

impl AtaxxEvaluator {
    /// The value of `state` for `seat`, in hundredths of a stone: higher is better, within
    /// `±`[`bound`](AtaxxEvaluator::bound). Zero-sum: the two seats' values are opposite.
    ///
    /// # Panics
    /// If `seat` is not 0 or 1.
    #[must_use]
    pub fn evaluate(&self, state: &Ataxx, seat: Seat) -> i32 {
        let color = Color::from_seat(seat).expect("ataxx has seats 0 and 1");
        let w = &self.weights;
        let mut value = self.side_terms(state, color) - self.side_terms(state, !color);
        let to_move = if state.side_to_move() == color { 1 } else { -1 };
        let empties = state.empty().len() as i32;
        let stones = (state.pieces(Color::X) | state.pieces(Color::O)).len() as i32;
        let playable = (stones + empties).max(1);
        value += to_move * (w.tempo + (w.tempo_full - w.tempo) * stones / playable);
        let empties = empties as u32;
        if empties <= w.parity_empties {
            let odd = if empties % 2 == 1 { 1 } else { -1 };
            value += to_move * odd * w.parity;
        }
        value.clamp(-self.bound(), self.bound())
    }

    /// The largest magnitude [`evaluate`](AtaxxEvaluator::evaluate) returns.
    #[must_use]
    pub fn bound(&self) -> i32 {
        let w = &self.weights;
        let per_square =
            w.material.abs() + w.mobility.abs() + w.safe.abs() + w.edge.abs().max(w.corner.abs());
        (49 * per_square + w.tempo.abs().max(w.tempo_full.abs()) + w.parity.abs()).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str, seat: usize) -> i32 {
        AtaxxEvaluator::default().evaluate(&fen.parse().unwrap(), Seat::new(seat))
    }

    #[test]
    fn material_dominates_the_evaluation() {
        // x has three stones to o's one.
        assert!(eval("xxx4/7/7/7/7/7/6o x 0 1", 0) > 150);
        assert!(eval("xxx4/7/7/7/7/7/6o x 0 1", 1) < -150);
    }

    #[test]
    fn the_evaluation_is_zero_sum_between_the_seats() {
        for fen in ["x5o/7/7/7/7/7/o5x x 0 1", "xxo4/1o5/7/3x3/7/7/6o o 3 9"] {
            assert_eq!(eval(fen, 0), -eval(fen, 1), "{fen}");
        }
    }

    fn only(weights: AtaxxWeights) -> AtaxxEvaluator {
        AtaxxEvaluator::new(weights)
    }

    const NOTHING: AtaxxWeights = AtaxxWeights {
        material: 0,
        mobility: 0,
        safe: 0,
        edge: 0,
        corner: 0,
        parity: 0,
        parity_empties: 0,
        tempo: 0,
        tempo_full: 0,
    };

    #[test]
    fn safe_stones_are_those_without_an_empty_neighbour() {
        // x: a7 is surrounded by x (safe); b7, a6, b6 touch empty squares. o: none safe.
        let state: Ataxx = "xx5/xx5/7/7/7/7/5oo x 0 1".parse().unwrap();
        let safe = only(AtaxxWeights { safe: 1, ..NOTHING });
        assert_eq!(safe.evaluate(&state, Seat::new(0)), 1);
        // o on a1 with a2, b1, b2 all x is safe too: one safe stone each.
        let state: Ataxx = "xx5/xx5/7/7/7/xx5/oxx4 x 0 1".parse().unwrap();
        assert_eq!(safe.evaluate(&state, Seat::new(0)), 0);
    }

    #[test]
    fn mobility_counts_clone_destinations() {
        // x on a7 reaches b7, a6, b6; o on d4 reaches its 8 neighbours.
        let state: Ataxx = "x6/7/7/3o3/7/7/7 x 0 1".parse().unwrap();
        let mobility = only(AtaxxWeights {
            mobility: 1,
            ..NOTHING
        });
        assert_eq!(mobility.evaluate(&state, Seat::new(0)), 3 - 8);
    }

    #[test]
    fn the_side_to_move_bonus_grows_with_the_stones_on_the_board() {
        let tempo = only(AtaxxWeights {
            tempo: 200,
            tempo_full: 500,
            ..NOTHING
        });
        // 4 stones of 49 playable squares: 200 + 300 * 4 / 49 = 224.
        let start: Ataxx = "x5o/7/7/7/7/7/o5x x 0 1".parse().unwrap();
        assert_eq!(tempo.evaluate(&start, Seat::new(0)), 224);
        assert_eq!(tempo.evaluate(&start, Seat::new(1)), -224);
        // Blockers are not playable: 4 stones of 45 squares give 200 + 300 * 4 / 45 = 226.
        let blocked: Ataxx = "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1".parse().unwrap();
        assert_eq!(tempo.evaluate(&blocked, Seat::new(1)), 226);
        // A full board: the whole 500.
        let full: Ataxx = "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxo x 0 1"
            .parse()
            .unwrap();
        assert_eq!(tempo.evaluate(&full, Seat::new(0)), 500);
    }

    #[test]
    fn edge_and_corner_terms_count_rim_stones_apart() {
        // x: a7 (corner), b7 and a5 (edges), d4 (centre); o: g1 (corner).
        let state: Ataxx = "xx5/7/x6/3x3/7/7/6o x 0 1".parse().unwrap();
        let edge = only(AtaxxWeights { edge: 1, ..NOTHING });
        let corner = only(AtaxxWeights {
            corner: 1,
            ..NOTHING
        });
        assert_eq!(edge.evaluate(&state, Seat::new(0)), 2);
        assert_eq!(corner.evaluate(&state, Seat::new(0)), 0);
        assert_eq!(corner.evaluate(&state, Seat::new(1)), 0);
        let state: Ataxx = "x6/7/7/7/7/7/7 x 0 1".parse().unwrap();
        assert_eq!(corner.evaluate(&state, Seat::new(0)), 1);
        assert_eq!(edge.evaluate(&state, Seat::new(0)), 0);
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_its_terms() {
        use boardgame_core::driver::{below, rng_from_seed};
        use boardgame_core::{Game, Turn};
        let weights = AtaxxWeights {
            material: 100,
            mobility: 3,
            safe: 30,
            edge: -7,
            corner: 11,
            parity: 20,
            parity_empties: 8,
            tempo: 30,
            tempo_full: 90,
        };
        let eval = AtaxxEvaluator::new(weights);
        let mut rng = rng_from_seed(7);
        let mut checked = 0;
        for start in ["x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"] {
            for _ in 0..20 {
                let mut state: Ataxx = start.parse().unwrap();
                while let Turn::Player(_) = state.turn() {
                    for seat in [Seat::new(0), Seat::new(1)] {
                        let sum: f64 = eval
                            .terms(&state, seat)
                            .iter()
                            .zip(weights.linear())
                            .map(|(term, weight)| term * f64::from(weight))
                            .sum();
                        let value = f64::from(eval.evaluate(&state, seat));
                        assert!((value - sum).abs() < 1.0, "{state}: {value} against {sum}");
                        checked += 1;
                    }
                    let moves = state.legal_moves_vec();
                    state.play_unchecked(moves[below(&mut rng, moves.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 4000, "{checked}");
    }

    #[test]
    fn linear_weights_round_trip() {
        let w = AtaxxWeights::default();
        let linear = [1, 2, 3, 4, 5, 6, 7, 8];
        let changed = w.with_linear(linear);
        assert_eq!(changed.linear(), linear);
        assert_eq!(changed.parity_empties, w.parity_empties);
        assert_eq!(changed.with_linear(w.linear()), w);
    }

    #[test]
    fn parity_favours_the_side_to_move_with_an_odd_number_of_empties() {
        // Three empty squares (e1, f1, g1), x to move.
        let state: Ataxx = "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxx3 x 0 1"
            .parse()
            .unwrap();
        let parity = only(AtaxxWeights {
            parity: 5,
            parity_empties: 3,
            ..NOTHING
        });
        assert_eq!(parity.evaluate(&state, Seat::new(0)), 5);
        assert_eq!(parity.evaluate(&state, Seat::new(1)), -5);
        let off = only(AtaxxWeights {
            parity: 5,
            parity_empties: 2,
            ..NOTHING
        });
        assert_eq!(off.evaluate(&state, Seat::new(0)), 0);
    }
}
