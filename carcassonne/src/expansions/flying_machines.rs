//! Flying Machines (spec `expansions.md` §3.1; seed S003 "Létající stroje"): a follower flies
//! from the tile just laid, a die says how far.
//!
//! - FM.1: instead of a deployment on a tile with a flying machine, the active player puts a
//!   follower from supply on the machine ([`Action::Fly`]): a normal or large follower or a
//!   ringmaster, never a builder or a pig (D-FM-1). That counts as the turn part's deployment
//!   (D-BT-2), whatever happens next.
//! - FM.2: the die (1, 1, 2, 2, 3, 3) is rolled — a chance node ([`Pending::FlierRoll`],
//!   outcomes [`Outcome::Roll`] 1–3, a third each); the target is that many steps from the
//!   tile in the machine's direction (it turns with the tile; diagonal machines fly
//!   diagonally).
//! - FM.3: on a tile there, the figure lands on an incomplete road, city, monastery or shrine
//!   of the player's choice ([`Pending::Landing`], [`Action::Land`], asked only with two or
//!   more), occupied or not; never on a field, and a feature completed by the tile just laid
//!   counts as complete. It stands there as any deployed follower would (a monk, a heretic, a
//!   knight; D-FM-2: majorities decide as in any feature).
//! - FM.3 with Under the Big Top (§3.1.2, §2.7): a normal follower may instead land on the
//!   acrobat site of the target tile while it has a free place ([`Action::Acrobat`] with the
//!   target's position, the same action as an acrobat deployed from the tile just laid): it
//!   climbs as the next acrobat (AC.3). Only a normal follower (AC.1, AC.4: never a large
//!   follower or a ringmaster). The site is one more landing among the tile's features — the
//!   only one of a tile with nothing else open, and then taken without asking like any single
//!   landing. The third acrobat completes the pyramid in this turn: it may be scored in a
//!   later turn only (AC.5).
//! - FM.4: with no tile there or no such feature on it, the figure goes back to the supply and
//!   nothing else is deployed.
//! - With the Count, the City's pieces have no quarter to land in, only their outer roads and
//!   cities (CLAR WICA 1/2013); JCloisterZone's reading
//!   (`flier_lands_on_city_of_carcassonne` off) allows no landing on them.
//!
//! State: `Flight` (while a flight is under way). Hooks: `DeployAlternatives` (FM.1).

use crate::action::Action;
use crate::chance::{below, Outcome};
use crate::error::{DrawError, PlayError};
use crate::events::{Event, Sink};
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::Position;
use crate::tile::{Compass, FeatureKind, Marker};

/// Faces of the die: 1, 1, 2, 2, 3, 3 (FM.2); the distance is uniform over 1..=3.
pub const DIE_DISTANCES: [u8; 3] = [1, 2, 3];

/// A flight under way: the figure on the machine and where it flies from, in which direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Flight {
    pub figure: Figure,
    pub from: Position,
    pub direction: Compass,
    /// After the roll: where it lands.
    pub target: Option<Position>,
}

impl Game {
    /// The direction of the flying machine of the tile just laid (after its rotation), if it
    /// has one and flying machines are in play.
    fn flying_machine(&self) -> Option<(Position, Compass)> {
        if !self.elements.flier {
            return None;
        }
        let placed = self.last_placed()?;
        placed.tile.kind().markers.iter().find_map(|m| match m {
            Marker::FlyingMachine(d) => Some((placed.pos, d.rotated(placed.rotation))),
            _ => None,
        })
    }

    /// Where a flight under way starts and heads, and after the roll where it lands (with the
    /// flying machines, between the flight and the landing).
    pub fn flight(&self) -> Option<(Position, Compass, Option<Position>)> {
        self.ext.flight.map(|f| (f.from, f.direction, f.target))
    }

    /// `DeployAlternatives` (FM.1): a flight for each follower kind in the active player's
    /// supply, into `out`.
    pub(crate) fn flier_deploy_actions(&self, out: &mut Vec<Action>) {
        if self.flying_machine().is_none() {
            return;
        }
        let supply = &self.players[self.active as usize].supply;
        for &figure in self.figure_kinds.as_slice() {
            if figure.is_follower() && supply[figure.index()] > 0 {
                out.push(Action::Fly { figure });
            }
        }
    }

    /// Checks a flight at the deployment step.
    pub(crate) fn check_flight(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.flier_deploy_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let reason = match action {
            Action::Fly { figure } if !figure.is_follower() => {
                "only a follower flies: never a builder or a pig (D-FM-1)"
            }
            Action::Fly { .. } if self.flying_machine().is_none() => {
                "the tile just laid has no flying machine"
            }
            _ => "the player has no such follower in supply",
        };
        Err(PlayError::IllegalFlight { action, reason })
    }

    /// Plays a flight (already checked): the figure boards the machine and the die is rolled —
    /// by the caller in explicit-draw games ([`Pending::FlierRoll`], returns false), else with
    /// the seeded generator (`(next_u64() * 3) >> 64` + 1), and the figure lands.
    pub(crate) fn fly<S: Sink>(&mut self, figure: Figure, sink: &mut S) -> bool {
        let Some((from, direction)) = self.flying_machine() else {
            return true;
        };
        self.ext.flight = Some(Flight {
            figure,
            from,
            direction,
            target: None,
        });
        if S::WANTED {
            sink.push(Event::FlierLaunched {
                player: self.active as usize,
                figure,
                pos: from,
                direction,
            });
        }
        if self.config.explicit_draws {
            self.ask(Pending::FlierRoll, self.active);
            return false;
        }
        let k = below(&mut self.rng, DIE_DISTANCES.len());
        self.roll(DIE_DISTANCES[k], sink)
    }

