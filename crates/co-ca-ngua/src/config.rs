//! The rules configuration: seat count, every rule choice as a switch, the length guard and
//! the board layout.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use boardgame_core::Configure;
use boardgame_core::settings::{
    Preset, Setting, SettingError, parse_value, unknown_key, unknown_preset,
};

use crate::board::Layout;

/// Which colours two players take.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Seating {
    /// Opposite colours 0 and 2 (default).
    #[default]
    Opposite,
    /// Neighbouring colours 0 and 1.
    Adjacent,
}

/// What a 5 does when the exit square holds another player's piece.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ExitCapture {
    /// The exit captures the piece, and stays compulsory (default: "may" read as permission).
    #[default]
    Capture,
    /// The exit captures the piece but is not compulsory ("may" read as a choice).
    Optional,
    /// Another player's piece blocks the exit like an own piece.
    Blocked,
}

/// What a move on the inner ring does when another player's piece is in the way.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RingBlock {
    /// The move stops on the square just before that piece (default, the text's reading).
    #[default]
    Cut,
    /// The move is illegal.
    Illegal,
}

/// Whether a move along the track may pass the lane mouth (seed reading (a)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LaneMouth {
    /// A move may end on the mouth `M` but not pass it: the lane is entered from `M` (default).
    #[default]
    Exact,
    /// A move may run past `M` straight into the lane.
    Pass,
}

/// Which piece the shortcut sends into the safe area (seed reading (b)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Arrival {
    /// The piece that took the arrow slides on from `D` (default).
    #[default]
    Slide,
    /// The player chooses: the arriving piece slides, or it stays on the circle `K` and
    /// another of the player's pieces on the outer track goes into the safe area instead.
    Choose,
}

/// Which pieces go once round the inner ring (seed reading (c)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum RingLap {
    /// Every piece reaching the arrow square `X`, stopping there or passing it (default).
    #[default]
    Always,
    /// Only a piece that stops on `X`; a piece passing `X` goes straight on to the spoke.
    Arrow,
}

/// Who starts: the roll-off for the first turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum FirstPlayer {
    /// The lowest roll starts (the seed text; default).
    #[default]
    Lowest,
    /// The highest roll starts (traditional play).
    Highest,
}

/// The home stretch after the lap (traditional play: issue 15).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Home {
    /// The seed's: private lane, the shared inner ring lap, the spoke and the centre
    /// (default).
    #[default]
    Lane,
    /// The traditional chuồng: `lane_len` private steps numbered 1.. toward the centre. A
    /// horse must stop exactly on the last square of its lap (the lane mouth `M`); from there
    /// a roll of n takes it to step n if the steps up to n are free; from step k only a roll
    /// of k + 1 takes it one step up.
    Chuong,
}

/// Which chuồng steps win, under `home = chuong`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ChuongWin {
    /// The top steps: 6-5-4-3 with 4 horses on a 6-step chuồng (default).
    #[default]
    Top,
    /// One lower: every horse on step `lane_len − pieces` or above (5-4-3-2 with 4 horses).
    Lower,
}

macro_rules! text_enum {
    ($ty:ident, $expected:literal, $($variant:ident => $name:literal),+) => {
        impl $ty {
            /// The accepted names, as listed in the setting.
            pub const VALUES: &'static str = $expected;
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(match self { $($ty::$variant => $name),+ })
            }
        }
        impl FromStr for $ty {
            type Err = ();
            fn from_str(s: &str) -> Result<$ty, ()> {
                match s { $($name => Ok($ty::$variant),)+ _ => Err(()) }
            }
        }
    };
}

text_enum!(Seating, "opposite|adjacent", Opposite => "opposite", Adjacent => "adjacent");
text_enum!(ExitCapture, "capture|optional|blocked", Capture => "capture", Optional => "optional", Blocked => "blocked");
text_enum!(RingBlock, "cut|illegal", Cut => "cut", Illegal => "illegal");
text_enum!(LaneMouth, "exact|pass", Exact => "exact", Pass => "pass");
text_enum!(Arrival, "slide|choose", Slide => "slide", Choose => "choose");
text_enum!(RingLap, "always|arrow", Always => "always", Arrow => "arrow");
text_enum!(Home, "lane|chuong", Lane => "lane", Chuong => "chuong");
text_enum!(ChuongWin, "top|lower", Top => "top", Lower => "lower");
text_enum!(FirstPlayer, "lowest|highest", Lowest => "lowest", Highest => "highest");

