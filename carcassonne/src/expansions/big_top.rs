//! Under the Big Top (spec `expansions.md` §2; seed S004): the big top with its animal tokens,
//! the acrobats and the ringmaster.
//!
//! - BT.2/BT.3 (phase 3.4, after the features are scored): when a big-top site is placed, the
//!   big top on the board (if any) is scored — its animal token is drawn (a chance node,
//!   [`Pending::AnimalToken`]: the tokens are hidden until then, so drawing at the reveal is
//!   the same game), every player scores the animal's value per figure of theirs on its tile
//!   and the 8 around (BT.4: followers, large followers and ringmasters count 1, acrobats 1
//!   each; builders, pigs and figures in the City's quarters never), the token leaves the
//!   game — and the big top moves to the new site. BT.5: at the end the big top is scored once
//!   more, before any other final scoring (after the Count's Market, D-GEN-4). D-BT-1: an
//!   empty pool is refilled with the 16 tokens.
//! - AC.1–AC.4: instead of deploying on the placed tile, a normal follower may climb onto an
//!   acrobat site in the placed tile's 3×3 area with a free place (at most 3).
//!   [`Action::Acrobat`]; a normal follower that flies may also land on the target tile's
//!   site with a free place (FM.3, see `flying_machines`). AC.5: instead, a complete pyramid
//!   completed in an earlier turn may be scored: 5 per acrobat to its owner, one award per
//!   owner, the acrobats go home ([`Action::ScorePyramid`]). AC.7: at the end every acrobat
//!   scores 5.
//! - RM.1–RM.4: the ringmaster is a follower of strength 1 (never an acrobat); when a feature
//!   or field holding it is scored, its owner also scores 2 per circus tile (big-top site or
//!   acrobat tile) among its tile and the 8 around, one award per ringmaster.
//!
//! State: `Circus` (with the big top or the acrobats). Hooks: `TileLaid` (acrobat sites),
//! `StartOfTurnPart` (pyramids completed this turn), `AfterScoring` (BT.2/BT.3),
//! `BeforeFinalScoring` (BT.5), `FeatureScored` (RM.2), `FinalScoring` (AC.7).

use crate::action::Action;
use crate::animal::Animal;
use crate::chance::{below, Outcome};
use crate::error::{DrawError, PlayError};
use crate::events::{AcrobatScore, BigTopScore, Event, Reason, RingmasterScore, Sink};
use crate::features::NodeId;
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::Position;
use crate::tile::{Marker, TileKind};
use crate::turn::Flow;

/// Acrobats an acrobat site holds; with that many the pyramid is complete (AC.3).
pub const PYRAMID: usize = 3;
/// Points per acrobat (AC.5, AC.7).
pub const ACROBAT_POINTS: u32 = 5;
/// Points per circus tile around a scored ringmaster (RM.2).
pub const RINGMASTER_POINTS_PER_TILE: u32 = 2;

/// An acrobat site on the board and who climbed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Site {
    /// The acrobat tile's position.
    pub pos: Position,
    /// The acrobats' owners, in the order they climbed (`len` of them).
    pub climbers: [u8; PYRAMID],
    pub len: u8,
    /// The pyramid was completed in the current turn: it may not be scored before the next
    /// (AC.5).
    pub completed_this_turn: bool,
}

/// An acrobat site with the acrobats on it (see [`Game::acrobat_sites`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcrobatSite {
    /// The acrobat tile's position.
    pub pos: Position,
    /// The seats of the acrobats on it, in the order they climbed (at most 3).
    pub acrobats: Vec<usize>,
}

/// The circus's state.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Circus {
    /// Where the big top stands: the last big-top site placed.
    pub big_top: Option<Position>,
    /// Animal tokens left in the pool, by [`Animal::index`].
    pub pool: [u8; 6],
    /// While an animal is drawn during play: the new site the big top then moves to.
    pub moving_to: Option<Position>,
    /// The acrobat sites on the board, in the order their tiles were laid.
    pub sites: Vec<Site>,
}

