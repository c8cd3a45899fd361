//! Crop Circles (spec `expansions.md` §3.7; seed S003 "Kruhy v obilí"): after the turn part
//! of a tile with a crop circle, every player in turn adds a follower to, or takes one back
//! from, the features of the circle's kind.
//!
//! - CR.1 (phase 4.5, after the turn part's scoring, its gold distribution and the Count's
//!   step): the active player chooses for everybody ([`Pending::CropOption`],
//!   [`Action::CropOption`]) option A, [`CropOption::Deploy`], or option B,
//!   [`CropOption::Return`].
//! - CR.2: then each player from the left of the active player round to the active player
//!   (last) decides in turn. A: [`Pending::CropDeploy`], one follower from supply onto a
//!   feature of the circle's kind where that player already has a follower of that kind
//!   ([`Action::CropDeploy`], next to that follower; other players' followers there do not
//!   matter), or [`Action::Pass`]. B: [`Pending::CropReturn`], one of that player's followers
//!   of the circle's kind back to supply ([`Action::CropReturn`]; no pass). A player with no
//!   such follower on the board is skipped, for A also a player with no follower in supply.
//! - CR.3 (D-CR-1): a follower is a normal follower, a large follower or a ringmaster standing
//!   on a feature of the circle's kind: a farmer in a field (pitchfork), a highwayman on a road
//!   (club), a knight in a city (shield). Monks, heretics, builders, pigs, acrobats and figures
//!   in the City's quarters are never reference figures, never added, never returned.
//! - CR.4: the choice is asked even when the active player, or nobody, has a follower of the
//!   kind; with the rule `crop_option_always_asked` off (JCloisterZone's reading) the round is
//!   skipped when no figure at all is out of supply. A field circle without the farmers rule
//!   has no effect and asks nothing (no farmer can exist; JCloisterZone drops the circle).
//! - CR.5: in a builder's double turn the round of the first part's circle comes before the
//!   second tile (the pipeline's order).
//! - A builder or a pig needs one of its owner's followers in its feature (TB-2, TB-5): when
//!   option B takes a player's last follower out of a feature, that player's builders and pigs
//!   there go back to supply too (a decision where the rulebooks are silent; JCloisterZone does
//!   the same).
//!
//! State: [`CropRound`], the round under way (the circle's tile and kind, the option once
//! chosen); the seat deciding is the game's current player. Hook: `AfterScoring` (last, phase
//! 4.5).

use crate::action::Action;
use crate::crop::CropOption;
use crate::error::PlayError;
use crate::events::{Event, Sink};
use crate::figure::Figure;
use crate::game::{FigureSlot, Game, Pending};
use crate::geometry::{Location, Position};
use crate::tile::{FeatureKind, Marker};
use crate::turn::Flow;

/// A crop-circle round under way (spec §6a: transient).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CropRound {
    /// The position of the tile with the circle (the turn part's tile).
    pub pos: Position,
    /// The circle's kind: [`FeatureKind::Field`] (pitchfork: farmers), [`FeatureKind::Road`]
    /// (club: highwaymen) or [`FeatureKind::City`] (shield: knights).
    pub circle: FeatureKind,
    /// The option the active player chose; `None` while [`Pending::CropOption`] is pending.
    pub option: Option<CropOption>,
}

/// The crop circles' state (with the `crop_circles` element).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CropCircles {
    /// The round under way, between the circle's prompt and the last player's decision.
    pub round: Option<CropRound>,
}

/// The figures a crop circle's round adds or returns (D-CR-1), in [`Figure::ALL`] order.
const CROP_FIGURES: [Figure; 3] = [Figure::Follower, Figure::LargeFollower, Figure::Ringmaster];

/// The crop circle printed on a tile of kind `kind`, if any: its type.
pub(crate) fn circle_of(kind: &crate::tile::TileKind) -> Option<FeatureKind> {
    kind.markers.iter().find_map(|m| match m {
        Marker::CropCircle(k) => Some(*k),
        _ => None,
    })
}

impl Game {
    /// The crop-circle round under way, if any (between the circle's prompt and the last
    /// player's decision; `None` without the crop circles element).
    pub fn crop_round(&self) -> Option<CropRound> {
        self.ext.crop.as_ref().and_then(|c| c.round)
    }

