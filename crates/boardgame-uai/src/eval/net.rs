//! The learned evaluation: a small network with sparse inputs, run in integers.
//!
//! Architecture `(147 → H) × 2 → 1`, with H = [`HIDDEN`]:
//! - **Inputs**, seen from one side (a *perspective*): 49 squares × {own stone, the
//!   opponent's stone, blocked}. For `o`'s perspective the board is mirrored top to bottom,
//!   so that both sides see the start position alike and share one set of weights.
//! - **Feature transformer**: one accumulator of H values per perspective, the sum of the
//!   weight rows of the active inputs plus a bias. It is updated from the parent's
//!   accumulator by the squares that changed, not recomputed.
//! - **Output**: SCReLU (`clamp(v, 0, 1)²`) of the side to move's accumulator, then of the
//!   other's, dotted with 2H weights, plus a bias, times [`SCALE`]: hundredths of a stone,
//!   like the handcrafted evaluation, where [`SCALE`] units are a logistic unit of win
//!   chance (`sigmoid(eval / SCALE)`).
//!
//! Quantisation: feature weights and biases ×[`QA`] in `i16`, output weights ×[`QB`] in
//! `i16`, the output bias ×`QA·QB` in `i32`. The file format is described in
//! `docs/engine.md` ("The network file").

use std::fmt;

use ataxx::{Ataxx, Color};

/// Hidden units per perspective.
pub const HIDDEN: usize = 128;
/// Inputs per perspective: 49 squares × {own, opponent's, blocked}.
pub const INPUTS: usize = 147;
/// The feature transformer's quantisation factor (SCReLU clips at this value).
pub const QA: i32 = 255;
/// The output layer's quantisation factor.
pub const QB: i32 = 64;
/// Evaluation units (hundredths of a stone) per logistic unit of win chance.
pub const SCALE: i32 = 400;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BGAXNNUE";
/// The file format's version.
pub const VERSION: u32 = 1;
const HEADER_BYTES: usize = 8 + 4 * 6;

/// The square index a perspective sees for board square `sq`: itself for `x`, mirrored
/// top to bottom for `o`.
#[inline]
pub const fn oriented(perspective: usize, sq: usize) -> usize {
    if perspective == 0 {
        sq
    } else {
        (6 - sq / 7) * 7 + sq % 7
    }
}

/// Input index of an own stone on `sq` for `perspective`.
#[inline]
pub const fn own(perspective: usize, sq: usize) -> usize {
    oriented(perspective, sq)
}

/// Input index of an opponent's stone on `sq` for `perspective`.
#[inline]
pub const fn theirs(perspective: usize, sq: usize) -> usize {
    49 + oriented(perspective, sq)
}

/// Input index of a blocked square `sq` for `perspective`.
#[inline]
pub const fn blocked(perspective: usize, sq: usize) -> usize {
    98 + oriented(perspective, sq)
}

/// The active inputs of a position for `perspective` (0 for `x`, 1 for `o`), calling
/// `input` once for each.
pub fn for_each_input(x: u64, o: u64, gaps: u64, perspective: usize, mut input: impl FnMut(usize)) {
    let (mine, other) = if perspective == 0 { (x, o) } else { (o, x) };
    for (bits, plane) in [(mine, 0), (other, 49), (gaps, 98)] {
        let mut rest = bits;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            input(plane + oriented(perspective, sq));
            rest &= rest - 1;
        }
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad network file: {}", self.0)
    }
}

impl std::error::Error for NetError {}

/// A quantised network.
#[derive(Clone)]
pub struct Network {
    feature_weights: Box<[[i16; HIDDEN]; INPUTS]>,
    feature_bias: [i16; HIDDEN],
    output_weights: [i16; 2 * HIDDEN],
    output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .field("output_bias", &self.output_bias)
            .finish_non_exhaustive()
    }
}

/// The two perspectives' accumulators, indexed by colour (`x` = 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// `values[perspective][unit]`.
    pub values: [[i16; HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            values: [[0; HIDDEN]; 2],
        }
    }
}

