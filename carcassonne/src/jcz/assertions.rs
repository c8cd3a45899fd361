//! The test assertions of a `.jcz`, evaluated as JCloisterZone's client evaluates them
//! (`verifyScenario`: each pattern may match anywhere in the sentence): `<Player> has N
//! points`, `<Player> scored <name> for N points` (some score event of that points-expression
//! name gave that player N), `Player can pass` / `Player can't pass`, `phase is <Phase>`; and
//! `Available action TilePlacement for <tile>` (the tile to be placed now, drawn by the import
//! when the replay stops at a draw).

use crate::game::Pending;
use crate::tile::{TileId, TileSet};

use super::names;
use super::JczGame;

/// The verdict on one assertion of a `.jcz` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertionResult {
    /// The assertion as written in the file.
    pub text: String,
    /// Whether it holds.
    pub ok: bool,
    /// Whether its form is one this library evaluates; an assertion of another form is not
    /// judged and reported as not holding.
    pub judged: bool,
    /// What was found instead, when it does not hold (or why it could not be evaluated).
    pub detail: String,
}

/// The prefix of the assertion naming the tile to be placed.
const TILE_PLACEMENT: &str = "Available action TilePlacement for ";

/// The tile an assertion `Available action TilePlacement for <tile>` names, in a game of
/// `sets`.
pub(crate) fn named_tile(text: &str, sets: &[TileSet]) -> Option<TileId> {
    super::setup::tile_in(sets, text.trim().strip_prefix(TILE_PLACEMENT)?.trim())
}

/// A word of letters, digits and `_` (JavaScript's `\w+`) ending at the end of `s`.
fn word_before(s: &str) -> Option<&str> {
    let start = s
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_')
        .last()
        .map(|(i, _)| i)?;
    Some(&s[start..])
}

/// A word at the start of `s`.
fn word_after(s: &str) -> Option<&str> {
    let end = s
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(s.len(), |(i, _)| i);
    (end > 0).then(|| &s[..end])
}

/// An integer (`-?\d+`) at the start of `s` followed by ` point` or ` points`.
fn points_after(s: &str) -> Option<i64> {
    let digits = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
        .map_or(s.len(), |(i, _)| i);
    let rest = &s[digits..];
    rest.starts_with(" point")
        .then(|| s[..digits].parse().ok())?
}

impl JczGame {
    /// Evaluates every assertion of the file (see the module's forms); an assertion of another
    /// form is reported with `judged` false.
    pub fn check(&self) -> Vec<AssertionResult> {
        self.assertions.iter().map(|a| self.check_one(a)).collect()
    }

    fn seat(&self, name: &str) -> Option<usize> {
        (0..self.game.players()).find(|&p| self.game.config().player_name(p) == name)
    }

    fn check_one(&self, text: &str) -> AssertionResult {
        let result = |ok: bool, detail: String| AssertionResult {
            text: text.to_owned(),
            ok,
            judged: true,
            detail: if ok { String::new() } else { detail },
        };
        // `(\w+) has (-?\d+) points?`
        if let Some((name, n)) = text
            .split_once(" has ")
            .and_then(|(head, tail)| Some((word_before(head)?, points_after(tail)?)))
        {
            let Some(p) = self.seat(name) else {
                return result(false, format!("no player {name:?}"));
            };
            let score = i64::from(self.game.score(p));
            return result(score == n, format!("{name} has {score} points"));
        }
        // `(\w+) scored (\w+) for (-?\d+) points?`
        if let Some((name, kind, n)) = text.split_once(" scored ").and_then(|(head, tail)| {
            let kind = word_after(tail)?;
            let n = points_after(tail[kind.len()..].strip_prefix(" for ")?)?;
            Some((word_before(head)?, kind, n))
        }) {
            let Some(p) = self.seat(name) else {
                return result(false, format!("no player {name:?}"));
            };
            let found: Vec<u32> = self
                .scores
                .iter()
                .filter(|s| s.player == p && names::points_name(s) == kind)
                .map(|s| s.points)
                .collect();
            return result(
                found.iter().any(|&f| i64::from(f) == n),
                format!("{name}'s {kind} scores were {found:?}"),
            );
        }
        if text == "Player can pass" || text == "Player can't pass" {
            let can_pass = self.game.can_pass();
            let expected = text == "Player can pass";
            return result(
                can_pass == expected,
                format!(
                    "can_pass is {can_pass} (pending: {})",
                    self.game.pending().name()
                ),
            );
        }
        // `phase is (\w+)`
        if let Some(phase) = text
            .split_once("phase is ")
            .and_then(|(_, tail)| word_after(tail))
        {
            return result(
                phase == self.phase,
                format!("JCloisterZone's phase would be {}", self.phase),
            );
        }
        if let Some(rest) = text.trim().strip_prefix(TILE_PLACEMENT) {
            let wanted = rest.trim();
            let ok = matches!(self.game.pending(), Pending::Place { tile } if tile.kind().jcz_id == wanted);
            let why = match &self.named_draw {
                Some(error) => format!("{wanted} could not be drawn: {error}"),
                None => format!("pending: {:?}", self.game.pending()),
            };
            return result(ok, why);
        }
        AssertionResult {
            text: text.to_owned(),
            ok: false,
            judged: false,
            detail: "an assertion of a form this library does not evaluate".into(),
        }
    }
}