/// The rules of a game of cờ cá ngựa. [`Config::default`] is the seed text as the issue reads
/// it; each field is one switch (see `docs/rules/co-ca-ngua.md` for the rule each one
/// implements and the test that checks it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Players, 2..=4 (`players`).
    pub players: u8,
    /// Pieces (horses) per seat, 1..=4 (`pieces`; the seed's 2 by default).
    #[cfg_attr(feature = "serde", serde(default = "two"))]
    pub pieces: u8,
    /// Colours of a two-player game (`seating`).
    pub seating: Seating,
    /// A 5 must bring a piece out while one is in the nest (`compulsory_exit`).
    pub compulsory_exit: bool,
    /// What exiting onto another player's piece does (`exit_capture`).
    pub exit_capture: ExitCapture,
    /// A 6 gives another roll even when no move was possible (`six_after_pass`).
    pub six_after_pass: bool,
    /// A 6 counts as 7 once none of the player's pieces is in the nest (`six_as_seven`).
    pub six_as_seven: bool,
    /// The third 6 in a row sends the piece moved last in the turn home (`triple_six`).
    pub triple_six: bool,
    /// The shortcut arrow `K` → `D` may be taken (`shortcut`).
    pub shortcut: bool,
    /// Blocked moves on the inner ring (`ring_block`).
    pub ring_block: RingBlock,
    /// Whether track moves may pass the lane mouth (`lane_mouth`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub lane_mouth: LaneMouth,
    /// Which piece the shortcut sends into the safe area (`arrival`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub arrival: Arrival,
    /// Which pieces go round the inner ring (`ring_lap`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub ring_lap: RingLap,
    /// Who starts (`first_player`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_player: FirstPlayer,
    /// A piece may not jump over any piece, own or other, on the outer track (`no_jumping`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub no_jumping: bool,
    /// A piece on its own exit square cannot be captured, so no other piece may land there
    /// (`exit_immunity`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub exit_immunity: bool,
    /// The rolls that bring a piece out of the nest, as a bit set (bit `v` for a roll of `v`);
    /// 0 means the board's `exit_roll` alone (`release_rolls`: `exit_roll` or a list like
    /// `1,6`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub release_rolls: u8,
    /// A 1 also gives another roll, like a 6 (`extra_roll_on_one`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub extra_roll_on_one: bool,
    /// The home stretch: the seed's lane and inner ring, or the traditional chuồng (`home`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub home: Home,
    /// Which chuồng steps win under `home = chuong` (`chuong_win`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub chuong_win: ChuongWin,
    /// Dice per roll, 1 or 2 (`dice`). With 2 a horse moves by the sum; a release roll on
    /// either die, or doubles, brings a horse out (using the whole roll); doubles, and no
    /// single 6 or 1, roll again; the roll-off compares sums.
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    pub dice: u8,
    /// Length guard: the game is drawn when a roll would exceed this many (`max_rolls`;
    /// 0 = no guard).
    pub max_rolls: u32,
    /// The board.
    pub layout: Layout,
}

#[cfg(feature = "serde")]
fn two() -> u8 {
    2
}

#[cfg(feature = "serde")]
fn one() -> u8 {
    1
}

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 2,
            pieces: 2,
            seating: Seating::Opposite,
            compulsory_exit: true,
            exit_capture: ExitCapture::Capture,
            six_after_pass: true,
            six_as_seven: true,
            triple_six: true,
            shortcut: true,
            ring_block: RingBlock::Cut,
            lane_mouth: LaneMouth::Exact,
            arrival: Arrival::Slide,
            ring_lap: RingLap::Always,
            first_player: FirstPlayer::Lowest,
            no_jumping: false,
            exit_immunity: false,
            release_rolls: 0,
            extra_roll_on_one: false,
            home: Home::Lane,
            chuong_win: ChuongWin::Top,
            dice: 1,
            max_rolls: 2_000,
            layout: Layout::default(),
        }
    }
}

