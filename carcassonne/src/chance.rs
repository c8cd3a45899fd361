//! Chance: the outcomes of chance nodes — a tile draw, or the animal token of a big top being
//! scored (Under the Big Top), the roll of the flying machines' die, or the top message of the
//! Messages' face-down deck. [`Game::chance_outcomes`](crate::Game::chance_outcomes) lists the
//! outcomes of the pending node with their probabilities; in explicit-draw games the caller
//! supplies one with [`Game::resolve`](crate::Game::resolve), otherwise the engine draws from
//! its seeded generator. Records store every outcome in order.

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use crate::animal::Animal;
use crate::error::ParseError;
use crate::message::Message;
use crate::tile::TileId;

/// A uniform draw below `n` from the seeded generator: `(next_u64() * n) >> 64`, one 64-bit
/// number per draw (Lemire's multiply-shift, without the rejection step: the bias is below
/// `n / 2^64`). Every random choice of the engine draws this way (the tile draw, the big top's
/// animal token, the flying machines' die, the message deck, the bots), so a seed replays the
/// same game. `n` must be at least 1; the result is in `0..n`.
#[inline]
pub(crate) fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    scale(rng.next_u64(), n)
}

/// The draw of [`below`] from a number `roll` already taken from the generator: `(roll * n)
/// >> 64`, in `0..n` for `n` of at least 1.
#[inline]
pub(crate) const fn scale(roll: u64, n: usize) -> usize {
    ((roll as u128 * n as u128) >> 64) as usize
}

/// The outcome of a chance node. Text and serde form: the tile id (`D`, `RI-C`), the
/// animal's name (`bear`), `roll:N` or `message:NAME`, so records written before outcomes had
/// other kinds read unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The tile drawn from the stack (spec B-3.1).
    Tile(TileId),
    /// The animal token of the big top being scored (Under the Big Top, BT.3, BT.5).
    Animal(Animal),
    /// The distance the die sends a flier, 1 to 3 (Flying Machines FM.2). Text form
    /// `roll:N`.
    Roll(u8),
    /// The top message of the deck (Messages M.2, M.3): uniform over the messages not drawn
    /// yet, then — once every message was seen — the one put under the deck longest ago. Text
    /// form `message:NAME` (`message:extra_tile`).
    Message(Message),
}

impl Outcome {
    /// The tile of a tile draw.
    pub const fn tile(self) -> Option<TileId> {
        match self {
            Outcome::Tile(t) => Some(t),
            Outcome::Animal(_) | Outcome::Roll(_) | Outcome::Message(_) => None,
        }
    }

    /// The distance of a roll of the flying machines' die.
    pub const fn roll(self) -> Option<u8> {
        match self {
            Outcome::Roll(d) => Some(d),
            Outcome::Tile(_) | Outcome::Animal(_) | Outcome::Message(_) => None,
        }
    }

    /// The animal of an animal token draw.
    pub const fn animal(self) -> Option<Animal> {
        match self {
            Outcome::Animal(a) => Some(a),
            Outcome::Tile(_) | Outcome::Roll(_) | Outcome::Message(_) => None,
        }
    }

    /// The message of a message draw.
    pub const fn message(self) -> Option<Message> {
        match self {
            Outcome::Message(m) => Some(m),
            Outcome::Tile(_) | Outcome::Animal(_) | Outcome::Roll(_) => None,
        }
    }
}

impl From<TileId> for Outcome {
    fn from(tile: TileId) -> Outcome {
        Outcome::Tile(tile)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Tile(t) => write!(f, "{t}"),
            Outcome::Animal(a) => write!(f, "{a}"),
            Outcome::Roll(d) => write!(f, "roll:{d}"),
            Outcome::Message(m) => write!(f, "message:{m}"),
        }
    }
}

impl FromStr for Outcome {
    type Err = ParseError;

    /// Parses a tile id (`D`, `IC-K`, or a JCloisterZone id such as `BA/RCr`) or an animal's
    /// name (`elephant`, `tiger`, `bear`, `seal`, `monkey`, `flea`), a roll of the die
    /// (`roll:1` to `roll:3`), or a message (`message:knights`; see [`Message`]'s names).
    fn from_str(s: &str) -> Result<Outcome, ParseError> {
        if let Some(m) = s.trim().strip_prefix("message:") {
            return m
                .parse::<Message>()
                .map(Outcome::Message)
                .map_err(|e| ParseError::new("chance outcome", s, e.reason));
        }
        if let Some(d) = s.trim().strip_prefix("roll:") {
            return match d.parse::<u8>() {
                Ok(d @ 1..=3) => Ok(Outcome::Roll(d)),
                _ => Err(ParseError::new(
                    "chance outcome",
                    s,
                    "a roll of the die is roll:1, roll:2 or roll:3",
                )),
            };
        }
        if let Ok(animal) = s.parse::<Animal>() {
            return Ok(Outcome::Animal(animal));
        }
        s.parse::<TileId>()
            .map(Outcome::Tile)
            .map_err(|e| ParseError::new("chance outcome", s, e.reason))
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
