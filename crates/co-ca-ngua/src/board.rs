//! The board as data: a [`Layout`] of numbers, validated into a [`Board`] graph of squares
//! with kinds, arrows and per-colour path tables.
//!
//! A piece's position is its *progress* along its colour's path: `0` is the nest, `1` the
//! exit square, and [`Board::end`] the centre. Every rule that depends on where a piece is
//! (the lane mouth, the inner ring, the shortcut arrow) is a progress value stored on the
//! board, so move generation works on small integers and one table lookup per square.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

/// Colours on a board (the board always has four nests, whatever the number of players).
pub const NUM_COLOURS: usize = 4;
/// The longest path a board may give a colour, in squares from the exit to the centre.
pub const MAX_PATH: usize = 120;
/// The most squares a board may have (occupancy is a 128-bit set).
pub const MAX_SQUARES: usize = 128;

/// The numbers that describe a board. [`Layout::default`] is the issue's reconstruction of
/// the board in the rules text (see `docs/rules/co-ca-ngua.md` for a drawing).
///
/// Colour `c`'s exit square is track square `quadrant * c`; its path runs `mouth_at + 1`
/// track squares (the full lap up to its lane mouth), then its private lane of `lane_len`
/// squares, its arrow square on the shared inner ring (ring square `c * ring_len / 4`), one
/// full lap of the ring back to that arrow square, its private spoke of `spoke_len` squares,
/// and the shared centre.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// Squares on the shared outer track (default 48).
    pub track_len: u8,
    /// Track squares between two colours' exit squares (default 12).
    pub quadrant: u8,
    /// The roll that brings a piece out of the nest (default 5).
    pub exit_roll: u8,
    /// Track steps from a colour's exit to its shortcut circle `K` (default 41).
    pub shortcut_at: u8,
    /// Track steps from a colour's exit to its lane mouth `M` (default 47).
    pub mouth_at: u8,
    /// Squares in each private lane (default 5).
    pub lane_len: u8,
    /// Squares on the shared inner ring (default 8).
    pub ring_len: u8,
    /// Squares on each private spoke from the ring to the centre (default 1).
    pub spoke_len: u8,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            track_len: 48,
            quadrant: 12,
            exit_roll: 5,
            shortcut_at: 41,
            mouth_at: 47,
            lane_len: 5,
            ring_len: 8,
            spoke_len: 1,
        }
    }
}

/// What kind of square a square is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SquareKind {
    /// A square of the shared outer track (index `0..track_len`). Not safe.
    Track(u8),
    /// Square `index` of colour `colour`'s private lane. Safe.
    Lane {
        /// The owner.
        colour: u8,
        /// 0-based position in the lane.
        index: u8,
    },
    /// Colour `colour`'s destination square `D` at the end of its shortcut arrow. Safe; a
    /// piece never rests there (it is pushed on at once).
    Destination(u8),
    /// A square of the shared inner ring. Safe.
    Ring(u8),
    /// Square `index` of colour `colour`'s private spoke. Safe.
    Spoke {
        /// The owner.
        colour: u8,
        /// 0-based position on the spoke.
        index: u8,
    },
    /// The shared centre. Safe.
    Centre,
}

impl SquareKind {
    /// Whether pieces here cannot be captured (everything but the outer track).
    #[must_use]
    pub const fn is_safe(self) -> bool {
        !matches!(self, SquareKind::Track(_))
    }

    /// The colour owning this square, for private squares.
    #[must_use]
    pub const fn owner(self) -> Option<u8> {
        match self {
            SquareKind::Lane { colour, .. }
            | SquareKind::Destination(colour)
            | SquareKind::Spoke { colour, .. } => Some(colour),
            _ => None,
        }
    }
}

impl fmt::Display for SquareKind {
    /// `T17`, `L2.4`, `D1`, `R5`, `S3.0`, `C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareKind::Track(i) => write!(f, "T{i}"),
            SquareKind::Lane { colour, index } => write!(f, "L{colour}.{index}"),
            SquareKind::Destination(c) => write!(f, "D{c}"),
            SquareKind::Ring(i) => write!(f, "R{i}"),
            SquareKind::Spoke { colour, index } => write!(f, "S{colour}.{index}"),
            SquareKind::Centre => f.write_str("C"),
        }
    }
}

