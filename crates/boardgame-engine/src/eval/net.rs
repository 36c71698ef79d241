//! The learned evaluation: a small network with sparse inputs, run in integers.
//!
//! Architecture `(I → H) × 2 → 1`, with H hidden units per perspective (128 or 256, a
//! multiple of [`HIDDEN_STEP`] up to [`MAX_HIDDEN`], given by the file):
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

use crate::simd::{self, Lanes};

/// The most hidden units per perspective.
pub const MAX_HIDDEN: usize = 256;
/// Hidden sizes are multiples of this (the SIMD kernels work on blocks of it).
pub const HIDDEN_STEP: usize = 128;
/// The hidden size of the first networks (and of every file of format version 1).
pub const DEFAULT_HIDDEN: usize = 128;
/// Blocks of [`HIDDEN_STEP`] units in the largest accumulator.
const MAX_BLOCKS: usize = MAX_HIDDEN / HIDDEN_STEP;
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
/// The file format's version: 2 since the hidden size may be 128 or 256 (version 1 files,
/// all of hidden size 128, still load).
pub const VERSION: u32 = 2;
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

/// `MIRROR[i]`: the input that `o`'s perspective has where `x`'s has input `i` (the board
/// mirrored top to bottom, own and opponent's swapped), for every input of
/// [`Features::SquaresAndTuples`] (the squares' inputs come first, so it serves both sets).
const MIRROR: [u16; SQUARE_INPUTS + WINDOWS * PATTERNS] = {
    let mut table = [0u16; SQUARE_INPUTS + WINDOWS * PATTERNS];
    let mut sq = 0;
    while sq < 49 {
        let m = oriented(1, sq);
        table[sq] = (49 + m) as u16; // x's own stone is the opponent's for o
        table[49 + sq] = m as u16;
        table[98 + sq] = (98 + m) as u16;
        sq += 1;
    }
    let mut w = 0;
    while w < WINDOWS {
        // The window's lower-left square is on rank w / 6: mirrored, rank 5 − w / 6.
        let mirrored = (5 - w / 6) * 6 + w % 6;
        let mut pattern = 0;
        while pattern < PATTERNS {
            // Digit k (0 lower-left, 1 lower-right, 2 upper-left, 3 upper-right) moves to
            // k ^ 2 (lower and upper swap); own (1) and opponent's (2) swap.
            let mut digits = [0; 4];
            let mut rest = pattern;
            let mut k = 0;
            while k < 4 {
                digits[k] = rest % 3;
                rest /= 3;
                k += 1;
            }
            let mut image = 0;
            let mut power = 1;
            let mut k = 0;
            while k < 4 {
                let d = digits[k ^ 2];
                image += power * if d == 0 { 0 } else { 3 - d };
                power *= 3;
                k += 1;
            }
            table[SQUARE_INPUTS + w * PATTERNS + pattern] =
                (SQUARE_INPUTS + mirrored * PATTERNS + image) as u16;
            pattern += 1;
        }
        w += 1;
    }
    table
};

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
    /// Hidden units per perspective.
    hidden: usize,
    /// One row of `hidden` weights per input, input-major, in blocks of lanes.
    feature_weights: Vec<Lanes>,
    feature_bias: Vec<Lanes>,
    /// The side to move's `hidden` weights, then the other side's.
    output_weights: Vec<Lanes>,
    output_bias: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("features", &self.features)
            .field("hidden", &self.hidden)
            .field("output_bias", &self.output_bias)
            .finish_non_exhaustive()
    }
}

/// The two perspectives' accumulators, indexed by colour (`x` = 0), in blocks of
/// [`HIDDEN_STEP`] units. Only the network's `hidden` units are used; the rest stay 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    values: [[Lanes; MAX_BLOCKS]; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            values: [[Lanes::default(); MAX_BLOCKS]; 2],
        }
    }
}

impl Accumulator {
    /// The values of `perspective`'s accumulator (0 for `x`), all [`MAX_HIDDEN`] of them.
    pub fn values(&self, perspective: usize) -> impl Iterator<Item = i16> + '_ {
        self.values[perspective & 1]
            .iter()
            .flat_map(|lanes| lanes.0)
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
    /// The network with every weight zero (it evaluates everything as 0), of hidden size
    /// `hidden` (rounded into the supported sizes).
    #[must_use]
    pub fn zeroed(features: Features, hidden: usize) -> Network {
        let hidden = hidden.clamp(HIDDEN_STEP, MAX_HIDDEN) / HIDDEN_STEP * HIDDEN_STEP;
        let blocks = hidden / HIDDEN_STEP;
        Network {
            features,
            hidden,
            feature_weights: vec![Lanes::default(); features.inputs() * blocks],
            feature_bias: vec![Lanes::default(); blocks],
            output_weights: vec![Lanes::default(); 2 * blocks],
            output_bias: 0,
        }
    }

