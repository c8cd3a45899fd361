//! Replaying a `.jcz`'s messages on our engine, each checked against the engine's state: the
//! acting `player` must be the seat that decides now, every message must answer the pending
//! decision (`PASS` only where a step may be skipped, `COMMIT` only where a turn part or a move
//! out of the City awaits one), every meeple id must name a figure where the message says it
//! is. A file that does not hold is refused with the message's index and field, never replayed
//! as another game.

use serde_json::Value;

use crate::action::Action;
use crate::error::ImportError;
use crate::events::{Event, Score};
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::{Location, Position, Rotation};
use crate::magic::MagicFigure;
use crate::quarter::Quarter;
use crate::tile::{FeatureKind, TileId};

use super::meeples::{MeepleId, MeepleIds, Spot};
use super::names;
use super::random::JczRandom;
use super::setup::jcz_tile;

/// A replay in progress.
pub(crate) struct Replay {
    /// The game so far.
    pub game: Game,
    /// Every score event so far.
    pub scores: Vec<Score>,
    /// The file's forced draw order.
    draw_order: Vec<TileId>,
    /// The next entry of the draw order.
    cursor: usize,
    /// The numbered figures.
    meeples: MeepleIds,
    /// The `COMMIT` that must come next: after a turn part's action step, and after a move out
    /// of the City that leaves its mover nothing more to move (JCloisterZone's confirmation
    /// step).
    commit_due: Option<Commit>,
    /// JCloisterZone's generator, for the animal tokens it drew.
    random: JczRandom,
    /// A step the engine took by itself that JCloisterZone still asks for, so that its message
    /// comes next and must say the same (a flier's only landing).
    confirm: Option<Confirm>,
    /// The figure of a flight under way: the number the launch message named.
    flier: Option<MeepleId>,
}

/// A step the engine took by itself, with the message that confirms it.
#[derive(Clone, Copy, Debug)]
enum Confirm {
    /// The flier landed on the only feature it could (an [`Action::Land`], or an
    /// [`Action::Acrobat`] up the target's acrobat site): JCloisterZone's landing
    /// `DEPLOY_MEEPLE`.
    Landing { player: usize, landing: Action },
}

/// A `COMMIT` that must come next: whose, and in which of JCloisterZone's phases.
#[derive(Clone, Copy, Debug)]
struct Commit {
    player: usize,
    phase: &'static str,
}

/// JCloisterZone's phase awaiting the commit of a turn part's action step.
const COMMIT_ACTION: &str = "CommitActionPhase";
/// JCloisterZone's phase of the moves out of the City before a scoring.
const COC_SCORING: &str = "CocScoringPhase";
/// JCloisterZone's phase of a crop circle's round (its players' decisions, each deployment or
/// return committed).
const CORN_CIRCLE: &str = "CornCirclePhase";

/// One message being applied: where it is, for errors.
struct Message<'a> {
    index: usize,
    kind: &'a str,
    payload: &'a Value,
    player: Option<usize>,
}

impl Message<'_> {
    fn error(&self, field: &str, reason: impl Into<String>) -> ImportError {
        ImportError::Replay {
            index: self.index,
            kind: self.kind.to_owned(),
            field: field.to_owned(),
            reason: reason.into(),
        }
    }

    /// Checks that the message's player (when it names one) is `expected`.
    fn sent_by(&self, expected: usize, decision: &str) -> Result<(), ImportError> {
        match self.player {
            Some(found) if found != expected => Err(ImportError::WrongPlayer {
                index: self.index,
                kind: self.kind.to_owned(),
                expected,
                found,
                decision: decision.to_owned(),
            }),
            _ => Ok(()),
        }
    }

    /// The payload's string field `name` (a path below `payload`).
    fn text(&self, value: Option<&Value>, path: &str) -> Result<String, ImportError> {
        value
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| self.error(path, "missing or not a string"))
    }

    /// A feature pointer `{position, location, feature}` at `path`.
    fn pointer(&self, value: Option<&Value>, path: &str) -> Result<Pointer, ImportError> {
        let p = value
            .filter(|v| v.is_object())
            .ok_or_else(|| self.error(path, "missing or not an object"))?;
        let pos_path = format!("{path}.position");
        let pos = position(p.get("position")).map_err(|why| self.error(&pos_path, why))?;
        let feature = self.text(p.get("feature"), &format!("{path}.feature"))?;
        let location = self.text(p.get("location"), &format!("{path}.location"))?;
        Ok(Pointer {
            pos,
            feature,
            location,
        })
    }

    /// The meeple id of the payload.
    fn meeple(&self) -> Result<MeepleId, ImportError> {
        let text = self.text(self.payload.get("meepleId"), "payload.meepleId")?;
        MeepleId::parse(&text).map_err(|why| self.error("payload.meepleId", why))
    }
}

/// A JCloisterZone feature pointer, parsed as far as its kind allows.
struct Pointer {
    pos: Position,
    feature: String,
    location: String,
}