/// A square of a [`Board`], by id (`0..board.num_squares()`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

/// Why a [`Layout`] does not describe a playable board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The exit roll is not a face of a die.
    #[error("exit_roll {0} is not a die face 1..=6")]
    ExitRoll(u8),
    /// The four exits do not fit on the track.
    #[error("quadrant {quadrant} does not fit four exits on a track of {track_len} squares")]
    Quadrant {
        /// The quadrant length given.
        quadrant: u8,
        /// The track length.
        track_len: u8,
    },
    /// The lane mouth is not on the track (or is the exit square itself).
    #[error("mouth_at {mouth_at} must be in 1..{track_len} (a track square after the exit)")]
    Mouth {
        /// The mouth offset given.
        mouth_at: u8,
        /// The track length.
        track_len: u8,
    },
    /// The shortcut circle is not on the track between the exit and the mouth.
    #[error("shortcut_at {shortcut_at} must be in 1..{mouth_at} (between the exit and the mouth)")]
    Shortcut {
        /// The shortcut offset given.
        shortcut_at: u8,
        /// The mouth offset.
        mouth_at: u8,
    },
    /// A lane needs at least one square (the end of the forced slide).
    #[error("lane_len must be at least 1")]
    EmptyLane,
    /// The ring cannot give the four colours distinct, evenly spaced arrow squares.
    #[error("ring_len {0} must be a positive multiple of 4")]
    Ring(u8),
    /// A colour's path is longer than [`MAX_PATH`].
    #[error(
        "a colour's path of {len} squares (mouth_at + 1 + lane_len + 1 + ring_len + spoke_len \
         + 1) is longer than the maximum {max}"
    )]
    PathTooLong {
        /// The path length.
        len: usize,
        /// The maximum.
        max: usize,
    },
    /// The board has more than [`MAX_SQUARES`] squares.
    #[error(
        "the board has {count} squares (track_len + 4 × (lane_len + 1 + spoke_len) + ring_len \
         + 1), more than the maximum {max}"
    )]
    TooManySquares {
        /// The square count.
        count: usize,
        /// The maximum.
        max: usize,
    },
    /// Two consecutive squares of a path are not joined by an edge of the board graph.
    #[error("colour {colour}'s path is not connected at step {step}: {from} -> {to}")]
    Disconnected {
        /// The colour.
        colour: u8,
        /// The progress of the second square.
        step: usize,
        /// The square before.
        from: SquareKind,
        /// The square after.
        to: SquareKind,
    },
    /// A path or an arrow uses another colour's private square.
    #[error("colour {colour} uses {square}, which belongs to another colour")]
    ForeignSquare {
        /// The colour.
        colour: u8,
        /// The square.
        square: SquareKind,
    },
    /// A path does not have the shape track, lane, ring lap, spoke, centre.
    #[error("colour {colour}'s path is malformed at step {step}: {reason}")]
    Malformed {
        /// The colour.
        colour: u8,
        /// The progress where the shape breaks.
        step: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

impl BoardError {
    /// The setting (or settings) to change, as named in [`Config`](crate::Config).
    #[must_use]
    pub fn setting(&self) -> &'static str {
        match self {
            BoardError::ExitRoll(_) => "exit_roll",
            BoardError::Quadrant { .. } => "quadrant",
            BoardError::Mouth { .. } => "mouth_at",
            BoardError::Shortcut { .. } => "shortcut_at",
            BoardError::EmptyLane => "lane_len",
            BoardError::Ring(_) => "ring_len",
            BoardError::PathTooLong { .. } => "mouth_at/lane_len/ring_len/spoke_len",
            BoardError::TooManySquares { .. } => "track_len/lane_len/ring_len/spoke_len",
            _ => "board",
        }
    }
}

/// How a piece is named in moves: its square, from its owner's point of view.
///
/// Private squares are named without the colour (it is the mover's). The arrow square of the
/// inner ring is [`Spot::Lapped`] (`X`) once the piece has been round the ring, and
/// [`Spot::Ring`] on arrival, so two pieces of one colour on that square are told apart.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// In the nest (not a move origin; named by the `exit` action).
    #[default]
    Nest,
    /// Outer track square `T<n>`.
    Track(u8),
    /// Own lane square `L<i>`.
    Lane(u8),
    /// Inner ring square `R<n>`, before completing the lap.
    Ring(u8),
    /// The own arrow square `X` after the full lap of the ring.
    Lapped,
    /// Own spoke square `S<i>`.
    Spoke(u8),
    /// The centre `C` (pieces there never move).
    Centre,
}

