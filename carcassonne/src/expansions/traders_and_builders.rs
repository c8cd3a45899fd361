//! Traders & Builders (spec `base.md` §3.12–§3.14): the builder, the pig, the builder's double
//! turn and the trade goods.
//!
//! - The builder (TB-2) goes on a road or city not completed by the tile just laid that holds
//!   one of its owner's followers; strength 0; it returns when its feature is scored.
//! - The double turn (TB-3): when the tile of the first part of a turn extends or completes a
//!   road or city holding the player's builder, the player plays a second turn part (never a
//!   third, TB-3.4); with OPT-5 `optional` the player decides ([`Pending::DoubleTurn`]).
//! - The pig (TB-5, TB-6) goes on a field holding one of its owner's farmers; a field owner
//!   whose pig is in the field scores 1 more per city.
//! - Trade goods (TB-1): the active player takes the goods of every city completed in the turn
//!   part, whoever owns it; at the end each good's majority scores 10 ([`GOODS_MAJORITY`]).
//!
//! State: `Traders`. Hooks: `FigureRule` (builder, pig), `StartOfTurnPart`, `TilePlaced`
//! and `EndOfTurnPart` (the double turn), `FeatureCompleted` (goods), `FieldBonus` (pig),
//! `FinalScoring` (goods majorities); the decision [`Pending::DoubleTurn`].

use crate::action::Action;
use crate::board::PlacedTile;
use crate::config::{BuilderDoubleTurn, MAX_PLAYERS};
use crate::error::PlayError;
use crate::events::{Event, GoodsScore, Reason, Sink};
use crate::features::NodeId;
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::tile::{FeatureKind, Goods};
use crate::turn::{Flow, Step};

/// Points for each majority of a trade good at the end (TB-1.3).
pub const GOODS_MAJORITY: u32 = 10;

/// Traders & Builders' state: goods tokens per player and whether a double turn is due.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Traders {
    /// Trade goods tokens per seat: `[wine, grain, cloth]`.
    goods: [[u8; 3]; MAX_PLAYERS],
    /// Whether a builder's double turn is due after this turn part (TB-3.1).
    double_turn_due: bool,
}

impl Game {
    /// Trade goods tokens of `player` (Traders & Builders): `[wine, grain, cloth]`; zeros
    /// without the goods or for a seat that does not exist.
    pub fn goods(&self, player: usize) -> [u8; 3] {
        match &self.ext.traders {
            Some(t) if player < self.players() => t.goods[player],
            _ => [0; 3],
        }
    }

    // ----- figures -----

    /// `FigureRule`: a builder goes on a road or city not completed by this tile that holds one
    /// of its owner's followers (TB-2, D7).
    pub(crate) fn builder_allowed(&self, placed: &PlacedTile, segment: usize) -> bool {
        self.builder_refusal(placed, segment).is_none()
    }