impl Replay {
    /// A replay of `game` (just set up) with the file's draw order and `initialRandom`.
    pub fn new(game: Game, draw_order: Vec<TileId>, initial_random: f64) -> Replay {
        let counts = game.config().start_supply();
        let meeples = MeepleIds::new(game.players(), counts);
        Replay {
            game,
            scores: Vec::new(),
            draw_order,
            cursor: 0,
            meeples,
            commit_due: None,
            random: JczRandom(initial_random),
            confirm: None,
            flier: None,
        }
    }

    /// Draws the animal token JCloisterZone drew with its generator, when the engine waits
    /// for one (the big top scored after a turn part's `COMMIT`, or at the end).
    fn draw_animal_as_jcloisterzone(&mut self) -> Result<(), String> {
        while self.game.pending() == Pending::AnimalToken {
            let left = self.game.animals_left();
            let animal = super::random::draw_animal(&mut self.random, &left)
                .ok_or("no animal token is left in the pool")?;
            let events = self
                .game
                .resolve(crate::Outcome::Animal(animal))
                .map_err(|e| e.to_string())?;
            self.absorb(&events, None);
        }
        Ok(())
    }

    /// After the last message: what JCloisterZone's engine does by itself at that point (the
    /// final big top's animal).
    pub fn finish(&mut self) -> Result<(), String> {
        if self.commit_due.is_none() {
            self.draw_animal_as_jcloisterzone()?;
        }
        Ok(())
    }

    /// Draws the tiles of the draw order that come next, as JCloisterZone does at the start of
    /// a turn, until one is to be placed (or the order ends); errors name why a draw failed.
    pub fn draw_on(&mut self) -> Result<(), String> {
        while self.game.pending() == Pending::Draw
            && self.commit_due.is_none()
            && self.cursor < self.draw_order.len()
        {
            let tile = self.draw_order[self.cursor];
            self.draw(tile)?;
        }
        Ok(())
    }

    /// Whether a `COMMIT` is still to come.
    pub fn commit_pending(&self) -> bool {
        self.commit_due.is_some()
    }