    /// The outcomes of a pending roll: 1, 2 and 3, a third each.
    pub(crate) fn roll_outcomes(&self) -> Vec<(Outcome, f64)> {
        DIE_DISTANCES
            .iter()
            .map(|&d| (Outcome::Roll(d), 1.0 / DIE_DISTANCES.len() as f64))
            .collect()
    }

    /// Checks the outcome of a pending roll.
    pub(crate) fn check_roll(&self, distance: u8) -> Result<(), DrawError> {
        if DIE_DISTANCES.contains(&distance) {
            Ok(())
        } else {
            Err(DrawError::NoSuchOutcome(Outcome::Roll(distance)))
        }
    }

    /// Plays the outcome of a pending roll (already checked) and resumes the pipeline.
    pub(crate) fn resolve_roll<S: Sink>(&mut self, distance: u8, sink: &mut S) {
        if self.roll(distance, sink) {
            self.after_deployment(sink);
        }
    }

    /// The die says `distance`: the figure lands (asking where with two or more features), or
    /// goes back to the supply (FM.3, FM.4). Returns false when the landing is asked for.
    fn roll<S: Sink>(&mut self, distance: u8, sink: &mut S) -> bool {
        self.outcomes.push(Outcome::Roll(distance));
        let Some(flight) = self.ext.flight.as_mut() else {
            return true;
        };
        let (dx, dy) = flight.direction.offset();
        let d = i32::from(distance);
        let target = Position::new(flight.from.x + d * dx, flight.from.y + d * dy);
        flight.target = Some(target);
        let figure = flight.figure;
        if S::WANTED {
            sink.push(Event::DieRolled { distance, target });
        }
        let mut landings = Vec::new();
        self.landings(&mut landings);
        match landings.as_slice() {
            [] => {
                self.ext.flight = None;
                if S::WANTED {
                    sink.push(Event::FlierReturned {
                        player: self.active as usize,
                        figure,
                    });
                }
                true
            }
            [only] => {
                self.land(*only, sink);
                true
            }
            _ => {
                self.ask(Pending::Landing { pos: target }, self.active);
                false
            }
        }
    }

    /// The landings of the flight under way (FM.3), into `out`: each incomplete road, city,
    /// monastery or shrine of the target tile, in the tile's segment order, then (a normal
    /// follower, with the acrobats) the target tile's acrobat site if it has a free place.
    fn landings(&self, out: &mut Vec<Action>) {
        let Some(flight) = self.ext.flight else {
            return;
        };
        let Some(target) = flight.target else {
            return;
        };
        let Some(placed) = self.board.tile_at(target) else {
            return;
        };
        if placed.tile.kind().is_city_of_carcassonne()
            && !self.config.rules.flier_lands_on_city_of_carcassonne
        {
            return;
        }
        for (i, seg) in placed.tile.kind().segments.iter().enumerate() {
            let feature = self.segment_kind(seg);
            let open = match feature {
                FeatureKind::Road | FeatureKind::City => {
                    let root = self.features.find(placed.node_base + i as u16);
                    self.features.open(root) != 0
                }
                FeatureKind::Monastery | FeatureKind::Shrine => {
                    self.board.count_surrounding(target) < 8
                }
                FeatureKind::Field | FeatureKind::River => false,
            };
            if open {
                out.push(Action::Land {
                    pos: target,
                    feature,
                    location: seg.location(placed.rotation),
                });
            }
        }
        if flight.figure == Figure::Follower && self.acrobat_site_has_room(target) {
            out.push(Action::Acrobat { pos: target });
        }
    }

    /// The figure of the flight lands where `landing` says (a legal landing): on a feature,
    /// or up the acrobat site.
    fn land<S: Sink>(&mut self, landing: Action, sink: &mut S) {
        let Some(flight) = self.ext.flight.take() else {
            return;
        };
        match landing {
            Action::Land {
                pos,
                feature,
                location,
            } => {
                let Some(placed) = self.board.tile_at(pos).copied() else {
                    return;
                };
                if let Some(segment) = self.segment_at(&placed, feature, location) {
                    self.deploy(&placed, segment, flight.figure, sink);
                }
            }
            Action::Acrobat { pos } => self.climb(pos, sink),
            _ => {}
        }
    }

    /// The legal actions of a pending landing, into `out`.
    pub(crate) fn landing_actions(&self, out: &mut Vec<Action>) {
        if matches!(self.pending, Pending::Landing { .. }) {
            self.landings(out);
        }
    }

    /// Checks `action` against a pending landing.
    pub(crate) fn check_landing(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.landings(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let target = self.ext.flight.and_then(|f| f.target);
        let reason = match action {
            Action::Land { pos, .. } | Action::Acrobat { pos } if Some(pos) != target => {
                "the figure lands on the tile the die sent it to"
            }
            Action::Land {
                feature: FeatureKind::Field,
                ..
            } => "a flier never lands on a field (FM.3)",
            Action::Land { .. } => {
                "a flier lands on an incomplete road, city, monastery or shrine (FM.3)"
            }
            Action::Acrobat { .. } => {
                "only a normal follower lands on an acrobat site, and only while it has a free \
                 place (FM.3, AC.3, AC.4)"
            }
            _ => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: self.pending.name(),
                })
            }
        };
        Err(PlayError::IllegalFlight { action, reason })
    }

    /// Plays a landing (already checked) and resumes the pipeline.
    pub(crate) fn apply_landing<S: Sink>(&mut self, action: Action, sink: &mut S) {
        self.land(action, sink);
        self.after_deployment(sink);
    }
}