/// Reads little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        let (head, rest) = self
            .0
            .split_first_chunk::<N>()
            .ok_or_else(|| NetError("the file ends early".into()))?;
        self.0 = rest;
        Ok(*head)
    }
    fn u32(&mut self) -> Result<u32, NetError> {
        self.take::<4>().map(u32::from_le_bytes)
    }
    fn i16(&mut self) -> Result<i16, NetError> {
        self.take::<2>().map(i16::from_le_bytes)
    }
}

impl Network {
    /// The network with every weight zero (it evaluates everything as 0).
    #[must_use]
    pub fn zeroed() -> Network {
        Network {
            feature_weights: Box::new([[0; HIDDEN]; INPUTS]),
            feature_bias: [0; HIDDEN],
            output_weights: [0; 2 * HIDDEN],
            output_bias: 0,
        }
    }

    /// A network from its quantised parts (the trainer's output).
    ///
    /// # Errors
    /// [`NetError`] when a part has the wrong length.
    pub fn from_parts(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: i32,
    ) -> Result<Network, NetError> {
        if feature_weights.len() != INPUTS * HIDDEN
            || feature_bias.len() != HIDDEN
            || output_weights.len() != 2 * HIDDEN
        {
            return Err(NetError(format!(
                "parts of lengths {}, {}, {} where {}, {}, {} were expected",
                feature_weights.len(),
                feature_bias.len(),
                output_weights.len(),
                INPUTS * HIDDEN,
                HIDDEN,
                2 * HIDDEN
            )));
        }
        let mut net = Network::zeroed();
        for (row, chunk) in net
            .feature_weights
            .iter_mut()
            .zip(feature_weights.chunks_exact(HIDDEN))
        {
            row.copy_from_slice(chunk);
        }
        net.feature_bias.copy_from_slice(feature_bias);
        net.output_weights.copy_from_slice(output_weights);
        net.output_bias = output_bias;
        Ok(net)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetError`] when the bytes are not a network of this architecture.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let mut reader = Reader(bytes);
        if &reader.take::<8>()? != MAGIC {
            return Err(NetError("it does not start with BGAXNNUE".into()));
        }
        let header = [
            reader.u32()?,
            reader.u32()?,
            reader.u32()?,
            reader.u32()?,
            reader.u32()?,
            reader.u32()?,
        ];
        let expected = [
            VERSION,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ];
        if header != expected {
            return Err(NetError(format!(
                "header (version, inputs, hidden, QA, QB, scale) is {header:?}, this engine reads {expected:?}"
            )));
        }
        let body = INPUTS * HIDDEN * 2 + HIDDEN * 2 + 2 * HIDDEN * 2 + 4;
        if bytes.len() != HEADER_BYTES + body {
            return Err(NetError(format!(
                "{} bytes where {} were expected",
                bytes.len(),
                HEADER_BYTES + body
            )));
        }
        let mut net = Network::zeroed();
        for row in net.feature_weights.iter_mut() {
            for w in row.iter_mut() {
                *w = reader.i16()?;
            }
        }
        for b in &mut net.feature_bias {
            *b = reader.i16()?;
        }
        for w in &mut net.output_weights {
            *w = reader.i16()?;
        }
        net.output_bias = i32::from_le_bytes(reader.take::<4>()?);
        Ok(net)
    }

    /// The network file's bytes (read back by [`Network::from_bytes`]).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + INPUTS * HIDDEN * 2 + 8 * HIDDEN);
        out.extend_from_slice(MAGIC);
        for value in [
            VERSION,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for row in self.feature_weights.iter() {
            for w in row {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        for b in &self.feature_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        for w in &self.output_weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Computes both accumulators of a position from scratch.
    pub fn refresh(&self, acc: &mut Accumulator, x: u64, o: u64, gaps: u64) {
        for perspective in 0..2 {
            let values = &mut acc.values[perspective];
            *values = self.feature_bias;
            for_each_input(x, o, gaps, perspective, |input| {
                add(values, &self.feature_weights[input]);
            });
        }
    }

    /// Sets `child` to the accumulators of the position with stones `(x, o)`, from
    /// `parent`, the accumulators of the position with stones `(old_x, old_o)` and the same
    /// blocked squares.
    pub fn update(
        &self,
        parent: &Accumulator,
        child: &mut Accumulator,
        (old_x, old_o): (u64, u64),
        (x, o): (u64, u64),
    ) {
        // The changes as (square, plane seen by x); o sees the other plane. One move
        // changes at most 18 (plane, square) pairs; a longer diff is applied in parts.
        let changes = [
            (old_x & !x, 0usize, false),
            (x & !old_x, 0, true),
            (old_o & !o, 49, false),
            (o & !old_o, 49, true),
        ];
        let mut added = [[0u8; 24]; 2];
        let mut removed = [[0u8; 24]; 2];
        let (mut adds, mut subs) = (0, 0);
        // Where the next batch of rows starts from: the parent, or (after a batch that
        // filled the arrays) the child itself.
        let mut from_child = false;
        for (bits, x_plane, is_add) in changes {
            let mut rest = bits;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let o_plane = 49 - x_plane;
                let rows = [
                    (x_plane + oriented(0, sq)) as u8,
                    (o_plane + oriented(1, sq)) as u8,
                ];
                if is_add {
                    added[0][adds] = rows[0];
                    added[1][adds] = rows[1];
                    adds += 1;
                } else {
                    removed[0][subs] = rows[0];
                    removed[1][subs] = rows[1];
                    subs += 1;
                }
                if adds == 24 || subs == 24 {
                    self.apply_both(parent, child, from_child, &added, &removed, adds, subs);
                    from_child = true;
                    (adds, subs) = (0, 0);
                }
            }
        }
        self.apply_both(parent, child, from_child, &added, &removed, adds, subs);
    }

    /// [`apply`] for both perspectives, from `parent` or from `child` itself.
    #[allow(clippy::too_many_arguments)] // both perspectives' rows and their counts
    #[inline]
    fn apply_both(
        &self,
        parent: &Accumulator,
        child: &mut Accumulator,
        from_child: bool,
        added: &[[u8; 24]; 2],
        removed: &[[u8; 24]; 2],
        adds: usize,
        subs: usize,
    ) {
        for p in 0..2 {
            let rows_added = &added[p][..adds];
            let rows_removed = &removed[p][..subs];
            if from_child {
                let from = child.values[p];
                apply(
                    &from,
                    &mut child.values[p],
                    &self.feature_weights,
                    rows_added,
                    rows_removed,
                );
            } else {
                apply(
                    &parent.values[p],
                    &mut child.values[p],
                    &self.feature_weights,
                    rows_added,
                    rows_removed,
                );
            }
        }
    }

    /// The evaluation for the side to move `side` from the accumulators, in hundredths of
    /// a stone.
    #[must_use]
    pub fn output(&self, acc: &Accumulator, side: Color) -> i32 {
        let us = &acc.values[side.index()];
        let them = &acc.values[(!side).index()];
        let (w_us, w_them) = self.output_weights.split_at(HIDDEN);
        // (v·w)·v with v ≤ QA = 255 and |w| ≤ 127: each term is below 2^23, and the 2H
        // terms of H = 128 stay below 2^31.
        let sum = screlu_dot(us, w_us) + screlu_dot(them, w_them);
        let raw = sum / QA + self.output_bias;
        (i64::from(raw) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `position` for its side to move, computed from scratch.
    #[must_use]
    pub fn evaluate(&self, position: &Ataxx) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(
            &mut acc,
            position.pieces(Color::X).bits(),
            position.pieces(Color::O).bits(),
            position.blocked().bits(),
        );
        self.output(&acc, position.side_to_move())
    }
}

#[inline]
fn add(values: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (v, w) in values.iter_mut().zip(row) {
        *v = v.wrapping_add(*w);
    }
}

/// `out = from + Σ rows[added] − Σ rows[removed]`, a block of lanes at a time (each block
/// stays in registers while every row is added to it).
#[inline]
fn apply(
    from: &[i16; HIDDEN],
    out: &mut [i16; HIDDEN],
    rows: &[[i16; HIDDEN]; INPUTS],
    added: &[u8],
    removed: &[u8],
) {
    const LANES: usize = 32;
    for block in (0..HIDDEN).step_by(LANES) {
        let mut sum = [0i16; LANES];
        sum.copy_from_slice(&from[block..block + LANES]);
        for &row in added {
            let row = &rows[usize::from(row)][block..block + LANES];
            for (s, w) in sum.iter_mut().zip(row) {
                *s = s.wrapping_add(*w);
            }
        }
        for &row in removed {
            let row = &rows[usize::from(row)][block..block + LANES];
            for (s, w) in sum.iter_mut().zip(row) {
                *s = s.wrapping_sub(*w);
            }
        }
        out[block..block + LANES].copy_from_slice(&sum);
    }
}

/// `Σ clamp(v, 0, QA)² · w`, computed as `(v·w)·v`: `v·w` fits an `i16` (|w| ≤ 127), so
/// the products pair up into 32-bit sums (`pmaddwd` on x86).
#[inline]
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (v, w) in values.iter().zip(weights) {
        let v = (*v).clamp(0, QA as i16);
        let vw = v.wrapping_mul(*w);
        sum += i32::from(vw) * i32::from(v);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Game;
    use boardgame_core::driver::{below, rng_from_seed};

    /// A network with small pseudo-random weights.
    fn scrambled(seed: u64) -> Network {
        let mut rng = rng_from_seed(seed);
        let mut small = |range: u64| below(&mut rng, 2 * range + 1) as i16 - range as i16;
        let fw: Vec<i16> = (0..INPUTS * HIDDEN).map(|_| small(40)).collect();
        let fb: Vec<i16> = (0..HIDDEN).map(|_| small(60)).collect();
        let ow: Vec<i16> = (0..2 * HIDDEN).map(|_| small(127)).collect();
        Network::from_parts(&fw, &fb, &ow, 1234).unwrap()
    }

    #[test]
    fn the_file_format_round_trips_and_checks_its_header() {
        let net = scrambled(1);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        let mut wrong = bytes.clone();
        wrong[8] = 9; // version
        assert!(
            Network::from_bytes(&wrong)
                .unwrap_err()
                .0
                .contains("header")
        );
        assert!(Network::from_bytes(b"nonsense").is_err());
    }

    #[test]
    fn incremental_updates_equal_a_refresh_along_random_games() {
        let net = scrambled(2);
        let mut rng = rng_from_seed(3);
        for start in ["x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"] {
            let mut position: Ataxx = start.parse().unwrap();
            let gaps = position.blocked().bits();
            let mut acc = Accumulator::default();
            net.refresh(
                &mut acc,
                position.pieces(Color::X).bits(),
                position.pieces(Color::O).bits(),
                gaps,
            );
            while !position.is_terminal() {
                let moves = position.legal_moves_vec();
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                let old = (
                    position.pieces(Color::X).bits(),
                    position.pieces(Color::O).bits(),
                );
                position.play(mv).unwrap();
                let new = (
                    position.pieces(Color::X).bits(),
                    position.pieces(Color::O).bits(),
                );
                let mut child = Accumulator::default();
                net.update(&acc, &mut child, old, new);
                let mut fresh = Accumulator::default();
                net.refresh(&mut fresh, new.0, new.1, gaps);
                assert_eq!(child, fresh, "after {mv} in {position}");
                acc = child;
            }
        }
    }

    #[test]
    fn mirrored_colours_evaluate_alike() {
        // Swapping the colours and mirroring the board top to bottom gives the side to
        // move the same inputs, so the same evaluation.
        let net = scrambled(4);
        let a: Ataxx = "x5o/1x5/7/3-3/7/5o1/o5x x 0 1".parse().unwrap();
        let b: Ataxx = "x5o/5x1/7/3-3/7/1o5/o5x o 0 1".parse().unwrap();
        assert_eq!(net.evaluate(&a), net.evaluate(&b));
        assert_ne!(net.evaluate(&a), 0);
    }
}