impl Config {
    /// The default rules for `players` players (not checked here: `CoCaNgua::new` checks it).
    #[must_use]
    pub fn with_players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// The `traditional` preset: the folk game as most Vietnamese boards and apps play it
    /// (issue 15): 4 horses, 48-square track 12 per arm, one die, release on a 1 or a 6 (onto
    /// an opponent on the exit it captures; an own horse there blocks; releasing is a choice),
    /// another roll on a 6, no jumping over any horse, capture by exact landing, a chuồng of 6
    /// steps entered from the last square of the lap, the win on steps 6-5-4-3, the highest
    /// roll starts. The seed's house rules (6 as 7, triple six, the shortcut) are off.
    ///
    /// Only the settings that differ from [`Config::default`] are written here; the rest
    /// (capture on the exit square, a roll after a passed 6, the exact lane mouth, one die, no
    /// exit immunity, no extra roll on a 1, the win on the top steps) are the defaults. The
    /// test `traditional_preset_has_the_documented_settings` pins every one of them.
    #[must_use]
    pub fn traditional() -> Config {
        Config {
            pieces: 4,
            compulsory_exit: false,
            six_as_seven: false,
            triple_six: false,
            shortcut: false,
            first_player: FirstPlayer::Highest,
            no_jumping: true,
            // The faces 1 and 6.
            release_rolls: 0b100_0010,
            home: Home::Chuong,
            max_rolls: 10_000,
            layout: Layout {
                lane_len: 6,
                ..Layout::default()
            },
            ..Config::default()
        }
    }

    /// Whether a roll of `value` brings a piece out of the nest (`release_rolls`, or the
    /// board's `exit_roll` when that is not set).
    #[inline]
    #[must_use]
    pub fn releases(&self, value: u8) -> bool {
        if self.release_rolls == 0 {
            value == self.layout.exit_roll
        } else {
            self.release_rolls & (1 << value) != 0
        }
    }

    /// The roll-off rule for the first turn.
    #[must_use]
    pub fn roll_off_rule(&self) -> boardgame_core::RollOffRule {
        match self.first_player {
            FirstPlayer::Lowest => boardgame_core::RollOffRule::Lowest,
            FirstPlayer::Highest => boardgame_core::RollOffRule::Highest,
        }
    }

    /// The colour (0..4, clockwise) of each seat.
    #[must_use]
    pub fn colours(&self) -> [u8; 4] {
        match (self.players, self.seating) {
            (2, Seating::Opposite) => [0, 2, 0, 0],
            _ => [0, 1, 2, 3],
        }
    }
}

// The board sizes are bounded by two real constraints checked by `Board::new`: at most
// `MAX_SQUARES` = 128 squares in all (track + 4 lanes + 4 destinations + ring + 4 spokes +
// centre) and a path of at most `MAX_PATH` = 120 squares. The ranges below are those bounds
// with the other numbers at their defaults; the test `documented_board_ranges_are_the_real_limits`
// checks both ends of each.
const TRACK_LEN_RANGE: &str =
    "4..=91 (the whole board at most 128 squares: 91 with the other numbers at their defaults)";
const LANE_LEN_RANGE: &str =
    "1..=15 (the whole board at most 128 squares: 15 with the other numbers at their defaults)";
const RING_LEN_RANGE: &str = "4..=48, a multiple of 4 (the whole board at most 128 squares: 48 with the other numbers at their defaults)";
const SPOKE_LEN_RANGE: &str =
    "0..=11 (the whole board at most 128 squares: 11 with the other numbers at their defaults)";

