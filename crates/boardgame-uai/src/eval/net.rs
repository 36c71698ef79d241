//! The learned evaluation: a small network with sparse inputs, run in integers.
//!
//! Architecture `(I → H) × 2 → 1`, with H = [`HIDDEN`]:
//! - **Inputs**, seen from one side (a *perspective*; for `o` the board is mirrored top to
//!   bottom, so that both sides see the start position alike and share one set of weights).
//!   Two [`Features`] sets:
//!   - [`Features::Squares`], I = 147: 49 squares × {own stone, the opponent's stone,
//!     blocked};
//!   - [`Features::SquaresAndTuples`], I = 147 + 2 916: the same, plus one input per 2×2
//!     window of the board (36 windows) for the pattern it shows (3⁴ = 81: each square empty
//!     or blocked, own, or the opponent's). A window's pattern sees how stones protect and
//!     threaten each other, which single squares cannot.
//! - **Feature transformer**: one accumulator of H values per perspective, the sum of the
//!   weight rows of the active inputs plus a bias. It is updated from the parent's
//!   accumulator by the inputs that changed, not recomputed.
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
/// Square inputs per perspective: 49 squares × {own, opponent's, blocked}.
pub const SQUARE_INPUTS: usize = 147;
/// 2×2 windows on the board.
pub const WINDOWS: usize = 36;
/// Patterns of a window: each of its 4 squares empty (or blocked), own, or the opponent's.
pub const PATTERNS: usize = 81;
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

/// The input sets a network can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Features {
    /// 49 squares × {own, opponent's, blocked}: 147 inputs.
    Squares,
    /// The squares, plus a pattern input per 2×2 window: 147 + 2 916 inputs.
    SquaresAndTuples,
}

impl Features {
    /// Inputs per perspective.
    #[must_use]
    pub const fn inputs(self) -> usize {
        match self {
            Features::Squares => SQUARE_INPUTS,
            Features::SquaresAndTuples => SQUARE_INPUTS + WINDOWS * PATTERNS,
        }
    }

    /// The feature set with this many inputs.
    #[must_use]
    pub fn with_inputs(inputs: usize) -> Option<Features> {
        [Features::Squares, Features::SquaresAndTuples]
            .into_iter()
            .find(|f| f.inputs() == inputs)
    }

    fn has_tuples(self) -> bool {
        self == Features::SquaresAndTuples
    }
}

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

/// A set of squares mirrored top to bottom.
#[inline]
const fn flip_ranks(bits: u64) -> u64 {
    let mut out = 0;
    let mut rank = 0;
    while rank < 7 {
        out |= ((bits >> (7 * rank)) & 0x7f) << (7 * (6 - rank));
        rank += 1;
    }
    out
}

/// `(own, opponent's, blocked)` as `perspective` sees them (mirrored for `o`).
#[inline]
fn oriented_sets(x: u64, o: u64, gaps: u64, perspective: usize) -> (u64, u64, u64) {
    if perspective == 0 {
        (x, o, gaps)
    } else {
        (flip_ranks(o), flip_ranks(x), flip_ranks(gaps))
    }
}

/// `PATTERN[own 4 bits][opponent's 4 bits]`: a window's pattern number, `Σ digitₖ·3ᵏ` with
/// digit 1 for an own stone and 2 for the opponent's (bits: lower-left, lower-right,
/// upper-left, upper-right).
const PATTERN: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut own = 0;
    while own < 16 {
        let mut other = 0;
        while other < 16 {
            let mut value = 0;
            let mut power = 1;
            let mut k = 0;
            while k < 4 {
                if own & (1 << k) != 0 {
                    value += power;
                } else if other & (1 << k) != 0 {
                    value += 2 * power;
                }
                power *= 3;
                k += 1;
            }
            table[own][other] = value as u8;
            other += 1;
        }
        own += 1;
    }
    table
};

/// `WINDOWS_OF[sq]`: the windows (bit `w`) that hold square `sq`. Window `w` has its
/// lower-left square on rank `w / 6`, file `w % 6`.
const WINDOWS_OF: [u64; 49] = {
    let mut table = [0u64; 49];
    let mut w = 0;
    while w < WINDOWS {
        let base = (w / 6) * 7 + w % 6;
        table[base] |= 1 << w;
        table[base + 1] |= 1 << w;
        table[base + 7] |= 1 << w;
        table[base + 8] |= 1 << w;
        w += 1;
    }
    table
};

/// The input of window `w` for the oriented sets `own` and `other`.
#[inline]
fn window_input(own: u64, other: u64, w: usize) -> usize {
    let base = (w / 6) * 7 + w % 6;
    let four = |bits: u64| ((bits >> base) & 3) | (((bits >> (base + 7)) & 3) << 2);
    SQUARE_INPUTS + w * PATTERNS + usize::from(PATTERN[four(own) as usize][four(other) as usize])
}

