//! Gold Mines (spec `expansions.md` §3.4; seed S003 "Zlaté doly"): gold ingots on the tiles,
//! claimed by the owners of completed features, worth more the more a player has.
//!
//! - GM.1 (phase 1.3): a tile with a gold symbol takes an ingot from the supply, and one more
//!   goes on a tile of its 8-neighbourhood chosen by the active player
//!   ([`Pending::Ingot`], [`Action::PlaceIngot`]; forced when only one neighbour is on the
//!   board). D-GM-1: with fewer than 2 ingots left, what is left goes, the gold tile first.
//! - GM.2–GM.4 (phase 4.1, after all scoring of the turn part): every owner of a road, city,
//!   monastery or shrine scored in the turn part is entitled to the ingots in its claim area
//!   (the feature's tiles; a monastery's or shrine's 3×3). A single entitled player takes them
//!   all; otherwise, from the active player clockwise, each player still entitled to an ingot
//!   takes one, until none is left that anybody may claim ([`Pending::TakeIngot`],
//!   [`Action::TakeIngot`], asked only when the tiles offered differ in who else may claim
//!   them). Fields never claim; the final scoring distributes nothing. With the rule
//!   [`GoldDistribution::Automatic`](crate::GoldDistribution) (JCloisterZone's reading) the
//!   engine picks each ingot instead.
//! - GM.6 (F6): a player's `n` ingots score `n × v`, `v` = 1 for 1–3, 2 for 4–6, 3 for 7–9,
//!   4 for 10 or more ([`gold_points`]).
//!
//! State: `Gold` (with the gold element). Hooks: `TileTriggered` (GM.1), `FeatureScored`
//! (entitlements), `AfterScoring` (GM.3–GM.4), `FinalScoring` (GM.6).

use crate::action::Action;
use crate::config::{GoldDistribution, MAX_PLAYERS};
use crate::error::PlayError;
use crate::events::{Event, GoldScore, Reason, Sink};
use crate::features::NodeId;
use crate::game::{Game, Pending};
use crate::geometry::Position;
use crate::tile::{FeatureKind, Marker};
use crate::turn::Flow;

/// Gold ingots in the game (S003 "Herní materiál").
pub const INGOTS: u8 = 16;

/// Points for `ingots` ingots at the end (GM.6): `ingots × v` with `v` = 1 for 1–3, 2 for
/// 4–6, 3 for 7–9, 4 for 10 or more.
pub const fn gold_points(ingots: u8) -> u32 {
    let per_ingot = match ingots {
        0..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    };
    ingots as u32 * per_ingot
}

/// The gold's state.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Gold {
    /// Ingots left in the supply.
    pub supply: u8,
    /// Ingots on the board: tile position and count, in the order the tiles first got one
    /// (a count may fall to 0).
    pub on_board: Vec<(Position, u8)>,
    /// Ingots each player holds (GM.5).
    pub held: [u8; MAX_PLAYERS],
    /// In the current turn part: tiles with ingots in the claim area of a scored feature, and
    /// the seats entitled to them (a bit mask).
    pub claims: Vec<(Position, u8)>,
    /// During a distribution: the seat whose turn it is to take an ingot.
    pub taker: u8,
}

clone_by_fields!(Gold {
    supply,
    on_board,
    held,
    claims,
    taker,
});