clone_by_fields!(Circus {
    big_top,
    pool,
    moving_to,
    sites,
});

impl Circus {
    /// The circus at the start: no big top on the board, the 16 tokens in the pool.
    pub fn new() -> Circus {
        Circus {
            big_top: None,
            pool: Animal::ALL.map(Animal::tokens),
            moving_to: None,
            sites: Vec::new(),
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<Circus>() + self.sites.len() * std::mem::size_of::<Site>()
    }

    /// Tokens left in the pool.
    fn tokens(&self) -> u32 {
        self.pool.iter().map(|&n| u32::from(n)).sum()
    }
}

/// Whether a tile kind is a circus tile: a big-top site or an acrobat tile (RM.2).
pub(crate) fn is_circus_tile(kind: &TileKind) -> bool {
    kind.has_marker(Marker::BigTopSite) || kind.has_marker(Marker::AcrobatSite)
}

impl Game {
    /// Where the big top stands, if it is on the board (with the big top element).
    pub fn big_top(&self) -> Option<Position> {
        self.ext.circus.as_ref().and_then(|c| c.big_top)
    }

    /// The animal tokens still hidden in the pool, with how many of each (an empty list
    /// without the big top element). Their sum is what a draw draws from.
    pub fn animals_left(&self) -> Vec<(Animal, u8)> {
        let Some(circus) = self.ext.circus.as_ref().filter(|_| self.elements.big_top) else {
            return Vec::new();
        };
        Animal::ALL
            .into_iter()
            .map(|a| (a, circus.pool[a.index()]))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The acrobat sites on the board with their acrobats, in the order the tiles were laid
    /// (empty without the acrobats element).
    pub fn acrobat_sites(&self) -> Vec<AcrobatSite> {
        self.ext
            .circus
            .iter()
            .flat_map(|c| c.sites.iter())
            .map(|s| AcrobatSite {
                pos: s.pos,
                acrobats: s.climbers[..s.len as usize]
                    .iter()
                    .map(|&p| p as usize)
                    .collect(),
            })
            .collect()
    }

    /// `TileLaid`: an acrobat tile brings an acrobat site.
    pub(crate) fn note_acrobat_site(&mut self, kind: &TileKind, pos: Position) {
        if !self.elements.acrobats || !kind.has_marker(Marker::AcrobatSite) {
            return;
        }
        if let Some(circus) = self.ext.circus.as_mut() {
            circus.sites.push(Site {
                pos,
                climbers: [0; PYRAMID],
                len: 0,
                completed_this_turn: false,
            });
        }
    }

    /// `StartOfTurnPart`: a new turn (not a builder's second part) may score the pyramids
    /// completed in the last one (AC.5).
    pub(crate) fn circus_start_of_turn_part(&mut self) -> Flow {
        if !self.second_part {
            if let Some(circus) = self.ext.circus.as_mut() {
                for site in &mut circus.sites {
                    site.completed_this_turn = false;
                }
            }
        }
        Flow::Continue
    }

    /// `AfterScoring` (phase 3.4, BT.2/BT.3): a big-top site placed this turn part takes the
    /// big top — scoring it first where it stood, which draws its animal.
    pub(crate) fn big_top_after_scoring<S: Sink>(&mut self, sink: &mut S) -> Flow {
        // The turn part's tile is the last one laid (`last_placed` ends with the scoring).
        let Some(placed) = self.board.tiles().last().copied() else {
            return Flow::Continue;
        };
        if !self.elements.big_top || !placed.tile.kind().has_marker(Marker::BigTopSite) {
            return Flow::Continue;
        }
        let Some(circus) = self.ext.circus.as_mut() else {
            return Flow::Continue;
        };
        if circus.big_top.is_none() {
            // BT.2: the first site takes the big top and a hidden token.
            circus.big_top = Some(placed.pos);
            if S::WANTED {
                sink.push(Event::BigTopMoved {
                    from: None,
                    to: placed.pos,
                });
            }
            return Flow::Continue;
        }
        circus.moving_to = Some(placed.pos);
        self.draw_animal(sink)
    }

    /// `BeforeFinalScoring` (F3, BT.5): the big top on the board is scored once more.
    pub(crate) fn big_top_final_scoring<S: Sink>(&mut self, sink: &mut S) -> Flow {
        if !self.elements.big_top || self.big_top().is_none() {
            return Flow::Continue;
        }
        if let Some(circus) = self.ext.circus.as_mut() {
            circus.moving_to = None;
        }
        self.draw_animal(sink)
    }

    /// Draws the animal of the big top being scored: the caller supplies it in explicit-draw
    /// games ([`Pending::AnimalToken`]); otherwise the seeded generator picks token number
    /// `(next_u64() * tokens) >> 64` in animal order.
    fn draw_animal<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let Some(circus) = self.ext.circus.as_mut() else {
            return Flow::Continue;
        };
        if circus.tokens() == 0 {
            // D-BT-1: the removed tokens are reused.
            circus.pool = Animal::ALL.map(Animal::tokens);
        }
        if self.config.explicit_draws {
            self.ask(Pending::AnimalToken, self.active);
            return Flow::Wait;
        }
        let total = circus.tokens();
        let mut k = below(&mut self.rng, total as usize) as u32;
        let animal = Animal::ALL
            .into_iter()
            .find(|a| {
                let n = u32::from(circus.pool[a.index()]);
                if k < n {
                    true
                } else {
                    k -= n;
                    false
                }
            })
            .unwrap_or(Animal::Flea);
        self.score_big_top(animal, sink);
        Flow::Continue
    }