const SETTINGS: &[Setting] = &[
    Setting {
        key: "players",
        default: "2",
        values: "2..=4",
        help: "number of players",
    },
    Setting {
        key: "pieces",
        default: "2",
        values: "1..=4",
        help: "pieces (horses) per player",
    },
    Setting {
        key: "seating",
        default: "opposite",
        values: Seating::VALUES,
        help: "colours of a two-player game",
    },
    Setting {
        key: "compulsory_exit",
        default: "true",
        values: "true|false",
        help: "a 5 must bring a piece out while one is in the nest",
    },
    Setting {
        key: "exit_capture",
        default: "capture",
        values: ExitCapture::VALUES,
        help: "exiting onto another player's piece: capture it, capture optionally, or be blocked",
    },
    Setting {
        key: "six_after_pass",
        default: "true",
        values: "true|false",
        help: "a 6 gives another roll even if no move was possible",
    },
    Setting {
        key: "six_as_seven",
        default: "true",
        values: "true|false",
        help: "a 6 counts as 7 when no piece is in the nest",
    },
    Setting {
        key: "triple_six",
        default: "true",
        values: "true|false",
        help: "a third 6 in a row sends the piece moved last home (unless in the safe area)",
    },
    Setting {
        key: "shortcut",
        default: "true",
        values: "true|false",
        help: "the shortcut arrow K -> D may be taken",
    },
    Setting {
        key: "ring_block",
        default: "cut",
        values: RingBlock::VALUES,
        help: "a ring move reaching another player's piece stops before it, or is illegal",
    },
    Setting {
        key: "lane_mouth",
        default: "exact",
        values: LaneMouth::VALUES,
        help: "a track move may end on the lane mouth but not pass it (exact), or pass it",
    },
    Setting {
        key: "arrival",
        default: "slide",
        values: Arrival::VALUES,
        help: "after the shortcut: the arriving piece slides, or the player chooses which piece goes",
    },
    Setting {
        key: "ring_lap",
        default: "always",
        values: RingLap::VALUES,
        help: "inner-ring lap for every piece reaching the arrow square, or only one stopping on it",
    },
    Setting {
        key: "first_player",
        default: "lowest",
        values: FirstPlayer::VALUES,
        help: "the lowest roll starts (seed) or the highest (traditional)",
    },
    Setting {
        key: "no_jumping",
        default: "false",
        values: "true|false",
        help: "a piece may not jump over any piece (own or other) on the outer track",
    },
    Setting {
        key: "exit_immunity",
        default: "false",
        values: "true|false",
        help: "a piece on its own exit square cannot be captured (nobody may land there)",
    },
    Setting {
        key: "release_rolls",
        default: "exit_roll",
        values: "exit_roll|die faces like 1,6",
        help: "the rolls that bring a piece out of the nest (exit_roll: the board's, 5)",
    },
    Setting {
        key: "extra_roll_on_one",
        default: "false",
        values: "true|false",
        help: "a 1 also gives another roll, like a 6",
    },
    Setting {
        key: "home",
        default: "lane",
        values: Home::VALUES,
        help: "home stretch: the seed's lane, inner ring and centre, or the traditional chuồng of lane_len steps",
    },
    Setting {
        key: "chuong_win",
        default: "top",
        values: ChuongWin::VALUES,
        help: "home = chuong: win on the top steps (6-5-4-3) or one lower (5-4-3-2)",
    },
    Setting {
        key: "dice",
        default: "1",
        values: "1|2",
        help: "dice per roll; with 2: move by the sum (one die alone when no horse can), a release roll on either die or doubles releases, doubles roll again",
    },
    Setting {
        key: "max_rolls",
        default: "2000",
        values: "0..=4294967295 (0 = no guard)",
        help: "length guard: draw once this many rolls have been made",
    },
    Setting {
        key: "track_len",
        default: "48",
        values: TRACK_LEN_RANGE,
        help: "board: squares on the outer track",
    },
    Setting {
        key: "quadrant",
        default: "12",
        values: "1..=track_len/4",
        help: "board: track squares between exits",
    },
    Setting {
        key: "exit_roll",
        default: "5",
        values: "1..=6",
        help: "board: the roll that leaves the nest",
    },
    Setting {
        key: "shortcut_at",
        default: "41",
        values: "1..mouth_at",
        help: "board: steps from the exit to the shortcut circle K",
    },
    Setting {
        key: "mouth_at",
        default: "47",
        values: "1..track_len",
        help: "board: steps from the exit to the lane mouth M",
    },
    Setting {
        key: "lane_len",
        default: "5",
        values: LANE_LEN_RANGE,
        help: "board: squares in a private lane",
    },
    Setting {
        key: "ring_len",
        default: "8",
        values: RING_LEN_RANGE,
        help: "board: squares on the inner ring",
    },
    Setting {
        key: "spoke_len",
        default: "1",
        values: SPOKE_LEN_RANGE,
        help: "board: squares between the ring and the centre",
    },
];