/// Rows of the per-colour progress tables (a power of two above [`MAX_PATH`], so a masked
/// index needs no bounds check).
const TABLE: usize = 128;

/// One progress step of a colour's path, precomputed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Entry {
    /// The square ([`NO_SQUARE`] for the nest).
    square: Square,
    spot: Spot,
}

/// The square id of the nest in the tables: above every real square, so it has no
/// occupancy bit.
const NO_SQUARE: Square = Square(u8::MAX);

/// A validated board: squares with kinds, the edges of the graph, arrows and per-colour path
/// tables indexed by progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    layout: Layout,
    kinds: Vec<SquareKind>,
    edges: Vec<(Square, Square)>,
    /// `paths[c][p]`: the square at progress `p` (index 0, the nest, holds the exit square
    /// as a placeholder and is never read as a position).
    paths: [Vec<Square>; NUM_COLOURS],
    /// `table[c][p]`: square and spot at progress `p` of colour `c`, inline for move
    /// generation (progress values are below [`TABLE`]).
    table: [[Entry; TABLE]; NUM_COLOURS],
    /// `bits[c][p]`: the occupancy bit of `table[c][p].square` (0 for the nest), derived
    /// from `table` once, so the hot path does one load instead of a checked shift (boxed:
    /// 8 KiB that would otherwise be copied each time a board is moved).
    bits: Box<[[u128; TABLE]; NUM_COLOURS]>,
    /// `reach[c][p]`: the squares at progress `1..=min(p, mouth)` of colour `c`'s path, the
    /// outer track it has covered (derived from `bits`, boxed like it).
    reach: Box<[[u128; TABLE]; NUM_COLOURS]>,
    destinations: [Square; NUM_COLOURS],
    mouth: u8,
    shortcut: u8,
    ring_first: u8,
    lapped: u8,
    end: u8,
}