    /// The outcomes of a pending animal draw with their probabilities.
    pub(crate) fn animal_outcomes(&self) -> Vec<(Outcome, f64)> {
        let Some(circus) = self.ext.circus.as_ref() else {
            return Vec::new();
        };
        let total = f64::from(circus.tokens());
        Animal::ALL
            .into_iter()
            .filter(|a| circus.pool[a.index()] > 0)
            .map(|a| {
                (
                    Outcome::Animal(a),
                    f64::from(circus.pool[a.index()]) / total,
                )
            })
            .collect()
    }

    /// Checks the outcome of a pending animal draw.
    pub(crate) fn check_animal(&self, animal: Animal) -> Result<(), DrawError> {
        match self.ext.circus.as_ref() {
            Some(c) if c.pool[animal.index()] > 0 => Ok(()),
            _ => Err(DrawError::NoSuchOutcome(Outcome::Animal(animal))),
        }
    }

    /// Plays the outcome of a pending animal draw (already checked) and resumes the pipeline.
    pub(crate) fn resolve_animal<S: Sink>(&mut self, animal: Animal, sink: &mut S) {
        self.score_big_top(animal, sink);
        self.advance(sink);
    }

    /// BT.3: the big top is scored with `animal` — value × figures in the 3×3 area, one award
    /// per player — the token leaves the game, and the big top moves on when a new site
    /// called for the scoring.
    fn score_big_top<S: Sink>(&mut self, animal: Animal, sink: &mut S) {
        self.outcomes.push(Outcome::Animal(animal));
        let Some(circus) = self.ext.circus.as_mut() else {
            return;
        };
        circus.pool[animal.index()] = circus.pool[animal.index()].saturating_sub(1);
        let Some(at) = circus.big_top else {
            return;
        };
        let mut figures = [0u8; crate::config::MAX_PLAYERS];
        for site in circus.sites.iter().filter(|s| at.is_around(s.pos)) {
            for &p in &site.climbers[..site.len as usize] {
                figures[p as usize] += 1;
            }
        }
        for f in &self.figures {
            if f.figure.is_follower() && at.is_around(self.node_tile(f.node).0.pos) {
                figures[f.player as usize] += 1;
            }
        }
        if S::WANTED {
            sink.push(Event::AnimalRevealed { animal, pos: at });
        }
        // The big top's awards are given together (one round on the score track).
        self.begin_round();
        for (player, &n) in figures.iter().enumerate().take(self.players()) {
            if n > 0 {
                self.pay(player, animal.value() * u32::from(n), sink, || {
                    Reason::BigTop(BigTopScore {
                        animal,
                        figures: n,
                        pos: at,
                    })
                });
            }
        }
        self.end_round(sink);
        let Some(circus) = self.ext.circus.as_mut() else {
            return;
        };
        if let Some(to) = circus.moving_to.take() {
            circus.big_top = Some(to);
            if S::WANTED {
                sink.push(Event::BigTopMoved { from: Some(at), to });
            }
        }
    }