    /// `AfterScoring` (phase 4.5, CR.1, CR.4): the turn part's tile has a crop circle: the
    /// active player chooses the option for everybody.
    pub(crate) fn crop_after_scoring(&mut self) -> Flow {
        // The turn part's tile (`last_placed` ends with the scoring).
        let Some(placed) = self.turn_part_tile() else {
            return Flow::Continue;
        };
        let Some(circle) = circle_of(placed.tile.kind()) else {
            return Flow::Continue;
        };
        if !self.takes_followers(circle) {
            return Flow::Continue; // a field circle without farmers has no effect
        }
        if !self.config.rules.crop_option_always_asked && !self.any_figure_out() {
            return Flow::Continue; // JCloisterZone's reading of CR.4
        }
        let Some(crop) = self.ext.crop.as_mut() else {
            return Flow::Continue;
        };
        crop.round = Some(CropRound {
            pos: placed.pos,
            circle,
            option: None,
        });
        self.ask(Pending::CropOption, self.active);
        Flow::Wait
    }

    /// Whether any figure is out of supply: on the board, in the City's quarters or on an
    /// acrobat site.
    fn any_figure_out(&self) -> bool {
        !self.figures.is_empty()
            || crate::Quarter::ALL
                .iter()
                .any(|&q| !self.quarter_figures(q).is_empty())
            || self.acrobat_sites().iter().any(|s| !s.acrobats.is_empty())
    }

    /// Whether the figure `f` is a follower of `player` standing on a feature of kind `circle`
    /// (a reference figure for option A, a figure option B returns; D-CR-1).
    fn is_crop_follower(&self, f: &FigureSlot, player: u8, circle: FeatureKind) -> bool {
        f.player == player && f.figure.is_follower() && self.features.node(f.node).kind == circle
    }

    /// Whether `player` has a follower on a feature of kind `circle`.
    fn has_crop_follower(&self, player: u8, circle: FeatureKind) -> bool {
        self.figures
            .iter()
            .any(|f| self.is_crop_follower(f, player, circle))
    }

    /// The decision `player` takes in the round of a `circle` circle with `option`, or `None`
    /// when they are skipped (CR.2).
    fn crop_decision(
        &self,
        player: u8,
        circle: FeatureKind,
        option: CropOption,
    ) -> Option<Pending> {
        if !self.has_crop_follower(player, circle) {
            return None;
        }
        match option {
            CropOption::Deploy => CROP_FIGURES
                .iter()
                .any(|&f| self.supply(player as usize, f) > 0)
                .then_some(Pending::CropDeploy),
            CropOption::Return => Some(Pending::CropReturn),
        }
    }

    /// Asks the next player after `after` (from the left of the active player round to the
    /// active player; everybody when `after` is the active player choosing the option) who has
    /// something to do; when nobody is left, the round ends and the pipeline goes on.
    fn next_crop_player<S: Sink>(&mut self, after: u8, starting: bool, sink: &mut S) {
        let Some(round) = self.crop_round() else {
            return self.advance(sink);
        };
        let Some(option) = round.option else {
            return self.advance(sink);
        };
        let n = self.players();
        let (active, after) = (self.active as usize, after as usize);
        let steps = if starting {
            n
        } else {
            (active + n - after) % n
        };
        for k in 1..=steps {
            let seat = ((after + k) % n) as u8;
            if let Some(pending) = self.crop_decision(seat, round.circle, option) {
                self.ask(pending, seat);
                return;
            }
        }
        if let Some(crop) = self.ext.crop.as_mut() {
            crop.round = None;
        }
        self.advance(sink);
    }