impl Board {
    /// Builds and validates the board described by `layout`.
    ///
    /// # Errors
    /// [`BoardError`] naming the first problem.
    pub fn new(layout: Layout) -> Result<Board, BoardError> {
        let Layout {
            track_len,
            quadrant,
            exit_roll,
            shortcut_at,
            mouth_at,
            lane_len,
            ring_len,
            spoke_len,
        } = layout;
        if !(1..=6).contains(&exit_roll) {
            return Err(BoardError::ExitRoll(exit_roll));
        }
        if quadrant == 0 || usize::from(quadrant) * NUM_COLOURS > usize::from(track_len) {
            return Err(BoardError::Quadrant {
                quadrant,
                track_len,
            });
        }
        if mouth_at == 0 || mouth_at >= track_len {
            return Err(BoardError::Mouth {
                mouth_at,
                track_len,
            });
        }
        if shortcut_at == 0 || shortcut_at >= mouth_at {
            return Err(BoardError::Shortcut {
                shortcut_at,
                mouth_at,
            });
        }
        if lane_len == 0 {
            return Err(BoardError::EmptyLane);
        }
        if ring_len == 0 || usize::from(ring_len) % NUM_COLOURS != 0 {
            return Err(BoardError::Ring(ring_len));
        }
        let (track, lane, ring, spoke) = (
            usize::from(track_len),
            usize::from(lane_len),
            usize::from(ring_len),
            usize::from(spoke_len),
        );
        let path_len = usize::from(mouth_at) + 1 + lane + 1 + ring + spoke + 1;
        if path_len > MAX_PATH {
            return Err(BoardError::PathTooLong {
                len: path_len,
                max: MAX_PATH,
            });
        }
        let count = track + NUM_COLOURS * (lane + 1 + spoke) + ring + 1;
        if count > MAX_SQUARES {
            return Err(BoardError::TooManySquares {
                count,
                max: MAX_SQUARES,
            });
        }

        // Squares: track, then per colour lane and destination, the ring, spokes, centre.
        let mut kinds = Vec::with_capacity(count);
        kinds.extend((0..track_len).map(SquareKind::Track));
        let lane_base = kinds.len();
        for colour in 0..NUM_COLOURS as u8 {
            kinds.extend((0..lane_len).map(|index| SquareKind::Lane { colour, index }));
        }
        let dest_base = kinds.len();
        kinds.extend((0..NUM_COLOURS as u8).map(SquareKind::Destination));
        let ring_base = kinds.len();
        kinds.extend((0..ring_len).map(SquareKind::Ring));
        let spoke_base = kinds.len();
        for colour in 0..NUM_COLOURS as u8 {
            kinds.extend((0..spoke_len).map(|index| SquareKind::Spoke { colour, index }));
        }
        let centre = sq(kinds.len());
        kinds.push(SquareKind::Centre);

        let track_sq = |i: usize| sq(i % track);
        let lane_sq = |c: usize, i: usize| sq(lane_base + c * lane + i);
        let ring_sq = |i: usize| sq(ring_base + i % ring);
        let spoke_sq = |c: usize, i: usize| sq(spoke_base + c * spoke + i);
        let arrow = |c: usize| c * ring / NUM_COLOURS;
        let exit = |c: usize| c * usize::from(quadrant);

        // Edges of the graph: every step a piece can take, and the two arrows.
        let mut edges = Vec::new();
        for i in 0..track {
            edges.push((track_sq(i), track_sq(i + 1)));
        }
        for i in 0..ring {
            edges.push((ring_sq(i), ring_sq(i + 1)));
        }
        for c in 0..NUM_COLOURS {
            let after_spoke = |i: usize| {
                if i + 1 < spoke {
                    spoke_sq(c, i + 1)
                } else {
                    centre
                }
            };
            edges.push((track_sq(exit(c) + usize::from(mouth_at)), lane_sq(c, 0)));
            for i in 0..lane {
                edges.push((
                    lane_sq(c, i),
                    if i + 1 < lane {
                        lane_sq(c, i + 1)
                    } else {
                        ring_sq(arrow(c))
                    },
                ));
            }
            edges.push((
                ring_sq(arrow(c)),
                if spoke > 0 { spoke_sq(c, 0) } else { centre },
            ));
            for i in 0..spoke {
                edges.push((spoke_sq(c, i), after_spoke(i)));
            }
            // The shortcut arrow K -> D and the forced slide D -> X.
            edges.push((
                track_sq(exit(c) + usize::from(shortcut_at)),
                sq(dest_base + c),
            ));
            edges.push((sq(dest_base + c), ring_sq(arrow(c))));
        }

        let mut paths: [Vec<Square>; NUM_COLOURS] = Default::default();
        let mut spots: [Vec<Spot>; NUM_COLOURS] = Default::default();
        for (c, (path, spot)) in paths.iter_mut().zip(&mut spots).enumerate() {
            path.reserve(path_len + 1);
            spot.reserve(path_len + 1);
            path.push(track_sq(exit(c)));
            spot.push(Spot::Nest);
            for i in 0..=usize::from(mouth_at) {
                path.push(track_sq(exit(c) + i));
                spot.push(Spot::Track(((exit(c) + i) % track) as u8));
            }
            for i in 0..lane {
                path.push(lane_sq(c, i));
                spot.push(Spot::Lane(i as u8));
            }
            for i in 0..=ring {
                path.push(ring_sq(arrow(c) + i));
                spot.push(if i == ring {
                    Spot::Lapped
                } else {
                    Spot::Ring(((arrow(c) + i) % ring) as u8)
                });
            }
            for i in 0..spoke {
                path.push(spoke_sq(c, i));
                spot.push(Spot::Spoke(i as u8));
            }
            path.push(centre);
            spot.push(Spot::Centre);
        }
        let mouth = mouth_at + 1;
        let ring_first = mouth + lane_len + 1;
        let mut board = Board {
            layout,
            kinds,
            edges,
            paths,
            table: [[Entry::default(); TABLE]; NUM_COLOURS],
            bits: Box::new([[0; TABLE]; NUM_COLOURS]),
            reach: Box::new([[0; TABLE]; NUM_COLOURS]),
            destinations: core::array::from_fn(|c| sq(dest_base + c)),
            mouth,
            shortcut: shortcut_at + 1,
            ring_first,
            lapped: ring_first + ring_len,
            end: path_len as u8,
        };
        board.validate()?;
        for ((row, path), spots) in board.table.iter_mut().zip(&board.paths).zip(&spots) {
            for (p, (&square, &spot)) in path.iter().zip(spots).enumerate() {
                row[p] = Entry {
                    square: if p == 0 { NO_SQUARE } else { square },
                    spot,
                };
            }
        }
        for (bits, row) in board.bits.iter_mut().zip(&board.table) {
            for (bit, entry) in bits.iter_mut().zip(row) {
                *bit = 1u128.checked_shl(u32::from(entry.square.0)).unwrap_or(0);
            }
        }
        for (reach, bits) in board.reach.iter_mut().zip(board.bits.iter()) {
            let mut covered = 0;
            for (p, (r, &bit)) in reach.iter_mut().zip(bits).enumerate() {
                if (1..=usize::from(board.mouth)).contains(&p) {
                    covered |= bit;
                }
                *r = covered;
            }
        }
        Ok(board)
    }