    /// The deployment step's circus alternatives (AC.1–AC.5), into `out`: an acrobat onto each
    /// acrobat site with a free place in the 3×3 area of the tile just laid (with a follower in
    /// supply), and the scoring of each pyramid completed in an earlier turn.
    pub(crate) fn circus_deploy_actions(&self, out: &mut Vec<Action>) {
        let Some(circus) = self.ext.circus.as_ref() else {
            return;
        };
        let Some(placed) = self.last_placed() else {
            return;
        };
        let follower = self.players[self.active as usize].supply[Figure::Follower.index()] > 0;
        if follower {
            for site in &circus.sites {
                if (site.len as usize) < PYRAMID && placed.pos.is_around(site.pos) {
                    out.push(Action::Acrobat { pos: site.pos });
                }
            }
        }
        for site in &circus.sites {
            if site.len as usize == PYRAMID && !self.pyramid_waits(site) {
                out.push(Action::ScorePyramid { pos: site.pos });
            }
        }
    }

    /// Whether a complete pyramid may not be scored yet: completed in this turn (AC.5), unless
    /// JCloisterZone's reading lets a builder's second part score it.
    fn pyramid_waits(&self, site: &Site) -> bool {
        site.completed_this_turn && !self.config.rules.pyramid_scorable_in_second_part
    }

    /// Checks an acrobat or a pyramid scoring at the deployment step.
    pub(crate) fn check_circus_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.circus_deploy_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let reason = match action {
            Action::Acrobat { .. } => {
                if self.players[self.active as usize].supply[Figure::Follower.index()] == 0 {
                    "only a normal follower becomes an acrobat, and the player has none in supply"
                } else {
                    "an acrobat goes on an acrobat site with a free place (at most 3) on the tile \
                     just laid or one of the 8 around it"
                }
            }
            _ => {
                "only a complete pyramid (3 acrobats) completed in an earlier turn may be scored, \
                 instead of deploying"
            }
        };
        Err(PlayError::IllegalDeployment { action, reason })
    }