    /// The network's input set.
    #[must_use]
    pub fn features(&self) -> Features {
        self.features
    }

    /// Hidden units per perspective.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Whether `hidden` is a hidden size networks may have.
    #[must_use]
    pub fn supports_hidden(hidden: usize) -> bool {
        hidden > 0 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(HIDDEN_STEP)
    }

    /// A network from its quantised parts (the trainer's output).
    ///
    /// # Errors
    /// [`NetError`] when the hidden size is not supported or a part has the wrong length.
    pub fn from_parts(
        features: Features,
        hidden: usize,
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: i32,
    ) -> Result<Network, NetError> {
        if !Network::supports_hidden(hidden) {
            return Err(NetError(format!(
                "hidden size {hidden}: networks have a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN}"
            )));
        }
        let inputs = features.inputs();
        if feature_weights.len() != inputs * hidden
            || feature_bias.len() != hidden
            || output_weights.len() != 2 * hidden
        {
            return Err(NetError(format!(
                "parts of lengths {}, {}, {} where {}, {}, {} were expected",
                feature_weights.len(),
                feature_bias.len(),
                output_weights.len(),
                inputs * hidden,
                hidden,
                2 * hidden
            )));
        }
        Ok(Network {
            features,
            hidden,
            feature_weights: simd::to_blocks(feature_weights),
            feature_bias: simd::to_blocks(feature_bias),
            output_weights: simd::to_blocks(output_weights),
            output_bias,
        })
    }