    /// Checks the graph: every path follows edges, has the shape track–lane–ring lap–spoke–
    /// centre, and uses only its own colour's private squares; arrows are consistent.
    fn validate(&self) -> Result<(), BoardError> {
        let mut adjacent = alloc::vec![0u128; self.kinds.len()];
        for &(from, to) in &self.edges {
            adjacent[usize::from(from.0)] |= 1 << to.0;
        }
        let is_edge = |from: Square, to: Square| adjacent[usize::from(from.0)] & (1 << to.0) != 0;
        for (c, path) in self.paths.iter().enumerate() {
            let colour = c as u8;
            let malformed = |step: usize, reason| {
                Err(BoardError::Malformed {
                    colour,
                    step,
                    reason,
                })
            };
            for step in 1..path.len() {
                let kind = self.kind(path[step]);
                if kind.owner().is_some_and(|o| o != colour) {
                    return Err(BoardError::ForeignSquare {
                        colour,
                        square: kind,
                    });
                }
                if step >= 2 && !is_edge(path[step - 1], path[step]) {
                    return Err(BoardError::Disconnected {
                        colour,
                        step,
                        from: self.kind(path[step - 1]),
                        to: kind,
                    });
                }
                let p = step as u8;
                let expected = if p <= self.mouth {
                    matches!(kind, SquareKind::Track(_))
                } else if p < self.ring_first {
                    matches!(kind, SquareKind::Lane { .. })
                } else if p <= self.lapped {
                    matches!(kind, SquareKind::Ring(_))
                } else if usize::from(p) + 1 < path.len() {
                    matches!(kind, SquareKind::Spoke { .. })
                } else {
                    kind == SquareKind::Centre
                };
                if !expected {
                    return malformed(step, "squares out of order");
                }
            }
            if path[usize::from(self.ring_first)] != path[usize::from(self.lapped)] {
                return malformed(
                    usize::from(self.lapped),
                    "the ring lap does not return to the arrow square",
                );
            }
            let k = path[usize::from(self.shortcut)];
            let d = self.destinations[c];
            if !is_edge(k, d) || !is_edge(d, path[usize::from(self.ring_first)]) {
                return malformed(
                    usize::from(self.shortcut),
                    "the shortcut arrow does not lead into the lane",
                );
            }
            if self.kind(d) != SquareKind::Destination(colour) {
                return Err(BoardError::ForeignSquare {
                    colour,
                    square: self.kind(d),
                });
            }
        }
        Ok(())
    }

    /// The layout this board was built from.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The number of squares.
    #[must_use]
    pub fn num_squares(&self) -> usize {
        self.kinds.len()
    }

    /// The kind of `square`.
    ///
    /// # Panics
    /// If `square` is not on this board.
    #[must_use]
    pub fn kind(&self, square: Square) -> SquareKind {
        self.kinds[usize::from(square.0)]
    }

    /// The edges of the board graph (steps and arrows), as `(from, to)` pairs.
    #[must_use]
    pub fn edges(&self) -> &[(Square, Square)] {
        &self.edges
    }

    /// Colour `colour`'s path: the squares at progress `1..=end()`.
    ///
    /// # Panics
    /// If `colour >= 4`.
    #[must_use]
    pub fn path(&self, colour: usize) -> &[Square] {
        &self.paths[colour][1..]
    }