impl Gold {
    /// The gold at the start: every ingot in the supply.
    pub fn new() -> Gold {
        Gold {
            supply: INGOTS,
            on_board: Vec::new(),
            held: [0; MAX_PLAYERS],
            claims: Vec::new(),
            taker: 0,
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<Gold>()
            + (self.on_board.len() + self.claims.len()) * std::mem::size_of::<(Position, u8)>()
    }

    /// Ingots on the tile at `pos`.
    fn on(&self, pos: Position) -> u8 {
        self.on_board
            .iter()
            .find(|(p, _)| *p == pos)
            .map_or(0, |&(_, n)| n)
    }

    /// Moves one ingot from the supply onto the tile at `pos`; false if the supply is empty.
    fn put(&mut self, pos: Position) -> bool {
        if self.supply == 0 {
            return false;
        }
        self.supply -= 1;
        match self.on_board.iter_mut().find(|(p, _)| *p == pos) {
            Some((_, n)) => *n += 1,
            None => self.on_board.push((pos, 1)),
        }
        true
    }

    /// The claimable tiles: those with ingots left and somebody entitled.
    fn claimable(&self) -> impl Iterator<Item = (Position, u8)> + '_ {
        self.claims
            .iter()
            .copied()
            .filter(move |&(pos, mask)| mask != 0 && self.on(pos) > 0)
    }
}

/// Orders the claimed tiles as JCloisterZone's automatic distribution takes from them: the
/// most claimants first, then (a stable sort) the order of its `java.util.HashMap` of
/// positions — bucket `(h ^ (h >>> 16)) & (capacity − 1)` with `h = (x << 16) ^ y` and the
/// capacity the smallest power of two from 16 that holds the tiles at a load of 3/4 — then
/// the order the claims arose. Each player then takes from the first tile they may claim.
fn jcloisterzone_order(claims: &mut [(Position, u8)]) {
    let mut capacity: usize = 16;
    while claims.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let bucket = |pos: Position| {
        let h = (pos.x << 16) ^ pos.y;
        ((h ^ ((h as u32) >> 16) as i32) as u32 as usize) & (capacity - 1)
    };
    claims.sort_by_key(|&(pos, mask)| (std::cmp::Reverse(mask.count_ones()), bucket(pos)));
}

impl Game {
    /// Ingots on the board: the position of each tile with ingots and how many, in the order
    /// the tiles first got one (empty without the gold element).
    pub fn ingots_on_board(&self) -> Vec<(Position, u8)> {
        self.ext
            .gold
            .iter()
            .flat_map(|g| g.on_board.iter().copied())
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// Ingots `player` holds (GM.5; 0 without the gold element).
    pub fn ingots(&self, player: usize) -> u8 {
        self.ext
            .gold
            .as_ref()
            .and_then(|g| g.held.get(player).copied())
            .unwrap_or(0)
    }

    /// Ingots left in the supply (of 16; 0 without the gold element).
    pub fn ingots_in_supply(&self) -> u8 {
        self.ext.gold.as_ref().map_or(0, |g| g.supply)
    }

    /// `TileTriggered` (phase 1.3, GM.1): a gold tile takes an ingot, and one more goes on a
    /// neighbour: forced with one neighbour, else the active player's choice.
    pub(crate) fn gold_tile_triggered<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let Some(placed) = self.last_placed().copied() else {
            return Flow::Continue;
        };
        if !placed.tile.kind().has_marker(Marker::GoldMine) {
            return Flow::Continue;
        }
        self.put_ingot(placed.pos, sink);
        if self.ingots_in_supply() == 0 {
            return Flow::Continue;
        }
        let (first, more) = {
            let mut neighbours = self.ingot_neighbours(placed.pos);
            (neighbours.next(), neighbours.next().is_some())
        };
        match (first, more) {
            (None, _) => return Flow::Continue,
            (Some(only), false) => {
                self.put_ingot(only, sink);
                return Flow::Continue;
            }
            (Some(_), true) => {}
        }
        self.ask(Pending::Ingot { pos: placed.pos }, self.active);
        Flow::Wait
    }