    /// Why a builder may not go on segment `segment` of the tile just laid.
    pub(crate) fn builder_refusal(
        &self,
        placed: &PlacedTile,
        segment: usize,
    ) -> Option<&'static str> {
        let kind = placed.tile.kind().segments[segment].kind;
        let node = placed.node_base + segment as u16;
        if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
            Some("a builder goes only on a road or a city")
        } else if self.features.open(node) == 0 {
            Some("a builder cannot go on a feature this tile completes")
        } else if !self.has_follower_of(node, self.active) {
            Some("a builder needs one of its owner's followers in that road or city")
        } else {
            None
        }
    }

    /// `FigureRule`: a pig goes on a field holding one of its owner's farmers (TB-5).
    pub(crate) fn pig_allowed(&self, placed: &PlacedTile, segment: usize) -> bool {
        self.pig_refusal(placed, segment).is_none()
    }

    /// Why a pig may not go on segment `segment` of the tile just laid.
    pub(crate) fn pig_refusal(&self, placed: &PlacedTile, segment: usize) -> Option<&'static str> {
        let kind = placed.tile.kind().segments[segment].kind;
        let node = placed.node_base + segment as u16;
        if kind != FeatureKind::Field {
            Some("a pig goes only on a field")
        } else if !self.config.rules.farmers {
            Some("the farmers rule is off")
        } else if !self.has_follower_of(node, self.active) {
            Some("a pig needs one of its owner's farmers in that field")
        } else {
            None
        }
    }

    /// `FieldBonus`: whether `player`'s pig stands in the field with root `root` (TB-6).
    pub(crate) fn has_own_pig(&self, root: NodeId, player: usize) -> bool {
        self.figures.iter().any(|f| {
            f.player as usize == player
                && f.figure == Figure::Pig
                && self.features.find(f.node) == root
        })
    }

    // ----- the double turn -----

    /// `StartOfTurnPart`: no double turn is due yet.
    pub(crate) fn traders_start_of_turn_part(&mut self) -> Flow {
        if let Some(t) = self.ext.traders.as_mut() {
            t.double_turn_due = false;
        }
        Flow::Continue
    }

    /// `TilePlaced`: a builder's double turn is due when the first part's tile extends or
    /// completes a feature holding the player's builder (TB-3.1); never in the second part
    /// (TB-3.4), nor from a message's extra tile (a nested part, M.7).
    pub(crate) fn note_double_turn(&mut self, index: usize) {
        if self.elements.builders == 0 || self.second_part || self.in_nested_part() {
            return;
        }
        let placed = self.board.tiles()[index];
        // One of the active player's builders (one or two on the board at most) stands in a
        // road or city the tile extended: the builders first, then the tile's segments; none
        // when the player's builders are all in supply.
        let on_board = self.players[self.active as usize].supply[Figure::Builder.index()]
            < self.elements.builders;
        let due = on_board
            && self.figures.iter().any(|f| {
                f.player == self.active
                    && f.figure == Figure::Builder
                    && self.tile_in_feature(&placed, self.features.find(f.node))
            });
        if let Some(t) = self.ext.traders.as_mut() {
            t.double_turn_due = due;
        }
    }

    /// `EndOfTurnPart`: the same player plays a second turn part (TB-3.2), or with OPT-5
    /// `optional` decides whether to ([`Pending::DoubleTurn`]) while tiles are left.
    pub(crate) fn traders_end_of_turn_part(&mut self) -> Flow {
        let due = self
            .ext
            .traders
            .as_mut()
            .is_some_and(|t| std::mem::take(&mut t.double_turn_due));
        if !due {
            return Flow::Continue;
        }
        if self.config.rules.builder_double_turn == BuilderDoubleTurn::Optional
            && self.tiles_left() > 0
        {
            self.ask(Pending::DoubleTurn, self.active);
            return Flow::Wait;
        }
        self.second_part = true;
        Flow::NextPartChosen
    }

    /// The actions of [`Pending::DoubleTurn`]: take it, or pass.
    pub(crate) fn double_turn_actions(&self, out: &mut Vec<Action>) {
        out.extend([Action::DoubleTurn, Action::Pass]);
    }

    /// Checks an answer to [`Pending::DoubleTurn`].
    pub(crate) fn check_double_turn_action(&self, action: Action) -> Result<(), PlayError> {
        match action {
            Action::DoubleTurn | Action::Pass => Ok(()),
            _ => Err(PlayError::WrongDecision {
                action,
                pending: self.pending.name(),
            }),
        }
    }

    /// Plays an answer to [`Pending::DoubleTurn`]: the second part, or the next player's turn.
    pub(crate) fn apply_double_turn_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        if action == Action::DoubleTurn {
            self.second_part = true;
        } else {
            self.pass_turn();
        }
        self.goto(Step::StartOfTurnPart);
        self.advance(sink);
    }

    // ----- trade goods -----

    /// `FeatureCompleted`: the active player takes one token per goods symbol of the completed
    /// city `root` (TB-1.2), whoever owns the city.
    pub(crate) fn take_goods<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        let goods = self.facts(root, false).goods;
        let player = self.active as usize;
        let Some(traders) = self.ext.traders.as_mut() else {
            return;
        };
        for (good, &count) in Goods::ALL.into_iter().zip(&goods) {
            if count > 0 {
                traders.goods[player][good.index()] += count;
                if S::WANTED {
                    sink.push(Event::GoodsTaken {
                        player,
                        goods: good,
                        tokens: count,
                    });
                }
            }
        }
    }

    /// `FinalScoring`: trade goods majorities (TB-1.3, D9): for each good, every player holding
    /// the most tokens (at least one) scores [`GOODS_MAJORITY`].
    pub(crate) fn score_goods<S: Sink>(&mut self, sink: &mut S) {
        for good in Goods::ALL {
            let held: Vec<u8> = (0..self.players())
                .map(|p| self.goods(p)[good.index()])
                .collect();
            let most = held.iter().copied().max().unwrap_or(0);
            if most == 0 {
                continue;
            }
            // One good's majority awards are given together (one round on the score track).
            self.begin_round();
            for (player, &tokens) in held.iter().enumerate() {
                if tokens == most {
                    self.pay(player, GOODS_MAJORITY, sink, || {
                        Reason::Goods(GoodsScore {
                            goods: good,
                            tokens,
                        })
                    });
                }
            }
            self.end_round(sink);
        }
    }
}