    /// The square at `progress` on `colour`'s path (`progress >= 1`; the nest, 0, gives an id
    /// above every square).
    #[inline]
    #[must_use]
    pub fn square(&self, colour: usize, progress: u8) -> Square {
        self.entry(colour, progress).square
    }

    #[inline]
    fn entry(&self, colour: usize, progress: u8) -> &Entry {
        &self.table[colour & (NUM_COLOURS - 1)][usize::from(progress) & (TABLE - 1)]
    }

    /// The kind of the square at `progress` on `colour`'s path.
    #[inline]
    #[must_use]
    pub fn kind_at(&self, colour: usize, progress: u8) -> SquareKind {
        self.kind(self.square(colour, progress))
    }

    /// Whether a piece at `progress` (not the nest) is in the safe area.
    #[inline]
    #[must_use]
    pub fn is_safe(&self, progress: u8) -> bool {
        progress > self.mouth
    }

    /// How a piece of `colour` at `progress` is named in moves.
    #[inline]
    #[must_use]
    pub fn spot(&self, colour: usize, progress: u8) -> Spot {
        self.entry(colour, progress).spot
    }

    /// The occupancy bit of the square at `progress` on `colour`'s path (0 for the nest).
    #[inline]
    #[must_use]
    pub fn bit(&self, colour: usize, progress: u8) -> u128 {
        self.bits[colour & (NUM_COLOURS - 1)][usize::from(progress) & (TABLE - 1)]
    }

    /// The outer-track squares of `colour`'s path up to `progress`: those at progress
    /// `1..=min(progress, mouth)`. The squares passed over between two progress values are
    /// `track_reach(c, to) & !track_reach(c, from)`.
    #[inline]
    pub(crate) fn track_reach(&self, colour: usize, progress: u8) -> u128 {
        self.reach[colour & (NUM_COLOURS - 1)][usize::from(progress) & (TABLE - 1)]
    }

    /// Colour `colour`'s destination square `D`, the end of its shortcut arrow.
    #[must_use]
    pub fn destination(&self, colour: usize) -> Square {
        self.destinations[colour]
    }

    /// The progress of the lane mouth `M` (a move may end there but not pass it).
    #[inline]
    #[must_use]
    pub fn mouth(&self) -> u8 {
        self.mouth
    }

    /// The progress of the shortcut circle `K`.
    #[inline]
    #[must_use]
    pub fn shortcut(&self) -> u8 {
        self.shortcut
    }

    /// The progress of the arrow square `X` on arrival in the ring.
    #[inline]
    #[must_use]
    pub fn ring_first(&self) -> u8 {
        self.ring_first
    }

    /// The progress of the arrow square `X` after the full lap of the ring (exact roll).
    #[inline]
    #[must_use]
    pub fn lapped(&self) -> u8 {
        self.lapped
    }

    /// The progress of the centre (exact roll): the path length.
    #[inline]
    #[must_use]
    pub fn end(&self) -> u8 {
        self.end
    }

    /// The roll that brings a piece out of the nest.
    #[inline]
    #[must_use]
    pub fn exit_roll(&self) -> u8 {
        self.layout.exit_roll
    }

    /// The progress a move from `progress` may not pass: the mouth, then the lapped arrow
    /// square, then the centre.
    #[inline]
    #[must_use]
    pub fn barrier(&self, progress: u8) -> u8 {
        if progress < self.mouth {
            self.mouth
        } else if progress < self.lapped {
            self.lapped
        } else {
            self.end
        }
    }

    /// The progress of the piece of `colour` standing on the spot `spot`, if `spot` is on
    /// that colour's path.
    #[must_use]
    pub fn progress_of(&self, colour: usize, spot: Spot) -> Option<u8> {
        self.table[colour][..=usize::from(self.end)]
            .iter()
            .map(|e| e.spot)
            .position(|s| s == spot)
            .map(|p| p as u8)
    }
}

