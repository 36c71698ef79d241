//! serde support (feature `serde`): moves as their UAI text, positions as
//! `{"fen": …, "config": …}` so that deserialising goes through the validating parser.

use alloc::string::{String, ToString};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::config::AtaxxConfig;
use crate::moves::Move;
use crate::position::Ataxx;
use crate::square::Square;

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct PositionRepr {
    fen: String,
    config: AtaxxConfig,
}

impl Serialize for Ataxx {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionRepr {
            fen: self.to_string(),
            config: self.rules(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Ataxx {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ataxx, D::Error> {
        let repr = PositionRepr::deserialize(deserializer)?;
        Ataxx::from_fen(&repr.fen, repr.config).map_err(D::Error::custom)
    }
}