const PRESETS: &[Preset] = &[
    Preset {
        name: "default",
        help: "the seed text as read in issue 6 (2 players, opposite colours)",
    },
    Preset {
        name: "plain",
        help: "house rules off: a 6 stays 6, no triple-six penalty, no shortcut, no roll after a passed 6",
    },
    Preset {
        name: "traditional",
        help: "the folk game (issue 15): 4 horses, release on 1 or 6, no jumping, a 6-step chuồng, highest roll starts",
    },
];

fn parse_bool(key: &str, value: &str) -> Result<bool, SettingError> {
    parse_value(key, value, "true|false")
}

/// `1` or `2`.
fn parse_dice(key: &str, value: &str) -> Result<u8, SettingError> {
    match value {
        "1" => Ok(1),
        "2" => Ok(2),
        _ => Err(SettingError::BadValue {
            key: key.into(),
            value: value.into(),
            expected: "1|2",
        }),
    }
}

/// `exit_roll` (0) or distinct die faces separated by commas, in any order.
fn parse_rolls(key: &str, value: &str) -> Result<u8, SettingError> {
    let bad = || SettingError::BadValue {
        key: key.into(),
        value: value.into(),
        expected: "exit_roll|die faces like 1,6",
    };
    if value == "exit_roll" {
        return Ok(0);
    }
    let mut mask = 0u8;
    for face in value.split(',') {
        let v: u8 = face.trim().parse().map_err(|_| bad())?;
        if !(1..=6).contains(&v) || mask & (1 << v) != 0 {
            return Err(bad());
        }
        mask |= 1 << v;
    }
    Ok(mask)
}

fn rolls_text(mask: u8) -> String {
    if mask == 0 {
        return "exit_roll".into();
    }
    let faces: alloc::vec::Vec<String> = (1..=6u8)
        .filter(|v| mask & (1 << v) != 0)
        .map(|v| v.to_string())
        .collect();
    faces.join(",")
}

fn parse_text<T: FromStr>(
    key: &str,
    value: &str,
    expected: &'static str,
) -> Result<T, SettingError> {
    value.parse().map_err(|_| SettingError::BadValue {
        key: key.into(),
        value: value.into(),
        expected,
    })
}

impl Configure for Config {
    const SETTINGS: &'static [Setting] = SETTINGS;
    const PRESETS: &'static [Preset] = PRESETS;