fn sq(index: usize) -> Square {
    Square(index as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn default_board_has_the_issue_numbers() {
        let board = Board::new(Layout::default()).unwrap();
        assert_eq!(board.num_squares(), 48 + 4 * 5 + 4 + 8 + 4 + 1);
        assert_eq!(board.end() - 1, 63, "63 steps from the exit to the centre");
        for c in 0..4 {
            let path = board.path(c);
            assert_eq!(board.kind(path[0]), SquareKind::Track(12 * c as u8));
            assert_eq!(
                board.kind_at(c, board.shortcut()),
                SquareKind::Track(((12 * c + 41) % 48) as u8)
            );
            assert_eq!(
                board.kind_at(c, board.mouth()),
                SquareKind::Track(((12 * c + 47) % 48) as u8)
            );
            assert_eq!(
                board.kind_at(c, board.ring_first()),
                SquareKind::Ring(2 * c as u8)
            );
            assert_eq!(
                board.kind_at(c, board.lapped()),
                SquareKind::Ring(2 * c as u8)
            );
            assert_eq!(board.kind_at(c, board.end()), SquareKind::Centre);
            assert_eq!(
                board.end() - board.lapped(),
                2,
                "the centre is 2 squares from X"
            );
        }
    }

    #[test]
    fn layouts_are_validated_with_typed_errors() {
        let bad = |f: fn(&mut Layout)| {
            let mut layout = Layout::default();
            f(&mut layout);
            Board::new(layout).unwrap_err()
        };
        assert_eq!(bad(|l| l.exit_roll = 7), BoardError::ExitRoll(7));
        assert!(matches!(
            bad(|l| l.quadrant = 13),
            BoardError::Quadrant { .. }
        ));
        assert!(matches!(bad(|l| l.mouth_at = 48), BoardError::Mouth { .. }));
        assert!(matches!(
            bad(|l| l.shortcut_at = 47),
            BoardError::Shortcut { .. }
        ));
        assert_eq!(bad(|l| l.lane_len = 0), BoardError::EmptyLane);
        assert_eq!(bad(|l| l.ring_len = 6), BoardError::Ring(6));
        assert!(matches!(
            bad(|l| {
                l.track_len = 120;
                l.mouth_at = 110;
            }),
            BoardError::PathTooLong { .. }
        ));
        assert!(matches!(
            bad(|l| l.spoke_len = 20),
            BoardError::TooManySquares { .. }
        ));
    }

    #[test]
    fn only_the_outer_track_is_unsafe_and_only_private_squares_have_an_owner() {
        let kinds = [
            (SquareKind::Track(3), false, None, "T3"),
            (
                SquareKind::Lane {
                    colour: 1,
                    index: 4,
                },
                true,
                Some(1),
                "L1.4",
            ),
            (SquareKind::Destination(2), true, Some(2), "D2"),
            (SquareKind::Ring(5), true, None, "R5"),
            (
                SquareKind::Spoke {
                    colour: 3,
                    index: 0,
                },
                true,
                Some(3),
                "S3.0",
            ),
            (SquareKind::Centre, true, None, "C"),
        ];
        for (kind, safe, owner, name) in kinds {
            assert_eq!(kind.is_safe(), safe, "{kind:?}");
            assert_eq!(kind.owner(), owner, "{kind:?}");
            assert_eq!(kind.to_string(), name);
        }
    }

    #[test]
    fn each_layout_error_names_the_setting_to_change() {
        let setting = |f: fn(&mut Layout)| {
            let mut layout = Layout::default();
            f(&mut layout);
            Board::new(layout).unwrap_err().setting()
        };
        assert_eq!(setting(|l| l.exit_roll = 7), "exit_roll");
        assert_eq!(setting(|l| l.quadrant = 13), "quadrant");
        assert_eq!(setting(|l| l.mouth_at = 48), "mouth_at");
        assert_eq!(setting(|l| l.shortcut_at = 47), "shortcut_at");
        assert_eq!(setting(|l| l.lane_len = 0), "lane_len");
        assert_eq!(setting(|l| l.ring_len = 6), "ring_len");
        let too_long = |l: &mut Layout| {
            l.track_len = 120;
            l.mouth_at = 110;
        };
        assert_eq!(setting(too_long), "mouth_at/lane_len/ring_len/spoke_len");
        assert_eq!(
            setting(|l| l.spoke_len = 20),
            "track_len/lane_len/ring_len/spoke_len"
        );
        let graph = BoardError::Malformed {
            colour: 0,
            step: 1,
            reason: "test",
        };
        assert_eq!(graph.setting(), "board");
    }

    #[test]
    fn the_graph_check_rejects_a_missing_step_a_foreign_square_and_a_broken_arrow() {
        let board = Board::new(Layout::default()).unwrap();
        assert_eq!(board.validate(), Ok(()));

        // The step from the exit square to the next track square, for colour 0.
        let (exit, next) = (board.paths[0][1], board.paths[0][2]);
        let mut cut = board.clone();
        cut.edges.retain(|&edge| edge != (exit, next));
        assert_eq!(
            cut.validate(),
            Err(BoardError::Disconnected {
                colour: 0,
                step: 2,
                from: SquareKind::Track(0),
                to: SquareKind::Track(1),
            })
        );

        // Colour 0's first lane square swapped for colour 1's.
        let lane = usize::from(board.mouth) + 1;
        let mut foreign = board.clone();
        foreign.paths[0][lane] = board.paths[1][lane];
        assert_eq!(
            foreign.validate(),
            Err(BoardError::ForeignSquare {
                colour: 0,
                square: SquareKind::Lane {
                    colour: 1,
                    index: 0
                },
            })
        );

        // The shortcut arrow K -> D removed (D -> X kept): either missing half breaks it.
        let k = board.paths[0][usize::from(board.shortcut)];
        let mut arrow = board.clone();
        arrow
            .edges
            .retain(|&edge| edge != (k, board.destinations[0]));
        assert_eq!(
            arrow.validate(),
            Err(BoardError::Malformed {
                colour: 0,
                step: usize::from(board.shortcut),
                reason: "the shortcut arrow does not lead into the lane",
            })
        );
    }

    #[test]
    fn edges_join_every_step_of_every_path_and_the_arrows() {
        let board = Board::new(Layout::default()).unwrap();
        let edges = board.edges();
        for c in 0..NUM_COLOURS {
            for step in board.path(c).windows(2) {
                assert!(edges.contains(&(step[0], step[1])), "colour {c}: {step:?}");
            }
            let d = board.destination(c);
            assert_eq!(board.kind(d), SquareKind::Destination(c as u8));
            let k = board.square(c, board.shortcut());
            let x = board.square(c, board.ring_first());
            assert!(
                edges.contains(&(k, d)) && edges.contains(&(d, x)),
                "colour {c}"
            );
        }
    }

    #[test]
    fn the_exit_roll_is_the_layouts() {
        assert_eq!(Board::new(Layout::default()).unwrap().exit_roll(), 5);
        let six = Layout {
            exit_roll: 6,
            ..Layout::default()
        };
        assert_eq!(Board::new(six).unwrap().exit_roll(), 6);
    }

    #[test]
    fn track_reach_differences_are_the_outer_track_squares_passed_over() {
        for layout in [
            Layout::default(),
            Layout {
                lane_len: 6,
                ..Layout::default()
            },
        ] {
            let board = Board::new(layout).unwrap();
            for c in 0..NUM_COLOURS {
                for from in 0..=board.end() {
                    for to in from..=board.end() {
                        let expected = (from + 1..=to.min(board.mouth()))
                            .fold(0, |mask, step| mask | board.bit(c, step));
                        let passed = board.track_reach(c, to) & !board.track_reach(c, from);
                        assert_eq!(passed, expected, "colour {c}, {from} to {to}");
                    }
                }
            }
        }
    }

    #[test]
    fn progress_of_a_spot_inverts_spot() {
        let board = Board::new(Layout::default()).unwrap();
        for c in 0..NUM_COLOURS {
            for progress in 1..=board.end() {
                let spot = board.spot(c, progress);
                assert_eq!(board.progress_of(c, spot), Some(progress), "{c} {spot:?}");
            }
        }
    }

    #[test]
    fn smaller_boards_are_data_too() {
        let layout = Layout {
            track_len: 16,
            quadrant: 4,
            exit_roll: 6,
            shortcut_at: 9,
            mouth_at: 15,
            lane_len: 2,
            ring_len: 4,
            spoke_len: 0,
        };
        let board = Board::new(layout).unwrap();
        assert_eq!(board.end(), 16 + 2 + 1 + 4 + 1);
        assert_eq!(board.kind_at(3, board.end()), SquareKind::Centre);
    }
}
