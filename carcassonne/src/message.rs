//! The eight messages of the Messages (spec `expansions.md` §3.2.1; seed S003 "Dopisy"): a
//! face-down deck of message tiles, one drawn by the active player whose figure lands on a
//! dark space of the score track. Each message is an action, or 2 points instead (its seal).
//!
//! The rulebooks number them differently: S003 (the first edition, C1) and the second edition
//! (C2, "The Messengers") swap the extra tile to number 4. [`Message::number`] gives either;
//! the engine's own names (`shortest_road`, ...) are the same in both, and the C1 numbering is
//! the default wherever a number is shown ([`MessageNumbering`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// One of the eight messages, in the order of S003 (the C1 numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Message {
    /// C1 #1 (C2 #1), "Vyhodnocení nejkratší cesty": of the roads holding one of the player's
    /// followers (majority not needed), he scores one with the lowest value at the final
    /// scoring's rates (his choice among equals, D-MS-11; mage and witch applied, D-MS-2); his
    /// followers stay.
    ShortestRoad,
    /// C1 #2 (C2 #2): the same with the cities holding one of his followers.
    SmallestCity,
    /// C1 #3 (C2 #3): the same with the monasteries and shrines (D-CU-3) holding one of his
    /// followers.
    SmallestMonastery,
    /// C1 #4 (C2 #5), "2 body za každý erb": 2 points per pennant (coat of arms) in every city
    /// holding one of his followers.
    CoatsOfArms,
    /// C1 #5 (C2 #6), "2 body za každého rytíře": 2 points per follower of his in a city (a
    /// large follower counts once, D-MS-8).
    Knights,
    /// C1 #6 (C2 #7), "2 body za každého sedláka": 2 points per follower of his on a field.
    Farmers,
    /// C1 #7 (C2 #4), "Kartička navíc": he draws another land tile, places it and may deploy
    /// on it, a turn part nested in the current one (M.7, D-MS-7, D-MS-12).
    ExtraTile,
    /// C1 #8 (C2 #8), "Vyhodnocení a vrácení figurky": he picks one of his followers on the
    /// board; if he has the majority in its feature (ties included) he scores it for himself at
    /// the final scoring's rates; the follower goes home either way (D-MS-3).
    ScoreAndReturn,
}

/// Which rulebook's numbers [`Message::number`] gives (`expansions.md` §3.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageNumbering {
    /// S003, the first edition (2012): the extra tile is #7. The default.
    #[default]
    C1,
    /// The second edition ("The Messengers"): the extra tile is #4, coats of arms #5, knights
    /// #6, farmers #7.
    C2,
}

impl Message {
    /// All eight, in C1 order (index order).
    pub const ALL: [Message; 8] = [
        Message::ShortestRoad,
        Message::SmallestCity,
        Message::SmallestMonastery,
        Message::CoatsOfArms,
        Message::Knights,
        Message::Farmers,
        Message::ExtraTile,
        Message::ScoreAndReturn,
    ];

    /// Index in [`Message::ALL`], 0–7 (the C1 number minus one).
    pub const fn index(self) -> usize {
        match self {
            Message::ShortestRoad => 0,
            Message::SmallestCity => 1,
            Message::SmallestMonastery => 2,
            Message::CoatsOfArms => 3,
            Message::Knights => 4,
            Message::Farmers => 5,
            Message::ExtraTile => 6,
            Message::ScoreAndReturn => 7,
        }
    }

    /// The message's number, 1–8, in `numbering`.
    pub const fn number(self, numbering: MessageNumbering) -> u8 {
        match (numbering, self) {
            (MessageNumbering::C1, _) => self.index() as u8 + 1,
            (MessageNumbering::C2, Message::ShortestRoad) => 1,
            (MessageNumbering::C2, Message::SmallestCity) => 2,
            (MessageNumbering::C2, Message::SmallestMonastery) => 3,
            (MessageNumbering::C2, Message::ExtraTile) => 4,
            (MessageNumbering::C2, Message::CoatsOfArms) => 5,
            (MessageNumbering::C2, Message::Knights) => 6,
            (MessageNumbering::C2, Message::Farmers) => 7,
            (MessageNumbering::C2, Message::ScoreAndReturn) => 8,
        }
    }

    /// The message numbered `number` (1–8) in `numbering`.
    pub fn from_number(number: u8, numbering: MessageNumbering) -> Option<Message> {
        Message::ALL
            .into_iter()
            .find(|m| m.number(numbering) == number)
    }

    /// The name in notation, records, JSON, C and Python: `shortest_road`, `smallest_city`,
    /// `smallest_monastery`, `coats_of_arms`, `knights`, `farmers`, `extra_tile`,
    /// `score_and_return`.
    pub const fn name(self) -> &'static str {
        match self {
            Message::ShortestRoad => "shortest_road",
            Message::SmallestCity => "smallest_city",
            Message::SmallestMonastery => "smallest_monastery",
            Message::CoatsOfArms => "coats_of_arms",
            Message::Knights => "knights",
            Message::Farmers => "farmers",
            Message::ExtraTile => "extra_tile",
            Message::ScoreAndReturn => "score_and_return",
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Message {
    type Err = ParseError;

    /// Parses a message's name (case-insensitive), or its number with the edition:
    /// `c1:7` or `c2:4` (both the extra tile).
    fn from_str(s: &str) -> Result<Message, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        let numbered = |numbering, n: &str| {
            n.parse::<u8>()
                .ok()
                .and_then(|n| Message::from_number(n, numbering))
        };
        let found = match t.split_once(':') {
            Some(("c1", n)) => numbered(MessageNumbering::C1, n),
            Some(("c2", n)) => numbered(MessageNumbering::C2, n),
            _ => Message::ALL.into_iter().find(|m| m.name() == t),
        };
        found.ok_or_else(|| {
            ParseError::new(
                "message",
                s,
                "expected shortest_road, smallest_city, smallest_monastery, coats_of_arms, \
                 knights, farmers, extra_tile, score_and_return, or a number 1 to 8 as c1:N or \
                 c2:N",
            )
        })
    }
}

impl fmt::Display for MessageNumbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MessageNumbering::C1 => "c1",
            MessageNumbering::C2 => "c2",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_numberings_name_every_message_once() {
        for numbering in [MessageNumbering::C1, MessageNumbering::C2] {
            let mut numbers: Vec<u8> = Message::ALL.map(|m| m.number(numbering)).to_vec();
            numbers.sort_unstable();
            assert_eq!(numbers, (1..=8).collect::<Vec<u8>>());
            for m in Message::ALL {
                assert_eq!(
                    Message::from_number(m.number(numbering), numbering),
                    Some(m)
                );
                let text = format!("{numbering}:{}", m.number(numbering));
                assert_eq!(text.parse::<Message>(), Ok(m));
            }
        }
        // The table of §3.2.1: the C2 numbers in brackets.
        let c2 = [1, 2, 3, 5, 6, 7, 4, 8];
        for (m, n) in Message::ALL.into_iter().zip(c2) {
            assert_eq!(m.number(MessageNumbering::C2), n, "{m}");
        }
        assert_eq!("c1:7".parse::<Message>(), Ok(Message::ExtraTile));
        assert_eq!("c2:4".parse::<Message>(), Ok(Message::ExtraTile));
    }

    #[test]
    fn names_parse_back_and_bad_names_are_refused() {
        for m in Message::ALL {
            assert_eq!(m.name().parse::<Message>(), Ok(m));
            assert_eq!(Message::ALL[m.index()], m);
        }
        assert!("c1:9".parse::<Message>().is_err());
        assert!("longest_road".parse::<Message>().is_err());
    }
}
