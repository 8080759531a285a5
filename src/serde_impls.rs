//! `serde` support (the `serde` feature), through the crate's own texts, so that a
//! saved value is readable and goes through the same checks as the text readers:
//!
//! | type | serialised as |
//! |---|---|
//! | [`Square`] | its name, `"f5"` |
//! | [`Color`] | its record name, `"black"` |
//! | [`Move`] | `"f5"` or `"pass"` |
//! | [`Rules`] (`alloc`) | its `Display` text, `"octagon, 3 players, anti"` |
//! | [`AnyPosition`] and the typed positions (`alloc`) | `{ "position": <position string>, "players": 2, "anti": false }` |
//! | [`Game`] (`alloc`) | `{ "record": <the game record of the whole line, redo list included>, "current": <moves played> }` |
//!
//! A game keeps its rules, start position, moves, the moves' times and comments,
//! and where it stands in its line. Without `alloc`, `Square`, `Color` and `Move`
//! are (de)serialisable.

use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::color::Color;
use crate::moves::Move;
use crate::square::Square;

/// A short text on the stack: the name of a square or a move.
struct Name {
    bytes: [u8; 8],
    len: usize,
}

impl fmt::Write for Name {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn serialize_short<S: Serializer>(
    value: &dyn fmt::Display,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut name = Name {
        bytes: [0; 8],
        len: 0,
    };
    fmt::write(&mut name, format_args!("{value}")).map_err(serde::ser::Error::custom)?;
    let text = core::str::from_utf8(&name.bytes[..name.len]).map_err(serde::ser::Error::custom)?;
    serializer.serialize_str(text)
}

/// A visitor of strings parsed with `parse`; `expecting` says what it wants.
struct Parsed<F> {
    parse: F,
    expecting: &'static str,
}

impl<'de, T, E: fmt::Display, F: FnOnce(&str) -> Result<T, E>> Visitor<'de> for Parsed<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Er: de::Error>(self, v: &str) -> Result<T, Er> {
        (self.parse)(v).map_err(Er::custom)
    }
}

fn deserialize_parsed<'de, D: Deserializer<'de>, T, E: fmt::Display>(
    deserializer: D,
    expecting: &'static str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error> {
    deserializer.deserialize_str(Parsed { parse, expecting })
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_short(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserialize_parsed(
            deserializer,
            "a square name such as f5",
            str::parse::<Square>,
        )
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_short(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        deserialize_parsed(deserializer, "a square name or pass", str::parse::<Move>)
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        deserialize_parsed(deserializer, "black, white, red or green", |s| {
            Color::from_name(s).ok_or("not a colour: expected black, white, red or green")
        })
    }
}

#[cfg(feature = "alloc")]
mod with_alloc {
    use alloc::string::{String, ToString};

    use serde::de::{self, Deserializer};
    use serde::ser::Serializer;
    use serde::{Deserialize, Serialize};

    use super::deserialize_parsed;
    use crate::game::Game;
    use crate::kernel::Kernel;
    use crate::layout::{Grid10, Grid8};
    use crate::position::{AnyPosition, MultiPlayer, TwoPlayer};
    use crate::rules::Rules;
    use crate::setup::Setup;
    use crate::text::record::Record;

    impl Serialize for Rules {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(&self.to_string())
        }
    }

    impl<'de> Deserialize<'de> for Rules {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
            deserialize_parsed(
                deserializer,
                "rules such as \"8x8, 2 players\"",
                str::parse::<Rules>,
            )
        }
    }

    /// A position as data: its string and what the string does not say.
    #[derive(Serialize, Deserialize)]
    struct PositionData {
        position: String,
        players: u8,
        anti: bool,
    }

    impl Serialize for AnyPosition {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            PositionData {
                position: self.to_string(),
                players: self.players(),
                anti: self.anti(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for AnyPosition {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AnyPosition, D::Error> {
            let data = PositionData::deserialize(deserializer)?;
            let setup = Setup::from_position_str(&data.position, data.players, data.anti)
                .map_err(de::Error::custom)?;
            AnyPosition::try_from(setup).map_err(de::Error::custom)
        }
    }

    macro_rules! typed {
        ($($ty:ident<$layout:ident>),*) => {$(
            impl<K: Kernel<$layout>> Serialize for $ty<$layout, K> {
                /// As the [`AnyPosition`] it converts to.
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    AnyPosition::from(*self).serialize(serializer)
                }
            }

            impl<'de> Deserialize<'de> for $ty<$layout> {
                /// An [`AnyPosition`] of this kind.
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    let any = AnyPosition::deserialize(deserializer)?;
                    $ty::<$layout>::try_from(any).map_err(de::Error::custom)
                }
            }
        )*};
    }

    typed!(
        TwoPlayer<Grid8>,
        TwoPlayer<Grid10>,
        MultiPlayer<Grid8>,
        MultiPlayer<Grid10>
    );

    /// A game as data: the record of its whole line, and how many moves of it
    /// are played.
    #[derive(Serialize, Deserialize)]
    struct GameData {
        record: String,
        current: usize,
    }

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut line = self.clone();
            line.go_to_end();
            GameData {
                record: Record::new(line).to_string(),
                current: self.move_count(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
            let data = GameData::deserialize(deserializer)?;
            let mut game = Record::parse(&data.record)
                .map_err(de::Error::custom)?
                .into_game();
            game.go_to(data.current).map_err(de::Error::custom)?;
            Ok(game)
        }
    }
}