    /// Plays an acrobat or a pyramid scoring (already checked) at the deployment step.
    pub(crate) fn apply_circus_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        match action {
            Action::Acrobat { pos } => self.climb(pos, sink),
            Action::ScorePyramid { pos } => self.score_acrobats(pos, true, sink),
            _ => {}
        }
    }

    /// Whether the acrobat site of the tile at `pos` (with the acrobats element) has a free
    /// place (fewer than 3 acrobats, AC.3).
    pub(crate) fn acrobat_site_has_room(&self, pos: Position) -> bool {
        self.elements.acrobats
            && self.ext.circus.as_ref().is_some_and(|c| {
                c.sites
                    .iter()
                    .any(|s| s.pos == pos && (s.len as usize) < PYRAMID)
            })
    }

    /// A normal follower of the active player's supply climbs the acrobat site at `pos`
    /// (checked: it has room, and the player a follower), as an acrobat deployed from the
    /// placed tile (AC.1, AC.2) or a flier landing there (FM.3). With the third the pyramid is
    /// complete, and may not be scored before a later turn (AC.5).
    pub(crate) fn climb<S: Sink>(&mut self, pos: Position, sink: &mut S) {
        let me = self.active;
        self.players[me as usize].supply[Figure::Follower.index()] -= 1;
        if let Some(site) = self
            .ext
            .circus
            .as_mut()
            .and_then(|c| c.sites.iter_mut().find(|s| s.pos == pos))
        {
            site.climbers[site.len as usize] = me;
            site.len += 1;
            site.completed_this_turn = site.len as usize == PYRAMID;
        }
        if S::WANTED {
            sink.push(Event::AcrobatDeployed {
                player: me as usize,
                pos,
            });
        }
    }

    /// Scores the acrobats of the site at `pos`: 5 per acrobat to its owner, one award per
    /// owner (AC.5, AC.7); during play they then go home and the site is empty.
    fn score_acrobats<S: Sink>(&mut self, pos: Position, go_home: bool, sink: &mut S) {
        let Some(site) = self
            .ext
            .circus
            .as_ref()
            .and_then(|c| c.sites.iter().find(|s| s.pos == pos))
            .copied()
        else {
            return;
        };
        let climbers = &site.climbers[..site.len as usize];
        // One site's awards are given together (one round on the score track).
        self.begin_round();
        for player in 0..self.players() as u8 {
            let n = climbers.iter().filter(|&&p| p == player).count() as u8;
            if n > 0 {
                self.pay(player as usize, ACROBAT_POINTS * u32::from(n), sink, || {
                    Reason::Acrobats(AcrobatScore { acrobats: n, pos })
                });
            }
        }
        self.end_round(sink);
        if !go_home {
            return;
        }
        for &p in climbers {
            self.players[p as usize].supply[Figure::Follower.index()] += 1;
            if S::WANTED {
                sink.push(Event::AcrobatReturned {
                    player: p as usize,
                    pos,
                });
            }
        }
        if let Some(site) = self
            .ext
            .circus
            .as_mut()
            .and_then(|c| c.sites.iter_mut().find(|s| s.pos == pos))
        {
            site.len = 0;
            site.completed_this_turn = false;
        }
    }

    /// `FinalScoring` (F4, AC.7): every acrobat still on a site scores 5 for its owner.
    pub(crate) fn score_acrobats_at_the_end<S: Sink>(&mut self, sink: &mut S) {
        let sites: Vec<Position> = self
            .ext
            .circus
            .iter()
            .flat_map(|c| c.sites.iter())
            .filter(|s| s.len > 0)
            .map(|s| s.pos)
            .collect();
        for pos in sites {
            self.score_acrobats(pos, false, sink);
        }
    }

    /// `FeatureScored` (RM.2, RM.3): after the feature or field `root` is scored, the owner of
    /// each ringmaster in it scores 2 per circus tile among the ringmaster's tile and the 8
    /// around — also when outnumbered.
    pub(crate) fn ringmaster_bonus<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        let mut bonuses: Vec<(u8, Position, u8)> = Vec::new();
        for f in &self.figures {
            if f.figure != Figure::Ringmaster || self.features.find(f.node) != root {
                continue;
            }
            let pos = self.node_tile(f.node).0.pos;
            let tiles = std::iter::once(pos)
                .chain(pos.surrounding())
                .filter(|p| {
                    self.board
                        .tile_at(*p)
                        .is_some_and(|t| is_circus_tile(t.tile.kind()))
                })
                .count() as u8;
            bonuses.push((f.player, pos, tiles));
        }
        for (player, pos, tiles) in bonuses {
            if tiles > 0 {
                self.pay(
                    player as usize,
                    RINGMASTER_POINTS_PER_TILE * u32::from(tiles),
                    sink,
                    || {
                        Reason::Ringmaster(RingmasterScore {
                            circus_tiles: tiles,
                            pos,
                        })
                    },
                );
            }
        }
    }
}