    /// The legal actions of a pending crop-circle decision, into `out`: both options; the
    /// additions (follower kinds in supply in [`Figure::ALL`] order, each onto every segment
    /// holding one of the player's followers of the circle's kind, in deployment order) then
    /// `pass`; the returns (each of the player's followers of the circle's kind, one action per
    /// kind and segment, in deployment order).
    pub(crate) fn crop_actions(&self, out: &mut Vec<Action>) {
        let Some(round) = self.crop_round() else {
            return;
        };
        let player = self.decider;
        match self.pending {
            Pending::CropOption => {
                out.extend(CropOption::ALL.map(|option| Action::CropOption { option }));
            }
            Pending::CropDeploy => {
                for figure in CROP_FIGURES {
                    if self.supply(player as usize, figure) == 0 {
                        continue;
                    }
                    let start = out.len();
                    for f in &self.figures {
                        if !self.is_crop_follower(f, player, round.circle) {
                            continue;
                        }
                        let placed = self.describe_figure(f);
                        let action = Action::CropDeploy {
                            figure,
                            pos: placed.pos,
                            feature: placed.feature,
                            location: placed.location,
                        };
                        if !out[start..].contains(&action) {
                            out.push(action);
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Pending::CropReturn => {
                let start = out.len();
                for f in &self.figures {
                    if !self.is_crop_follower(f, player, round.circle) {
                        continue;
                    }
                    let placed = self.describe_figure(f);
                    let action = Action::CropReturn {
                        figure: placed.figure,
                        pos: placed.pos,
                        feature: placed.feature,
                        location: placed.location,
                    };
                    if !out[start..].contains(&action) {
                        out.push(action);
                    }
                }
            }
            _ => {}
        }
    }

    /// Checks `action` against a pending crop-circle decision; the error names what is wrong.
    pub(crate) fn check_crop_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.crop_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let circle = self.crop_round().map(|r| r.circle);
        let reason = match (self.pending, action) {
            (Pending::CropDeploy | Pending::CropReturn, Action::CropOption { .. }) => {
                "the option of this crop circle is already chosen, once, by the active player \
                 (CR.1)"
            }
            (Pending::CropDeploy, Action::CropDeploy { figure, .. })
                if !CROP_FIGURES.contains(&figure) =>
            {
                "a crop circle adds a follower, a large follower or a ringmaster, never a \
                 builder or a pig (D-CR-1)"
            }
            (Pending::CropDeploy, Action::CropDeploy { figure, .. })
                if self.supply(self.current_player(), figure) == 0 =>
            {
                "the player has no such figure in supply"
            }
            (Pending::CropDeploy, Action::CropDeploy { feature, .. })
                if Some(feature) != circle =>
            {
                "the feature is not of the crop circle's kind (CR.1)"
            }
            (Pending::CropDeploy, Action::CropDeploy { .. }) => {
                "a follower is added only where the player already has a follower of the \
                 circle's kind (CR.1)"
            }
            (Pending::CropReturn, Action::Pass) => {
                "option B is mandatory: the player returns one of their followers of the \
                 circle's kind (CR.1)"
            }
            (Pending::CropReturn, Action::CropReturn { feature, .. })
                if Some(feature) != circle =>
            {
                "only a follower on a feature of the crop circle's kind is returned (CR.1)"
            }
            (Pending::CropReturn, Action::CropReturn { .. }) => {
                "the player has no such follower there (only their own followers are returned, \
                 D-CR-1)"
            }
            (pending, action) => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: pending.name(),
                })
            }
        };
        Err(PlayError::IllegalCropAction { action, reason })
    }

    /// Plays a crop-circle decision (already checked) and goes on with the round.
    pub(crate) fn apply_crop_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        let player = self.decider;
        match action {
            Action::CropOption { option } => {
                let Some(crop) = self.ext.crop.as_mut() else {
                    return;
                };
                let Some(round) = crop.round.as_mut() else {
                    return;
                };
                round.option = Some(option);
                let (circle, pos) = (round.circle, round.pos);
                if S::WANTED {
                    sink.push(Event::CropOptionChosen {
                        player: player as usize,
                        option,
                        circle,
                        pos,
                    });
                }
                self.next_crop_player(player, true, sink);
            }
            Action::CropDeploy {
                figure,
                pos,
                feature,
                location,
            } => {
                if let Some(node) = self.crop_node(pos, feature, location) {
                    self.add_figure_slot(player, figure, node);
                    self.features.add_figure(node);
                    self.players[player as usize].supply[figure.index()] -= 1;
                    if S::WANTED {
                        sink.push(Event::FigureDeployed {
                            player: player as usize,
                            figure,
                            pos,
                            feature,
                            location,
                        });
                    }
                }
                self.next_crop_player(player, false, sink);
            }
            Action::CropReturn {
                figure,
                pos,
                feature,
                location,
            } => {
                if let Some(node) = self.crop_node(pos, feature, location) {
                    self.take_back_follower(player, figure, node, sink);
                }
                self.next_crop_player(player, false, sink);
            }
            Action::Pass => self.next_crop_player(player, false, sink),
            _ => {}
        }
    }

    /// The node of the segment of kind `feature` at `location` of the tile at `pos`.
    fn crop_node(&self, pos: Position, feature: FeatureKind, location: Location) -> Option<u16> {
        let placed = self.board.tile_at(pos)?;
        let segment = self.segment_at(placed, feature, location)?;
        Some(placed.node_base + segment as u16)
    }
}