    /// JCloisterZone's phase now: the class name its client reports as `phase` (what an
    /// assertion `phase is <Phase>` names).
    pub fn phase(&self) -> &'static str {
        if let Some(due) = self.commit_due {
            return due.phase;
        }
        match self.game.pending() {
            Pending::Draw | Pending::Place { .. } => "TilePhase",
            Pending::Deploy { .. } => "ActionPhase",
            // Not a JCloisterZone decision: the builder's double turn is automatic there.
            Pending::DoubleTurn => "DoubleTurn",
            Pending::LeaveCity => COC_SCORING,
            Pending::EnterCity => "CocFollowerPhase",
            Pending::MoveCount => "CocCountPhase",
            Pending::Market => "CocFinalScoringPhase",
            Pending::AnimalToken => "BigTopPhase",
            Pending::Ingot { .. } => "GoldPiecePhase",
            // Not a JCloisterZone decision: its distribution is automatic.
            Pending::TakeIngot => "TakeIngot",
            Pending::Magic | Pending::RemoveMagic => "MageAndWitchPhase",
            Pending::FlierRoll | Pending::Landing { .. } => "ActionPhase",
            Pending::PlaceFerry { .. } => "PlaceFerryPhase",
            Pending::MoveFerry => "ChangeFerriesPhase",
            Pending::CropOption | Pending::CropDeploy | Pending::CropReturn => CORN_CIRCLE,
            // Not JCloisterZone decisions: it has no robbers and scores in its own order.
            Pending::PlaceRobber => "PlaceRobber",
            Pending::ChooseRobbed => "ChooseRobbed",
            Pending::ChooseScoringFigure => "ChooseScoringFigure",
            Pending::ScoreOrder => "ScoreOrder",
            Pending::DrawMessage => "DrawMessage",
            Pending::ResolveMessage { .. } => "ResolveMessage",
            Pending::GameOver => "GameOverPhase",
        }
    }

    /// Applies replay message `index`.
    pub fn apply(&mut self, index: usize, message: &Value) -> Result<(), ImportError> {
        let kind =
            message
                .get("type")
                .and_then(Value::as_str)
                .ok_or_else(|| ImportError::Replay {
                    index,
                    kind: "?".into(),
                    field: "type".into(),
                    reason: "missing or not a string".into(),
                })?;
        let null = Value::Null;
        let payload = message.get("payload").unwrap_or(&null);
        let mut msg = Message {
            index,
            kind,
            payload,
            player: None,
        };
        if !(payload.is_object() || payload.is_null()) {
            return Err(msg.error("payload", "not an object"));
        }
        msg.player = match message.get("player") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64().map(|p| p as usize) {
                Some(p) if p < self.game.players() => Some(p),
                _ => {
                    return Err(msg.error(
                        "player",
                        format!(
                            "{v} is not a seat of this {}-player game",
                            self.game.players()
                        ),
                    ))
                }
            },
        };
        if let Some(confirm) = self.confirm.take() {
            return self.confirm(&msg, confirm);
        }
        if let Some(due) = self.commit_due {
            if kind != "COMMIT" {
                return Err(msg.error(
                    "type",
                    format!(
                        "player {}'s COMMIT must come first (the turn part or move is not \
                         committed)",
                        due.player
                    ),
                ));
            }
        }
        match kind {
            "PLACE_TILE" => self.place_tile(&msg),
            "DEPLOY_MEEPLE" => self.deploy_meeple(&msg),
            "PASS" => self.pass(&msg),
            "COMMIT" => self.commit(&msg),
            "MOVE_NEUTRAL_FIGURE" => self.move_neutral_figure(&msg),
            "SCORE_ACROBATS" => self.score_acrobats(&msg),
            "PLACE_TOKEN" => self.place_token(&msg),
            "CIRCLE_REMOVE_OR_DEPLOY" => self.crop_option(&msg),
            "RETURN_MEEPLE" => self.return_meeple(&msg),
            other => Err(ImportError::Unsupported(format!(
                "replay message #{index}: type {other} (messages of expansions not implemented)"
            ))),
        }?;
        // The big top's animal, when the engine waits for it with no COMMIT to come first (a
        // pass ending the moves out of the City): JCloisterZone draws it with the value the
        // last COMMIT set.
        if self.commit_due.is_none() {
            self.draw_animal_as_jcloisterzone()
                .map_err(|why| msg.error("type", why))?;
        }
        Ok(())
    }

    /// Plays `action`, keeping its score events and following its figures.
    fn play(
        &mut self,
        msg: &Message,
        field: &str,
        action: Action,
        chosen: Option<u8>,
    ) -> Result<(), ImportError> {
        let events = self
            .game
            .play(action)
            .map_err(|e| msg.error(field, e.to_string()))?;
        self.absorb(&events, chosen);
        Ok(())
    }

    /// Keeps the score events of `events` and follows their figures; `chosen` is the number of
    /// the figure the message named.
    fn absorb(&mut self, events: &[Event], chosen: Option<u8>) {
        for event in events {
            if let Some(score) = event.score() {
                self.scores.push(score.clone());
            }
            let named = matches!(
                event,
                Event::FigureDeployed { .. }
                    | Event::FigureReturned { .. }
                    | Event::AcrobatDeployed { .. }
                    | Event::FigureEnteredCity { .. }
                    | Event::FigureLeftCity { .. }
            );
            self.meeples.follow(event, chosen.filter(|_| named));
        }
    }

    /// Draws `tile`, first drawing (and so discarding) the tiles the draw order has before it:
    /// JCloisterZone discards an unplaceable tile inside its engine, so it never appears in the
    /// replay. Errors name why.
    pub fn draw(&mut self, tile: TileId) -> Result<(), String> {
        while self.cursor < self.draw_order.len() && self.draw_order[self.cursor] != tile {
            let skipped = self.draw_order[self.cursor];
            let events = self.game.draw(skipped).map_err(|e| e.to_string())?;
            self.absorb(&events, None);
            if self.game.pending() != Pending::Draw {
                return Err(format!(
                    "the draw order has {} before {}, but {} is placeable, so JCloisterZone \
                     cannot have discarded it",
                    skipped.kind().jcz_id,
                    tile.kind().jcz_id,
                    skipped.kind().jcz_id
                ));
            }
            self.cursor += 1;
        }
        if self.cursor < self.draw_order.len() {
            self.cursor += 1;
        }
        let events = self.game.draw(tile).map_err(|e| e.to_string())?;
        self.absorb(&events, None);
        Ok(())
    }

    fn place_tile(&mut self, msg: &Message) -> Result<(), ImportError> {
        if self.game.pending() != Pending::Draw {
            return Err(msg.error(
                "type",
                format!(
                    "no tile is to be placed now (pending: {})",
                    self.game.pending().name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, "place a tile")?;
        let id = msg.text(msg.payload.get("tileId"), "payload.tileId")?;
        let tile = super::setup::tile_in(&self.game.config().sets, &id)
            .ok_or_else(|| msg.error("payload.tileId", format!("unknown tile id {id:?}")))?;
        let rotation: Rotation = msg
            .text(msg.payload.get("rotation"), "payload.rotation")?
            .parse()
            .map_err(|e: crate::ParseError| msg.error("payload.rotation", e.to_string()))?;
        let pos = position(msg.payload.get("position"))
            .map_err(|why| msg.error("payload.position", why))?;
        self.draw(tile)
            .map_err(|why| msg.error("payload.tileId", why))?;
        let action = Action::Place {
            tile,
            pos,
            rotation,
        };
        self.play(msg, "payload.position", action, None)?;
        self.commit_unless_asked(player);
        Ok(())
    }

    /// After a step of the turn part's tile: unless a decision of that turn part is pending
    /// (the second ingot, a magic figure's move, the deployment, a landing), the turn part is
    /// committed next.
    fn commit_unless_asked(&mut self, player: usize) {
        let asked = matches!(
            self.game.pending(),
            Pending::Deploy { .. }
                | Pending::Ingot { .. }
                | Pending::Magic
                | Pending::RemoveMagic
                | Pending::Landing { .. }
                | Pending::PlaceFerry { .. }
                | Pending::MoveFerry
        );
        if !asked {
            self.commit_due = Some(Commit {
                player,
                phase: COMMIT_ACTION,
            });
        }
    }

    /// A message confirming a step the engine took by itself: it must name the same.
    fn confirm(&mut self, msg: &Message, confirm: Confirm) -> Result<(), ImportError> {
        match confirm {
            Confirm::Landing { player, landing } => {
                if msg.kind != "DEPLOY_MEEPLE" {
                    return Err(msg.error(
                        "type",
                        "the flier's landing (DEPLOY_MEEPLE) must come first",
                    ));
                }
                msg.sent_by(player, "land the flier")?;
                let id = msg.meeple()?;
                if Some(id) != self.flier {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not the figure that flew", id.text()),
                    ));
                }
                let pointer = msg.pointer(msg.payload.get("pointer"), "payload.pointer")?;
                let named = self.landing_pointer(msg, &pointer)?;
                if named != landing {
                    return Err(msg.error(
                        "payload.pointer",
                        format!("the flier can only `{landing}`, not `{named}`"),
                    ));
                }
                self.flier = None;
                self.commit_unless_asked(player);
                Ok(())
            }
        }
    }

    fn deploy_meeple(&mut self, msg: &Message) -> Result<(), ImportError> {
        let pending = self.game.pending();
        let player = self.game.current_player();
        let decision = match pending {
            Pending::Deploy { .. } => "deploy a figure",
            Pending::Landing { .. } => "land the flier",
            Pending::EnterCity => "put a figure into the City",
            Pending::LeaveCity | Pending::Market => "move a figure out of the City",
            Pending::CropDeploy => "add a follower (crop circle, option A)",
            _ => {
                return Err(msg.error(
                    "type",
                    format!(
                        "a figure is deployed, but the pending decision is {}",
                        pending.name()
                    ),
                ))
            }
        };
        msg.sent_by(player, decision)?;
        let id = msg.meeple()?;
        if id.player != player {
            return Err(msg.error(
                "payload.meepleId",
                format!("{} is not a figure of player {player}", id.text()),
            ));
        }
        let pointer = msg.pointer(msg.payload.get("pointer"), "payload.pointer")?;
        match pending {
            Pending::Deploy { .. } if pointer.feature == names::FLYING_MACHINE_FEATURE => {
                self.launch(msg, id, &pointer, player)?;
            }
            Pending::Landing { .. } => {
                if Some(id) != self.flier {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not the figure that flew", id.text()),
                    ));
                }
                let action = self.landing_pointer(msg, &pointer)?;
                self.play(msg, "payload.pointer", action, Some(id.number))?;
                self.flier = None;
                self.commit_unless_asked(player);
            }
            Pending::Deploy { .. } if pointer.feature == names::ACROBATS_FEATURE => {
                if id.figure != Figure::Follower || !self.meeples.in_supply(id) {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!(
                            "{} is not a normal follower in its owner's supply",
                            id.text()
                        ),
                    ));
                }
                if pointer.location != "I" {
                    return Err(msg.error(
                        "payload.pointer.location",
                        "an acrobat site's location is I",
                    ));
                }
                let action = Action::Acrobat { pos: pointer.pos };
                self.play(msg, "payload.pointer", action, Some(id.number))?;
                self.commit_unless_asked(player);
            }
            Pending::Deploy { .. } => {
                if !self.meeples.in_supply(id) {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not in its owner's supply", id.text()),
                    ));
                }
                let (feature, location) = self.feature_pointer(msg, &pointer)?;
                let action = Action::Deploy {
                    figure: id.figure,
                    pos: pointer.pos,
                    feature,
                    location,
                };
                self.play(msg, "payload.pointer", action, Some(id.number))?;
                self.commit_unless_asked(player);
            }
            Pending::CropDeploy => {
                if !self.meeples.in_supply(id) {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not in its owner's supply", id.text()),
                    ));
                }
                let (feature, location) = self.feature_pointer(msg, &pointer)?;
                let action = Action::CropDeploy {
                    figure: id.figure,
                    pos: pointer.pos,
                    feature,
                    location,
                };
                self.play(msg, "payload.pointer", action, Some(id.number))?;
                self.commit_due = Some(Commit {
                    player,
                    phase: CORN_CIRCLE,
                });
            }
            Pending::EnterCity => {
                if !self.meeples.in_supply(id) {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not in its owner's supply", id.text()),
                    ));
                }
                let quarter = self.quarter_pointer(msg, &pointer, "payload.pointer")?;
                let action = Action::EnterCity {
                    figure: id.figure,
                    quarter,
                };
                self.play(msg, "payload.pointer", action, Some(id.number))?;
            }
            _ => {
                let Some(Spot::City(quarter)) = self.meeples.spot(id) else {
                    return Err(msg.error(
                        "payload.meepleId",
                        format!("{} is not in the City of Carcassonne", id.text()),
                    ));
                };
                let action = self.leave_action(msg, id.figure, quarter, &pointer)?;
                self.play(msg, "payload.pointer", action, Some(id.number))?;
                let asked_again = self.game.pending() == Pending::LeaveCity
                    && self.game.current_player() == player;
                if pending == Pending::LeaveCity && !asked_again {
                    // JCloisterZone's confirmation step: nothing more to move.
                    self.commit_due = Some(Commit {
                        player,
                        phase: COC_SCORING,
                    });
                }
            }
        }
        Ok(())
    }

    /// The landing a flier's pointer names: up the acrobat site (`Acrobats`, location `I`) or
    /// onto a feature.
    fn landing_pointer(&self, msg: &Message, pointer: &Pointer) -> Result<Action, ImportError> {
        if pointer.feature == names::ACROBATS_FEATURE {
            if pointer.location != "I" {
                return Err(msg.error(
                    "payload.pointer.location",
                    "an acrobat site's location is I",
                ));
            }
            return Ok(Action::Acrobat { pos: pointer.pos });
        }
        let (feature, location) = self.feature_pointer(msg, pointer)?;
        Ok(Action::Land {
            pos: pointer.pos,
            feature,
            location,
        })
    }

    /// Our feature kind and location for a pointer onto the tile just laid (a shrine is a
    /// `Monastery` in JCloisterZone).
    fn feature_pointer(
        &self,
        msg: &Message,
        pointer: &Pointer,
    ) -> Result<(FeatureKind, Location), ImportError> {
        let mut feature: FeatureKind = pointer
            .feature
            .parse()
            .map_err(|e: crate::ParseError| msg.error("payload.pointer.feature", e.to_string()))?;
        let location: Location = pointer
            .location
            .parse()
            .map_err(|e: crate::ParseError| msg.error("payload.pointer.location", e.to_string()))?;
        let shrine = self.game.elements().shrines
            && self
                .game
                .board()
                .tile_at(pointer.pos)
                .is_some_and(|t| t.tile.kind().building == Some(FeatureKind::Shrine));
        if feature == FeatureKind::Monastery && shrine {
            feature = FeatureKind::Shrine;
        }
        Ok((feature, location))
    }

    /// The quarter of a quarter pointer `{position: [0, 0], location: QUARTER_x, feature:
    /// Quarter}`.
    fn quarter_pointer(
        &self,
        msg: &Message,
        pointer: &Pointer,
        path: &str,
    ) -> Result<Quarter, ImportError> {
        if pointer.feature != names::QUARTER_FEATURE {
            return Err(msg.error(
                &format!("{path}.feature"),
                format!("{:?} is not a quarter (Quarter)", pointer.feature),
            ));
        }
        if pointer.pos != Position::new(0, 0) {
            return Err(msg.error(
                &format!("{path}.position"),
                format!("the quarters are on CO/7 at [0, 0], not at {}", pointer.pos),
            ));
        }
        names::quarter_from_location(&pointer.location).ok_or_else(|| {
            msg.error(
                &format!("{path}.location"),
                format!(
                    "unknown quarter {:?} (QUARTER_CASTLE, QUARTER_MARKET, QUARTER_BLACKSMITH, \
                     QUARTER_CATHEDRAL)",
                    pointer.location
                ),
            )
        })
    }

    /// The legal move of `figure` out of `quarter` onto the feature `pointer` names (on any of
    /// its tiles: JCloisterZone lets the owner choose, D-C-9; ours goes to a fixed segment).
    fn leave_action(
        &self,
        msg: &Message,
        figure: Figure,
        quarter: Quarter,
        pointer: &Pointer,
    ) -> Result<Action, ImportError> {
        let (feature, location) = self.feature_pointer(msg, pointer)?;
        let target = self
            .game
            .feature_at(pointer.pos, feature, location)
            .ok_or_else(|| {
                msg.error(
                    "payload.pointer",
                    format!("no {} at {} {}", feature, pointer.pos, pointer.location),
                )
            })?;
        let legal = self.game.legal_actions();
        // The place the file names, when the engine offers it (D-C-9), else the feature.
        let exact = legal.iter().copied().find(|a| {
            matches!(*a, Action::LeaveCity { figure: f, quarter: q, pos, location: l, .. }
                if (f, q, pos, l) == (figure, quarter, pointer.pos, location))
        });
        if let Some(action) = exact {
            return Ok(action);
        }
        legal
            .into_iter()
            .find(|a| match *a {
                Action::LeaveCity {
                    figure: f,
                    quarter: q,
                    pos,
                    feature,
                    location,
                } => {
                    (f, q) == (figure, quarter)
                        && self.game.feature_at(pos, feature, location) == Some(target)
                }
                _ => false,
            })
            .ok_or_else(|| {
                msg.error(
                    "payload.pointer",
                    format!(
                        "a {figure} in the {quarter} may not move to the {feature} at {} now",
                        pointer.pos
                    ),
                )
            })
    }

    fn pass(&mut self, msg: &Message) -> Result<(), ImportError> {
        let pending = self.game.pending();
        if !self.game.can_pass() {
            return Err(msg.error(
                "type",
                format!("nothing may be skipped now (pending: {})", pending.name()),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, &format!("decide ({})", pending.name()))?;
        self.play(msg, "type", Action::Pass, None)?;
        if matches!(pending, Pending::Deploy { .. } | Pending::MoveFerry) {
            self.commit_unless_asked(player);
        }
        Ok(())
    }

    fn commit(&mut self, msg: &Message) -> Result<(), ImportError> {
        let Some(due) = self.commit_due else {
            return Err(msg.error(
                "type",
                format!(
                    "nothing awaits a COMMIT now (pending: {})",
                    self.game.pending().name()
                ),
            ));
        };
        msg.sent_by(due.player, "commit")?;
        match msg.payload.get("random") {
            None | Some(Value::Null) => {}
            Some(v) => {
                let value = v
                    .as_f64()
                    .filter(|r| (0.0..1.0).contains(r))
                    .ok_or_else(|| msg.error("payload.random", "not a number in [0, 1)"))?;
                self.random = JczRandom(value);
            }
        }
        self.commit_due = None;
        Ok(())
    }

    fn score_acrobats(&mut self, msg: &Message) -> Result<(), ImportError> {
        if !matches!(self.game.pending(), Pending::Deploy { .. }) {
            return Err(msg.error(
                "type",
                format!(
                    "a pyramid is scored instead of a deployment, but the pending decision is {}",
                    self.game.pending().name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, "deploy a figure or score a pyramid")?;
        let pointer = msg.pointer(msg.payload.get("pointer"), "payload.pointer")?;
        if pointer.feature != names::ACROBATS_FEATURE {
            return Err(msg.error(
                "payload.pointer.feature",
                format!("{:?} is not an acrobat site (Acrobats)", pointer.feature),
            ));
        }
        let action = Action::ScorePyramid { pos: pointer.pos };
        self.play(msg, "payload.pointer", action, None)?;
        self.commit_unless_asked(player);
        Ok(())
    }

    /// A flight (FM.1): the launch `DEPLOY_MEEPLE` onto the flying machine of the tile just
    /// laid, its `random` giving the roll as JCloisterZone's generator does
    /// (`floor(random × 3) + 1`); then the landing, asked for or taken by the engine.
    fn launch(
        &mut self,
        msg: &Message,
        id: MeepleId,
        pointer: &Pointer,
        player: usize,
    ) -> Result<(), ImportError> {
        if !self.meeples.in_supply(id) {
            return Err(msg.error(
                "payload.meepleId",
                format!("{} is not in its owner's supply", id.text()),
            ));
        }
        if pointer.location != "I" {
            return Err(msg.error(
                "payload.pointer.location",
                "a flying machine's location is I",
            ));
        }
        if self.game.last_placed().map(|p| p.pos) != Some(pointer.pos) {
            return Err(msg.error(
                "payload.pointer.position",
                "the flying machine is on the tile just laid",
            ));
        }
        match msg.payload.get("random") {
            None | Some(Value::Null) => {}
            Some(v) => {
                let value = v
                    .as_f64()
                    .filter(|r| (0.0..1.0).contains(r))
                    .ok_or_else(|| msg.error("payload.random", "not a number in [0, 1)"))?;
                self.random = JczRandom(value);
            }
        }
        self.play(
            msg,
            "payload.pointer",
            Action::Fly { figure: id.figure },
            None,
        )?;
        self.flier = Some(id);
        let distance = self.random.next_int(3) as u8 + 1;
        let events = self
            .game
            .resolve(crate::Outcome::Roll(distance))
            .map_err(|e| msg.error("payload.random", e.to_string()))?;
        self.absorb(&events, Some(id.number));
        let landed = events.iter().find_map(|e| match *e {
            Event::FigureDeployed {
                pos,
                feature,
                location,
                ..
            } => Some(Action::Land {
                pos,
                feature,
                location,
            }),
            Event::AcrobatDeployed { pos, .. } => Some(Action::Acrobat { pos }),
            _ => None,
        });
        match (self.game.pending(), landed) {
            (Pending::Landing { .. }, _) => {}
            (_, Some(landing)) => {
                // JCloisterZone asks for the only landing too.
                self.confirm = Some(Confirm::Landing { player, landing });
            }
            (_, None) => {
                // Nowhere to land: back to the supply, the turn part is committed.
                self.flier = None;
                self.commit_unless_asked(player);
            }
        }
        Ok(())
    }

    /// A crop circle's option (CR.1): `CIRCLE_REMOVE_OR_DEPLOY {value: DEPLOY | REMOVE}` from
    /// the active player.
    fn crop_option(&mut self, msg: &Message) -> Result<(), ImportError> {
        if self.game.pending() != Pending::CropOption {
            return Err(msg.error(
                "type",
                format!(
                    "a crop circle's option is chosen, but the pending decision is {}",
                    self.game.pending().name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, "choose the crop circle's option")?;
        let value = msg.text(msg.payload.get("value"), "payload.value")?;
        let option = names::crop_option_from(&value).ok_or_else(|| {
            msg.error(
                "payload.value",
                format!("{value:?} is not DEPLOY or REMOVE"),
            )
        })?;
        self.play(msg, "payload.value", Action::CropOption { option }, None)
    }

    /// A crop circle's option B (CR.1): `RETURN_MEEPLE {pointer: {featurePointer, meepleId},
    /// source: CORN_CIRCLE}`, the named figure of the deciding player where the pointer says,
    /// then that player's `COMMIT`.
    fn return_meeple(&mut self, msg: &Message) -> Result<(), ImportError> {
        if self.game.pending() != Pending::CropReturn {
            return Err(msg.error(
                "type",
                format!(
                    "a figure is returned, but the pending decision is {}",
                    self.game.pending().name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, "return a follower (crop circle, option B)")?;
        let source = msg.text(msg.payload.get("source"), "payload.source")?;
        if source != names::CORN_CIRCLE_SOURCE {
            return Err(msg.error(
                "payload.source",
                format!(
                    "{source:?}: only a crop circle's return ({}) is implemented",
                    names::CORN_CIRCLE_SOURCE
                ),
            ));
        }
        let ptr = msg
            .payload
            .get("pointer")
            .filter(|p| p.is_object())
            .ok_or_else(|| msg.error("payload.pointer", "missing or not an object"))?;
        let text = msg.text(ptr.get("meepleId"), "payload.pointer.meepleId")?;
        let id =
            MeepleId::parse(&text).map_err(|why| msg.error("payload.pointer.meepleId", why))?;
        if id.player != player {
            return Err(msg.error(
                "payload.pointer.meepleId",
                format!("{} is not a figure of player {player}", id.text()),
            ));
        }
        let pointer = msg.pointer(ptr.get("featurePointer"), "payload.pointer.featurePointer")?;
        let (feature, location) = self.feature_pointer(msg, &pointer)?;
        if self.meeples.spot(id) != Some(Spot::Board(pointer.pos, location)) {
            return Err(msg.error(
                "payload.pointer",
                format!(
                    "{} does not stand on the {} {} at {}",
                    id.text(),
                    feature,
                    location,
                    pointer.pos
                ),
            ));
        }
        let action = Action::CropReturn {
            figure: id.figure,
            pos: pointer.pos,
            feature,
            location,
        };
        self.play(msg, "payload.pointer", action, Some(id.number))?;
        self.commit_due = Some(Commit {
            player,
            phase: CORN_CIRCLE,
        });
        Ok(())
    }

    /// The second gold ingot (GM.1): `PLACE_TOKEN {token: GOLD, pointer: [x, y]}`.
    fn place_token(&mut self, msg: &Message) -> Result<(), ImportError> {
        let token = msg.text(msg.payload.get("token"), "payload.token")?;
        if token == names::FERRY_TOKEN {
            return self.place_ferry(msg);
        }
        if token != names::GOLD_TOKEN {
            return Err(ImportError::Unsupported(format!(
                "replay message #{}: token {token} (only {} and {} are implemented)",
                msg.index,
                names::GOLD_TOKEN,
                names::FERRY_TOKEN
            )));
        }
        let Pending::Ingot { .. } = self.game.pending() else {
            return Err(msg.error(
                "type",
                format!(
                    "an ingot is placed, but the pending decision is {}",
                    self.game.pending().name()
                ),
            ));
        };
        let player = self.game.current_player();
        msg.sent_by(player, "place the second ingot")?;
        let pos = position(msg.payload.get("pointer"))
            .map_err(|why| msg.error("payload.pointer", why))?;
        self.play(msg, "payload.pointer", Action::PlaceIngot { pos }, None)?;
        self.commit_unless_asked(player);
        Ok(())
    }

    /// A ferry (FE.3, FE.4): `PLACE_TOKEN {token: FERRY, pointer: {position, feature: Road,
    /// location}}` places the new lake's ferry or moves one, `location` naming the two road
    /// ends it joins (`WE`).
    fn place_ferry(&mut self, msg: &Message) -> Result<(), ImportError> {
        let pending = self.game.pending();
        let pointer = msg.pointer(msg.payload.get("pointer"), "payload.pointer")?;
        if pointer.feature != "Road" {
            return Err(msg.error(
                "payload.pointer.feature",
                format!("a ferry joins roads, not {:?}", pointer.feature),
            ));
        }
        let location: Location = pointer
            .location
            .parse()
            .map_err(|e: crate::ParseError| msg.error("payload.pointer.location", e.to_string()))?;
        let action = match pending {
            Pending::PlaceFerry { .. } => Action::PlaceFerry {
                pos: pointer.pos,
                location,
            },
            Pending::MoveFerry => Action::MoveFerry {
                pos: pointer.pos,
                location,
            },
            _ => {
                return Err(msg.error(
                    "type",
                    format!(
                        "a ferry is placed, but the pending decision is {}",
                        pending.name()
                    ),
                ))
            }
        };
        let player = self.game.current_player();
        msg.sent_by(player, "place or move a ferry")?;
        self.play(msg, "payload.pointer", action, None)?;
        self.commit_unless_asked(player);
        Ok(())
    }

    /// The mage or the witch (MW.1–MW.3): `MOVE_NEUTRAL_FIGURE {figureId: mage.1 | witch.1,
    /// to}` onto a road or city segment, or `to: null` to remove it (MW.2).
    fn move_magic(&mut self, msg: &Message, figure: MagicFigure) -> Result<(), ImportError> {
        let pending = self.game.pending();
        if !matches!(pending, Pending::Magic | Pending::RemoveMagic) {
            return Err(msg.error(
                "type",
                format!(
                    "the {figure} is moved, but the pending decision is {}",
                    pending.name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, &format!("move the {figure}"))?;
        let action = match msg.payload.get("to").filter(|v| !v.is_null()) {
            None => Action::RemoveMagic { figure },
            to => {
                let pointer = msg.pointer(to, "payload.to")?;
                let (feature, location) = self.feature_pointer(msg, &pointer)?;
                Action::PlaceMagic {
                    figure,
                    pos: pointer.pos,
                    feature,
                    location,
                }
            }
        };
        self.play(msg, "payload.to", action, None)?;
        self.commit_unless_asked(player);
        Ok(())
    }

    fn move_neutral_figure(&mut self, msg: &Message) -> Result<(), ImportError> {
        let figure = msg.text(msg.payload.get("figureId"), "payload.figureId")?;
        if let Some(magic) = names::magic_figure(&figure) {
            return self.move_magic(msg, magic);
        }
        if figure != names::COUNT_FIGURE {
            return Err(ImportError::Unsupported(format!(
                "replay message #{}: neutral figure {figure} (the Count {}, the mage {} and the \
                 witch {} are implemented)",
                msg.index,
                names::COUNT_FIGURE,
                names::MAGE_FIGURE,
                names::WITCH_FIGURE
            )));
        }
        if self.game.pending() != Pending::MoveCount {
            return Err(msg.error(
                "type",
                format!(
                    "the Count is moved, but the pending decision is {}",
                    self.game.pending().name()
                ),
            ));
        }
        let player = self.game.current_player();
        msg.sent_by(player, "move the Count")?;
        let to = msg.payload.get("to").filter(|v| !v.is_null());
        if to.is_none() {
            return Err(msg.error("payload.to", "the Count cannot leave the City"));
        }
        let pointer = msg.pointer(to, "payload.to")?;
        let quarter = self.quarter_pointer(msg, &pointer, "payload.to")?;
        self.play(
            msg,
            "payload.to.location",
            Action::MoveCount { quarter },
            None,
        )
    }
}

/// A position `[x, y]`.
pub(crate) fn position(v: Option<&Value>) -> Result<Position, String> {
    let xy = v
        .and_then(Value::as_array)
        .filter(|a| a.len() == 2)
        .ok_or("missing or not [x, y]")?;
    let coord = |i: usize| {
        xy[i]
            .as_i64()
            .and_then(|c| i32::try_from(c).ok())
            .ok_or("not [x, y] with integers")
    };
    Ok(Position::new(coord(0)?, coord(1)?))
}

/// The draw order of a file, as tiles of a game of `sets`.
pub(crate) fn draw_order(
    annotations: &Value,
    sets: &[crate::TileSet],
) -> Result<Vec<TileId>, ImportError> {
    match annotations.get("drawOrder") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(v) => super::setup::as_array(v, "gameAnnotations.drawOrder")
            .and_then(|order| {
                if order.len() > crate::limits::MAX_DRAW_ORDER {
                    return Err(ImportError::TooLarge {
                        what: "gameAnnotations.drawOrder".into(),
                        size: order.len(),
                        limit: crate::limits::MAX_DRAW_ORDER,
                        unit: "tiles",
                        name: "MAX_DRAW_ORDER",
                    });
                }
                Ok(order)
            })?
            .iter()
            .enumerate()
            .map(|(i, t)| {
                jcz_tile(
                    sets,
                    super::setup::as_str(t, &format!("gameAnnotations.drawOrder[{i}]"))?,
                )
            })
            .collect(),
    }
}