    /// The tiles of the 8-neighbourhood of `pos` on the board, clockwise from the north-west.
    fn ingot_neighbours(&self, pos: Position) -> impl Iterator<Item = Position> + '_ {
        pos.surrounding()
            .into_iter()
            .filter(|p| self.board.tile_at(*p).is_some())
    }

    /// One ingot from the supply onto the tile at `pos` (nothing if the supply is empty).
    fn put_ingot<S: Sink>(&mut self, pos: Position, sink: &mut S) {
        if self.ext.gold.as_mut().is_some_and(|g| g.put(pos)) && S::WANTED {
            sink.push(Event::IngotPlaced { pos });
        }
    }

    /// `FeatureScored` (GM.3): the owners of the road, city, monastery or shrine `root`, scored
    /// during play, are entitled to the ingots in its claim area.
    pub(crate) fn note_gold_claims(&mut self, root: NodeId) {
        if self.is_over() {
            return; // the final scoring distributes nothing (GM.5)
        }
        let Some(gold) = self.ext.gold.as_ref() else {
            return;
        };
        if gold.on_board.iter().all(|&(_, n)| n == 0) {
            return;
        }
        let kind = self.features.node(root).kind;
        if !matches!(
            kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Monastery | FeatureKind::Shrine
        ) {
            return;
        }
        let Some(occupancy) = self.occupancy(root) else {
            return;
        };
        let owners = crate::scoring::owners(&occupancy.strength);
        let building = self.node_tile(root).0.pos;
        let in_area: Vec<Position> = gold
            .on_board
            .iter()
            .filter(|&&(pos, n)| {
                n > 0
                    && match kind {
                        FeatureKind::Monastery | FeatureKind::Shrine => building.is_around(pos),
                        _ => self
                            .board
                            .tile_at(pos)
                            .is_some_and(|placed| self.tile_in_feature(placed, root)),
                    }
            })
            .map(|&(pos, _)| pos)
            .collect();
        let Some(gold) = self.ext.gold.as_mut() else {
            return;
        };
        for pos in in_area {
            match gold.claims.iter_mut().find(|(p, _)| *p == pos) {
                Some((_, mask)) => *mask |= owners,
                None => gold.claims.push((pos, owners)),
            }
        }
    }

    /// `AfterScoring` (phase 4.1, GM.4): the entitled players take the claimed ingots.
    pub(crate) fn gold_after_scoring<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let active = self.active;
        let Some(gold) = self.ext.gold.as_mut() else {
            return Flow::Continue;
        };
        let entitled = gold.claimable().fold(0u8, |m, (_, mask)| m | mask);
        if entitled == 0 {
            gold.claims.clear();
            return Flow::Continue;
        }
        if entitled.count_ones() == 1 {
            // A single entitled player takes them all.
            let player = entitled.trailing_zeros() as u8;
            let tiles: Vec<Position> = gold.claimable().map(|(p, _)| p).collect();
            for pos in tiles {
                while self.ingots_on(pos) > 0 {
                    self.take_ingot(player, pos, sink);
                }
            }
            if let Some(gold) = self.ext.gold.as_mut() {
                gold.claims.clear();
            }
            return Flow::Continue;
        }
        gold.taker = active;
        if self.config.rules.gold_distribution == GoldDistribution::Automatic {
            jcloisterzone_order(&mut gold.claims);
        }
        self.distribute_gold(sink)
    }

    /// Ingots on the tile at `pos`.
    fn ingots_on(&self, pos: Position) -> u8 {
        self.ext.gold.as_ref().map_or(0, |g| g.on(pos))
    }

    /// Goes on with a distribution among several entitled players, one ingot at a time in
    /// seat order from the taker; asks the taker when the tiles they may take from differ in
    /// who else may claim them (with the players' choice), else takes from the first of them
    /// (in the order of the claims). Returns [`Flow::Wait`] when asking.
    fn distribute_gold<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let players = self.players() as u8;
        loop {
            let Some(gold) = self.ext.gold.as_ref() else {
                return Flow::Continue;
            };
            let entitled = gold.claimable().fold(0u8, |m, (_, mask)| m | mask);
            if entitled == 0 {
                if let Some(gold) = self.ext.gold.as_mut() {
                    gold.claims.clear();
                }
                return Flow::Continue;
            }
            let taker = (0..players)
                .map(|k| (gold.taker + k) % players)
                .find(|&p| entitled & (1 << p) != 0)
                .unwrap_or(gold.taker);
            let options: Vec<(Position, u8)> = gold
                .claimable()
                .filter(|&(_, mask)| mask & (1 << taker) != 0)
                .collect();
            let choice_matters = options.iter().any(|&(_, m)| m != options[0].1);
            if choice_matters && self.config.rules.gold_distribution == GoldDistribution::Players {
                if let Some(gold) = self.ext.gold.as_mut() {
                    gold.taker = taker;
                }
                self.ask(Pending::TakeIngot, taker);
                return Flow::Wait;
            }
            let pos = options[0].0;
            self.take_ingot(taker, pos, sink);
            if let Some(gold) = self.ext.gold.as_mut() {
                gold.taker = (taker + 1) % players;
            }
        }
    }

    /// `player` takes one ingot from the tile at `pos`.
    fn take_ingot<S: Sink>(&mut self, player: u8, pos: Position, sink: &mut S) {
        let Some(gold) = self.ext.gold.as_mut() else {
            return;
        };
        let Some((_, n)) = gold.on_board.iter_mut().find(|(p, n)| *p == pos && *n > 0) else {
            return;
        };
        *n -= 1;
        gold.held[player as usize] += 1;
        if S::WANTED {
            sink.push(Event::IngotTaken {
                player: player as usize,
                pos,
            });
        }
    }

    /// The legal actions of a pending gold decision, into `out`.
    pub(crate) fn gold_actions(&self, out: &mut Vec<Action>) {
        let Some(gold) = self.ext.gold.as_ref() else {
            return;
        };
        match self.pending {
            Pending::Ingot { pos } => out.extend(
                self.ingot_neighbours(pos)
                    .map(|pos| Action::PlaceIngot { pos }),
            ),
            Pending::TakeIngot => out.extend(
                gold.claimable()
                    .filter(|&(_, mask)| mask & (1 << self.decider) != 0)
                    .map(|(pos, _)| Action::TakeIngot { pos }),
            ),
            _ => {}
        }
    }

    /// Checks `action` against a pending gold decision.
    pub(crate) fn check_gold_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.gold_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let reason = match (self.pending, action) {
            (Pending::Ingot { .. }, Action::PlaceIngot { .. }) => {
                "the second ingot goes on a tile of the 8 around the gold tile (GM.1)"
            }
            (Pending::TakeIngot, Action::TakeIngot { .. }) => {
                "an ingot is taken from a tile the player is entitled to (GM.3)"
            }
            (pending, action) => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: pending.name(),
                })
            }
        };
        Err(PlayError::IllegalGoldAction { action, reason })
    }

    /// Plays a gold decision (already checked) and resumes the pipeline.
    pub(crate) fn apply_gold_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        match action {
            Action::PlaceIngot { pos } => {
                self.put_ingot(pos, sink);
                self.advance(sink);
            }
            Action::TakeIngot { pos } => {
                let taker = self.decider;
                self.take_ingot(taker, pos, sink);
                let players = self.players() as u8;
                if let Some(gold) = self.ext.gold.as_mut() {
                    gold.taker = (taker + 1) % players;
                }
                if self.distribute_gold(sink) == Flow::Continue {
                    self.advance(sink);
                }
            }
            _ => {}
        }
    }

    /// `FinalScoring` (F6, GM.6): every player's ingots by the table of [`gold_points`].
    pub(crate) fn score_gold<S: Sink>(&mut self, sink: &mut S) {
        let Some(held) = self.ext.gold.as_ref().map(|g| g.held) else {
            return;
        };
        for (player, &ingots) in held.iter().enumerate().take(self.players()) {
            if ingots > 0 {
                self.pay(player, gold_points(ingots), sink, || {
                    Reason::Gold(GoldScore { ingots })
                });
            }
        }
    }
}