    fn preset(name: &str) -> Result<Config, SettingError> {
        match name {
            "default" => Ok(Config::default()),
            "plain" => Ok(Config {
                six_as_seven: false,
                triple_six: false,
                shortcut: false,
                six_after_pass: false,
                ..Config::default()
            }),
            "traditional" => Ok(Config::traditional()),
            _ => Err(unknown_preset::<Config>(name)),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        let layout = &mut self.layout;
        match key {
            "players" => self.players = parse_value(key, value, "2..=4")?,
            "pieces" => self.pieces = parse_value(key, value, "1..=4")?,
            "seating" => self.seating = parse_text(key, value, Seating::VALUES)?,
            "compulsory_exit" => self.compulsory_exit = parse_bool(key, value)?,
            "exit_capture" => self.exit_capture = parse_text(key, value, ExitCapture::VALUES)?,
            "six_after_pass" => self.six_after_pass = parse_bool(key, value)?,
            "six_as_seven" => self.six_as_seven = parse_bool(key, value)?,
            "triple_six" => self.triple_six = parse_bool(key, value)?,
            "shortcut" => self.shortcut = parse_bool(key, value)?,
            "ring_block" => self.ring_block = parse_text(key, value, RingBlock::VALUES)?,
            "lane_mouth" => self.lane_mouth = parse_text(key, value, LaneMouth::VALUES)?,
            "arrival" => self.arrival = parse_text(key, value, Arrival::VALUES)?,
            "ring_lap" => self.ring_lap = parse_text(key, value, RingLap::VALUES)?,
            "first_player" => self.first_player = parse_text(key, value, FirstPlayer::VALUES)?,
            "no_jumping" => self.no_jumping = parse_bool(key, value)?,
            "exit_immunity" => self.exit_immunity = parse_bool(key, value)?,
            "release_rolls" => self.release_rolls = parse_rolls(key, value)?,
            "extra_roll_on_one" => self.extra_roll_on_one = parse_bool(key, value)?,
            "home" => self.home = parse_text(key, value, Home::VALUES)?,
            "chuong_win" => self.chuong_win = parse_text(key, value, ChuongWin::VALUES)?,
            "dice" => self.dice = parse_dice(key, value)?,
            "max_rolls" => {
                self.max_rolls = parse_value(key, value, "a number of rolls (0 = no guard)")?
            }
            "track_len" => layout.track_len = parse_value(key, value, TRACK_LEN_RANGE)?,
            "quadrant" => layout.quadrant = parse_value(key, value, "1..=track_len/4")?,
            "exit_roll" => layout.exit_roll = parse_value(key, value, "1..=6")?,
            "shortcut_at" => layout.shortcut_at = parse_value(key, value, "1..mouth_at")?,
            "mouth_at" => layout.mouth_at = parse_value(key, value, "1..track_len")?,
            "lane_len" => layout.lane_len = parse_value(key, value, LANE_LEN_RANGE)?,
            "ring_len" => layout.ring_len = parse_value(key, value, RING_LEN_RANGE)?,
            "spoke_len" => layout.spoke_len = parse_value(key, value, SPOKE_LEN_RANGE)?,
            _ => return Err(unknown_key::<Config>(key)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        let l = &self.layout;
        Some(match key {
            "players" => self.players.to_string(),
            "pieces" => self.pieces.to_string(),
            "seating" => self.seating.to_string(),
            "compulsory_exit" => self.compulsory_exit.to_string(),
            "exit_capture" => self.exit_capture.to_string(),
            "six_after_pass" => self.six_after_pass.to_string(),
            "six_as_seven" => self.six_as_seven.to_string(),
            "triple_six" => self.triple_six.to_string(),
            "shortcut" => self.shortcut.to_string(),
            "ring_block" => self.ring_block.to_string(),
            "lane_mouth" => self.lane_mouth.to_string(),
            "arrival" => self.arrival.to_string(),
            "ring_lap" => self.ring_lap.to_string(),
            "first_player" => self.first_player.to_string(),
            "no_jumping" => self.no_jumping.to_string(),
            "exit_immunity" => self.exit_immunity.to_string(),
            "release_rolls" => rolls_text(self.release_rolls),
            "extra_roll_on_one" => self.extra_roll_on_one.to_string(),
            "home" => self.home.to_string(),
            "chuong_win" => self.chuong_win.to_string(),
            "dice" => self.dice.to_string(),
            "max_rolls" => self.max_rolls.to_string(),
            "track_len" => l.track_len.to_string(),
            "quadrant" => l.quadrant.to_string(),
            "exit_roll" => l.exit_roll.to_string(),
            "shortcut_at" => l.shortcut_at.to_string(),
            "mouth_at" => l.mouth_at.to_string(),
            "lane_len" => l.lane_len.to_string(),
            "ring_len" => l.ring_len.to_string(),
            "spoke_len" => l.spoke_len.to_string(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_its_default() {
        boardgame_core::testkit::check_settings::<Config>();
    }

    #[test]
    fn settings_reject_bad_keys_values_and_presets() {
        let mut config = Config::default();
        assert!(matches!(
            config.set("nope", "1"),
            Err(SettingError::UnknownKey { .. })
        ));
        assert!(matches!(
            config.set("ring_block", "maybe"),
            Err(SettingError::BadValue { .. })
        ));
        assert!(matches!(
            Config::preset("nope"),
            Err(SettingError::UnknownPreset { .. })
        ));
        config.set("exit_capture", "blocked").unwrap();
        assert_eq!(config.exit_capture, ExitCapture::Blocked);
        assert_eq!(
            Config::preset(Config::PRESETS[0].name),
            Ok(Config::default())
        );
    }
}