    /// Reads a network file (format version 1 or 2).
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
        let [version, inputs, hidden, qa, qb, scale] = header;
        let features = Features::with_inputs(inputs as usize);
        let hidden_ok = match version {
            1 => hidden as usize == DEFAULT_HIDDEN,
            VERSION => Network::supports_hidden(hidden as usize),
            _ => false,
        };
        let Some(features) = features
            .filter(|_| hidden_ok && [qa, qb, scale] == [QA as u32, QB as u32, SCALE as u32])
        else {
            return Err(NetError(format!(
                "header (version, inputs, hidden, QA, QB, scale) is {header:?}; this engine reads versions 1 (hidden {DEFAULT_HIDDEN}) and {VERSION} (hidden a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN}), inputs {} or {}, QA {QA}, QB {QB}, scale {SCALE}",
                Features::Squares.inputs(),
                Features::SquaresAndTuples.inputs()
            )));
        };
        let hidden = hidden as usize;
        let inputs = features.inputs();
        let body = inputs * hidden * 2 + hidden * 2 + 2 * hidden * 2 + 4;
        if bytes.len() != HEADER_BYTES + body {
            return Err(NetError(format!(
                "{} bytes where {} were expected",
                bytes.len(),
                HEADER_BYTES + body
            )));
        }
        let mut read = |count: usize| -> Result<Vec<i16>, NetError> {
            (0..count).map(|_| reader.i16()).collect()
        };
        let feature_weights = read(inputs * hidden)?;
        let feature_bias = read(hidden)?;
        let output_weights = read(2 * hidden)?;
        let output_bias = i32::from_le_bytes(reader.take::<4>()?);
        Network::from_parts(
            features,
            hidden,
            &feature_weights,
            &feature_bias,
            &output_weights,
            output_bias,
        )
    }

    /// The network file's bytes (read back by [`Network::from_bytes`]): format version 2,
    /// or 1 for a network of the first hidden size (so its file stays as it was).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let inputs = self.features.inputs();
        let hidden = self.hidden;
        let version = if hidden == DEFAULT_HIDDEN { 1 } else { VERSION };
        let mut out = Vec::with_capacity(HEADER_BYTES + inputs * hidden * 2 + 8 * hidden + 4);
        out.extend_from_slice(MAGIC);
        for value in [
            version,
            inputs as u32,
            hidden as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for lanes in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            for w in lanes.0 {
                out.extend_from_slice(&w.to_le_bytes());
            }
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
            let blocks = self.feature_bias.len();
            simd::apply(
                &self.feature_bias,
                &mut acc.values[perspective][..blocks],
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
        // The rows of `x`'s perspective; `o`'s are their mirror images (`MIRROR`).
        let mut added = [0u16; MAX_ROWS];
        let mut removed = [0u16; MAX_ROWS];
        let (mut adds, mut subs) = (0, 0);
        let push = |rows: &mut [u16; MAX_ROWS], count: &mut usize, row: usize| {
            if *count < MAX_ROWS {
                rows[*count] = row as u16;
                *count += 1;
            }
        };
        for (gone, came, plane) in [(old_x & !x, x & !old_x, 0), (old_o & !o, o & !old_o, 49)] {
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
            let mut changed = (old_x ^ x) | (old_o ^ o);
            let mut windows = 0u64;
            while changed != 0 {
                windows |= WINDOWS_OF[changed.trailing_zeros() as usize];
                changed &= changed - 1;
            }
            while windows != 0 {
                let w = windows.trailing_zeros() as usize;
                windows &= windows - 1;
                let (before, after) = (window_input(old_x, old_o, w), window_input(x, o, w));
                if before != after {
                    push(&mut removed, &mut subs, before);
                    push(&mut added, &mut adds, after);
                }
            }
        }
        let blocks = self.feature_bias.len();
        simd::apply(
            &parent.values[0][..blocks],
            &mut child.values[0][..blocks],
            &self.feature_weights,
            &added[..adds],
            &removed[..subs],
        );
        for row in added[..adds].iter_mut().chain(&mut removed[..subs]) {
            *row = MIRROR[usize::from(*row)];
        }
        simd::apply(
            &parent.values[1][..blocks],
            &mut child.values[1][..blocks],
            &self.feature_weights,
            &added[..adds],
            &removed[..subs],
        );
    }

    /// The evaluation for the side to move `side` from the accumulators, in hundredths of
    /// a stone.
    #[must_use]
    pub fn output(&self, acc: &Accumulator, side: Color) -> i32 {
        let blocks = self.feature_bias.len();
        let us = &acc.values[side.index()][..blocks];
        let them = &acc.values[(!side).index()][..blocks];
        let (w_us, w_them) = self.output_weights.split_at(blocks);
        // (v·w)·v with v ≤ QA = 255 and |w| ≤ 127: each term is below 2^23; the sums are
        // taken in 64 bits.
        let sum = simd::screlu_dot(us, w_us) + simd::screlu_dot(them, w_them);
        let raw = sum / i64::from(QA) + i64::from(self.output_bias);
        (raw * i64::from(SCALE) / i64::from(QA * QB)) as i32
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

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::Game;
    use boardgame_core::driver::{below, rng_from_seed};

    /// A network with small pseudo-random weights.
    fn scrambled(features: Features, seed: u64) -> Network {
        scrambled_with(features, seed, DEFAULT_HIDDEN)
    }

    /// [`scrambled`] with `hidden` units.
    fn scrambled_with(features: Features, seed: u64, hidden: usize) -> Network {
        let mut rng = rng_from_seed(seed);
        let mut small = |range: u64| below(&mut rng, 2 * range + 1) as i16 - range as i16;
        let fw: Vec<i16> = (0..features.inputs() * hidden).map(|_| small(20)).collect();
        let fb: Vec<i16> = (0..hidden).map(|_| small(60)).collect();
        let ow: Vec<i16> = (0..2 * hidden).map(|_| small(127)).collect();
        Network::from_parts(features, hidden, &fw, &fb, &ow, 1234).unwrap()
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
    fn a_wider_network_round_trips_with_its_hidden_size_and_old_files_keep_version_1() {
        let wide = scrambled_with(Features::SquaresAndTuples, 5, 256);
        let bytes = wide.to_bytes();
        assert_eq!(
            u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
            VERSION
        );
        assert_eq!(u32::from_le_bytes(bytes[16..20].try_into().unwrap()), 256);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!((back.hidden(), back.to_bytes()), (256, bytes.clone()));
        // A version-1 file must have 128 hidden units.
        let mut old = bytes;
        old[8] = 1;
        assert!(Network::from_bytes(&old).is_err());
        let narrow = scrambled(Features::SquaresAndTuples, 5).to_bytes();
        assert_eq!(u32::from_le_bytes(narrow[8..12].try_into().unwrap()), 1);
        assert!(Network::from_bytes(&narrow).is_ok());
        for hidden in [0, 64, 192, 384] {
            assert!(!Network::supports_hidden(hidden), "{hidden}");
        }
    }

    #[test]
    fn the_mirror_table_gives_o_the_inputs_it_sees() {
        let mut rng = rng_from_seed(8);
        for _ in 0..200 {
            let x = below(&mut rng, 1 << 49) & below(&mut rng, 1 << 49);
            let o = below(&mut rng, 1 << 49) & !x & below(&mut rng, 1 << 49);
            let gaps = below(&mut rng, 1 << 49)
                & !x
                & !o
                & below(&mut rng, 1 << 49)
                & below(&mut rng, 1 << 49);
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            for_each_input(Features::SquaresAndTuples, x, o, gaps, 0, |i| {
                mine.push(usize::from(MIRROR[i]))
            });
            for_each_input(Features::SquaresAndTuples, x, o, gaps, 1, |i| {
                theirs.push(i)
            });
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs);
        }
    }

    #[test]
    fn incremental_updates_equal_a_refresh_along_random_games() {
        for (features, hidden) in [
            (Features::Squares, 128),
            (Features::SquaresAndTuples, 128),
            (Features::SquaresAndTuples, 256),
        ] {
            let net = scrambled_with(features, 2, hidden);
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