/// The active inputs of a position for `perspective` (0 for `x`, 1 for `o`), calling
/// `input` once for each.
pub fn for_each_input(
    features: Features,
    x: u64,
    o: u64,
    gaps: u64,
    perspective: usize,
    mut input: impl FnMut(usize),
) {
    let (own, other, blocked) = oriented_sets(x, o, gaps, perspective);
    for (bits, plane) in [(own, 0), (other, 49), (blocked, 98)] {
        let mut rest = bits;
        while rest != 0 {
            input(plane + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
    if features.has_tuples() {
        for w in 0..WINDOWS {
            input(window_input(own, other, w));
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
    features: Features,
    /// One row of `HIDDEN` weights per input.
    feature_weights: Vec<[i16; HIDDEN]>,
    feature_bias: [i16; HIDDEN],
    output_weights: [i16; 2 * HIDDEN],
    output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("features", &self.features)
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

/// The most rows one accumulator update applies per perspective: a move changes at most
/// 18 (square, plane) pairs and 36 windows (2 rows each).
const MAX_ROWS: usize = 96;

impl Network {
    /// The network with every weight zero (it evaluates everything as 0).
    #[must_use]
    pub fn zeroed(features: Features) -> Network {
        Network {
            features,
            feature_weights: vec![[0; HIDDEN]; features.inputs()],
            feature_bias: [0; HIDDEN],
            output_weights: [0; 2 * HIDDEN],
            output_bias: 0,
        }
    }

    /// The network's input set.
    #[must_use]
    pub fn features(&self) -> Features {
        self.features
    }

    /// A network from its quantised parts (the trainer's output).
    ///
    /// # Errors
    /// [`NetError`] when a part has the wrong length.
    pub fn from_parts(
        features: Features,
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: i32,
    ) -> Result<Network, NetError> {
        let inputs = features.inputs();
        if feature_weights.len() != inputs * HIDDEN
            || feature_bias.len() != HIDDEN
            || output_weights.len() != 2 * HIDDEN
        {
            return Err(NetError(format!(
                "parts of lengths {}, {}, {} where {}, {}, {} were expected",
                feature_weights.len(),
                feature_bias.len(),
                output_weights.len(),
                inputs * HIDDEN,
                HIDDEN,
                2 * HIDDEN
            )));
        }
        let mut net = Network::zeroed(features);
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
        let features = Features::with_inputs(header[1] as usize);
        let expected = [
            VERSION,
            features.map_or(SQUARE_INPUTS, Features::inputs) as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ];
        let Some(features) = features.filter(|_| header == expected) else {
            return Err(NetError(format!(
                "header (version, inputs, hidden, QA, QB, scale) is {header:?}, this engine reads {expected:?} (or inputs {})",
                Features::SquaresAndTuples.inputs()
            )));
        };
        let inputs = features.inputs();
        let body = inputs * HIDDEN * 2 + HIDDEN * 2 + 2 * HIDDEN * 2 + 4;
        if bytes.len() != HEADER_BYTES + body {
            return Err(NetError(format!(
                "{} bytes where {} were expected",
                bytes.len(),
                HEADER_BYTES + body
            )));
        }
        let mut net = Network::zeroed(features);
        for row in &mut net.feature_weights {
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
        let inputs = self.features.inputs();
        let mut out = Vec::with_capacity(HEADER_BYTES + inputs * HIDDEN * 2 + 8 * HIDDEN + 4);
        out.extend_from_slice(MAGIC);
        for value in [
            VERSION,
            inputs as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for row in &self.feature_weights {
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
            let mut rows = [0u16; SQUARE_INPUTS + WINDOWS];
            let mut count = 0;
            for_each_input(self.features, x, o, gaps, perspective, |input| {
                rows[count] = input as u16;
                count += 1;
            });
            let bias = self.feature_bias;
            apply(
                &bias,
                &mut acc.values[perspective],
                &self.feature_weights,
                &rows[..count],
                &[],
            );
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
        for perspective in 0..2 {
            let (own0, other0, _) = oriented_sets(old_x, old_o, 0, perspective);
            let (own1, other1, _) = oriented_sets(x, o, 0, perspective);
            let mut added = [0u16; MAX_ROWS];
            let mut removed = [0u16; MAX_ROWS];
            let (mut adds, mut subs) = (0, 0);
            let push = |rows: &mut [u16; MAX_ROWS], count: &mut usize, row: usize| {
                if *count < MAX_ROWS {
                    rows[*count] = row as u16;
                    *count += 1;
                }
            };
            for (gone, came, plane) in [
                (own0 & !own1, own1 & !own0, 0),
                (other0 & !other1, other1 & !other0, 49),
            ] {
                let mut rest = gone;
                while rest != 0 {
                    push(
                        &mut removed,
                        &mut subs,
                        plane + rest.trailing_zeros() as usize,
                    );
                    rest &= rest - 1;
                }
                let mut rest = came;
                while rest != 0 {
                    push(
                        &mut added,
                        &mut adds,
                        plane + rest.trailing_zeros() as usize,
                    );
                    rest &= rest - 1;
                }
            }
            if self.features.has_tuples() {
                let mut changed = (own0 ^ own1) | (other0 ^ other1);
                let mut windows = 0u64;
                while changed != 0 {
                    windows |= WINDOWS_OF[changed.trailing_zeros() as usize];
                    changed &= changed - 1;
                }
                while windows != 0 {
                    let w = windows.trailing_zeros() as usize;
                    windows &= windows - 1;
                    let (before, after) =
                        (window_input(own0, other0, w), window_input(own1, other1, w));
                    if before != after {
                        push(&mut removed, &mut subs, before);
                        push(&mut added, &mut adds, after);
                    }
                }
            }
            apply(
                &parent.values[perspective],
                &mut child.values[perspective],
                &self.feature_weights,
                &added[..adds],
                &removed[..subs],
            );
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

/// `out = from + Σ rows[added] − Σ rows[removed]`, a block of lanes at a time (each block
/// stays in registers while every row is added to it).
#[inline]
fn apply(
    from: &[i16; HIDDEN],
    out: &mut [i16; HIDDEN],
    rows: &[[i16; HIDDEN]],
    added: &[u16],
    removed: &[u16],
) {
    const LANES: usize = 32;
    for block in (0..HIDDEN).step_by(LANES) {
        let mut sum = [0i16; LANES];
        sum.copy_from_slice(&from[block..block + LANES]);
        for &row in added {
            let Some(row) = rows.get(usize::from(row)) else {
                continue;
            };
            for (s, w) in sum.iter_mut().zip(&row[block..block + LANES]) {
                *s = s.wrapping_add(*w);
            }
        }
        for &row in removed {
            let Some(row) = rows.get(usize::from(row)) else {
                continue;
            };
            for (s, w) in sum.iter_mut().zip(&row[block..block + LANES]) {
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
    fn scrambled(features: Features, seed: u64) -> Network {
        let mut rng = rng_from_seed(seed);
        let mut small = |range: u64| below(&mut rng, 2 * range + 1) as i16 - range as i16;
        let fw: Vec<i16> = (0..features.inputs() * HIDDEN).map(|_| small(20)).collect();
        let fb: Vec<i16> = (0..HIDDEN).map(|_| small(60)).collect();
        let ow: Vec<i16> = (0..2 * HIDDEN).map(|_| small(127)).collect();
        Network::from_parts(features, &fw, &fb, &ow, 1234).unwrap()
    }

    const BOTH: [Features; 2] = [Features::Squares, Features::SquaresAndTuples];

    #[test]
    fn the_file_format_round_trips_and_checks_its_header() {
        for features in BOTH {
            let net = scrambled(features, 1);
            let bytes = net.to_bytes();
            let back = Network::from_bytes(&bytes).unwrap();
            assert_eq!(back.features(), features);
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
            let mut inputs = bytes.clone();
            inputs[12] = 1; // inputs
            assert!(Network::from_bytes(&inputs).is_err());
        }
        assert!(Network::from_bytes(b"nonsense").is_err());
    }

    #[test]
    fn incremental_updates_equal_a_refresh_along_random_games() {
        for features in BOTH {
            let net = scrambled(features, 2);
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
                    assert_eq!(child, fresh, "{features:?}: after {mv} in {position}");
                    acc = child;
                }
            }
        }
    }

    #[test]
    fn mirrored_colours_evaluate_alike() {
        // Swapping the colours and mirroring the board top to bottom gives the side to
        // move the same inputs, so the same evaluation.
        for features in BOTH {
            let net = scrambled(features, 4);
            let a: Ataxx = "x5o/1x5/7/3-3/7/5o1/o5x x 0 1".parse().unwrap();
            let b: Ataxx = "x5o/5x1/7/3-3/7/1o5/o5x o 0 1".parse().unwrap();
            assert_eq!(net.evaluate(&a), net.evaluate(&b));
            assert_ne!(net.evaluate(&a), 0);
        }
    }

    #[test]
    fn windows_and_patterns_are_counted_as_documented() {
        // Every square but the corners' is in 2 or 4 windows; the 36 windows cover
        // 144 square slots.
        let slots: u32 = WINDOWS_OF.iter().map(|w| w.count_ones()).sum();
        assert_eq!(slots, 144);
        assert_eq!(WINDOWS_OF[0].count_ones(), 1);
        assert_eq!(WINDOWS_OF[24].count_ones(), 4);
        // Own on the lower left (digit 1), opponent's on the upper right (2 · 27).
        assert_eq!(PATTERN[0b0001][0b1000], 1 + 54);
        assert_eq!(PATTERN[0][0], 0);
        assert_eq!(usize::from(PATTERN[0][0b1111]), PATTERNS - 1);
        let mut inputs = Vec::new();
        for_each_input(Features::SquaresAndTuples, 1, 1 << 8, 0, 0, |i| {
            inputs.push(i)
        });
        // a1 own, b2 opponent's: two square inputs and 36 windows; window 0 (a1 b1 a2
        // b2) shows own lower-left and opponent's upper-right.
        assert_eq!(inputs.len(), 2 + WINDOWS);
        assert!(inputs.contains(&(SQUARE_INPUTS + 55)));
    }
}
