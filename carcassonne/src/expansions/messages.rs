//! Messages (spec `expansions.md` §3.2; seed S003 "Dopisy"): each player's messenger is a
//! second scoring figure on the score track ([`crate::track`]); a figure of the active player
//! landing on a dark space earns him a message from a face-down deck.
//!
//! - M.1 (in `track`): the receiver of every award chooses which of his two figures moves.
//! - M.2, D-MS-10, D-MS-1, M.5, M.8 (in `track`): an award movement of the active player's
//!   figure ending on a dark space (0, 5, …, 45) in his own turn earns a message; with
//!   `message_trigger_end_state` only the positions after the scoring count.
//! - M.2–M.4 (phase 4 step 2, after the gold distribution): he draws the top message — a chance
//!   node ([`Pending::DrawMessage`], [`Outcome::Message`]: each message never drawn alike, then
//!   the one under the deck longest) — and performs it or takes its 2 points
//!   ([`Pending::ResolveMessage`]; [`Action::MessagePoints`], [`Action::MessageAction`],
//!   [`Action::MessageFeature`], [`Action::MessageFollower`]); the message goes under the deck.
//!   A message with nothing to act on gives its 2 points at once (the only choice). At most one
//!   message a turn from ordinary scoring, a builder's double turn included (D-MS-5); but when
//!   the points of a message (its action or its seal, D-MS-6) end one of his figures' movement
//!   on a dark space he draws the next at once, and so on (M.4).
//! - The eight messages ([`Message`]): the lowest-valued road, city or monastery holding one
//!   of his followers, at the final scoring's rates ignoring majority (his choice among equals;
//!   inns and cathedrals as the rules value them unfinished, the mage and the witch applied;
//!   shrines are monasteries: D-MS-2, D-MS-11, D-CU-3); 2 points per pennant of the cities
//!   holding his followers; 2 per follower of his in a city, or on a field (a large follower or
//!   a ringmaster counts once, D-MS-8); the extra tile; and "score and return": one of his
//!   followers (never an acrobat, D-MS-9) — if he holds the majority of its feature or field,
//!   ties included (a large follower counting 2), he scores it for himself at the final
//!   scoring's rates; the follower goes home either way, and his builders and pigs with it
//!   when it was his last follower there (D-MS-3).
//! - M.7, D-MS-7, D-MS-12 (the extra tile): a turn part nested in the current one: he draws a
//!   land tile (from wherever the next tile would come) and must place it (one that fits
//!   nowhere is discarded and replaced, B-3.5; with no tile left the message ends), then the
//!   tile's own steps run — phase 1 (gold, the mage and the witch, robbers), phase 2
//!   (deployment, flier, acrobats, ferries), phase 3 (the Count's movement, scoring, the big
//!   top), phase 4 step 1 (its gold) and step 5 (its crop circle, D-CR-2) — and the outer
//!   phase 4 goes on: a chained message (its points are a message's), the robbers home, the
//!   Count's entry (which counts the nested tile's scoring, not the messages' points: D-C-4,
//!   §3.2.5), the outer tile's crop circle. The nested tile starts no builder's double turn.
//! - M.6 (in `track`): before the final scoring the two figures merge; no message is drawn
//!   during the final scoring.
//!
//! Decisions of this engine where the rules are silent: a message's action is offered only
//! when it has something to act on (a follower on a road, city or monastery, in a city or on a
//! field; a tile left to draw) — coats of arms with knights only in cities without pennants
//! is offered and scores 0; the shortest road, smallest city or smallest monastery is named by
//! the player's first follower in it (in deployment order); "score and return" pays the
//! feature's or field's value only (no ringmaster bonus, no gold: nothing is completed); every
//! award paid while a message is resolved, the nested tile's included, can chain (its points
//! come from the message); the Count's C.2 ignores the points of a message's action and seal
//! (not tile-triggered) but counts the nested tile's scoring.
//!
//! State: `Messages` (the deck, the message in hand, the turn's flags, a nested placement
//! under way). Hooks: `ScoreTrack` (the messenger, in `track`), `StartOfTurnPart`,
//! `AfterScoring` (phase 4.2), `EndOfTurnPart` (the nested part's end, first).

use crate::action::Action;
use crate::board::PlacedTile;
use crate::chance::{below, Outcome};
use crate::config::MAX_PLAYERS;
use crate::error::{DrawError, PlayError};
use crate::events::{Event, FieldScore, MessageScore, Reason, Sink};
use crate::features::NodeId;
use crate::game::{Game, Pending};
use crate::message::Message;
use crate::scoring::owners;
use crate::tile::FeatureKind;
use crate::turn::{Cursor, Flow};

/// The points of a message's seal, its alternative to the action (M.3).
pub const SEAL_POINTS: u32 = 2;
/// Points per pennant, knight or farmer of the messages that count them (§3.2.1 #4–#6).
pub const POINTS_PER_COUNTED: u32 = 2;

/// The Messages' state (with the `messages` element).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Messages {
    /// The messages never drawn, a bit per [`Message::index`]: the top of the deck is one of
    /// them, at random, while any is left.
    unseen: u8,
    /// The messages put under the deck after use, the longest there first (M.3): the top of
    /// the deck once every message was seen.
    under: [Message; 8],
    /// How many of `under` are there.
    under_len: u8,
    /// The message drawn and not yet resolved.
    in_hand: Option<Message>,
    /// Whether a message was drawn in this turn from ordinary scoring (M.4, D-MS-5).
    drawn_this_turn: bool,
    /// Whether a message's points are being paid (from its action or seal until the
    /// pipeline is back at phase 4.2): their dark landings chain (M.4).
    pub resolving: bool,
    /// A dark landing by points of the message being resolved (M.4).
    pub chain: bool,
    /// Where the pipeline stood at phase 4.2 (the cursor at this hook), to come back to
    /// after a message and after the nested part of the extra tile.
    at: Cursor,
    /// The extra tile's nested turn part is under way (M.7).
    nested: bool,
    /// The outer turn part's tile (board index) once an extra tile was laid in it.
    part_tile: Option<u16>,
    /// Points of the messages' actions and seals in this turn part, by seat: not
    /// tile-triggered (the Count's C.2 ignores them, §3.2.5).
    untriggered: [u32; MAX_PLAYERS],
}

impl Messages {
    /// The deck at the start: every message face down, unseen (M.2 setup: shuffled).
    pub fn new() -> Messages {
        Messages {
            unseen: u8::MAX,
            under: [Message::ShortestRoad; 8],
            under_len: 0,
            in_hand: None,
            drawn_this_turn: false,
            resolving: false,
            chain: false,
            at: Cursor::at(crate::turn::Step::AfterScoring),
            nested: false,
            part_tile: None,
            untriggered: [0; MAX_PLAYERS],
        }
    }

    /// The message on top of the deck when it is known (every message has been seen).
    fn known_top(&self) -> Option<Message> {
        (self.unseen == 0 && self.under_len > 0).then_some(self.under[0])
    }

    /// Takes `message` off the top of the deck.
    fn take(&mut self, message: Message) {
        let bit = 1 << message.index();
        if self.unseen & bit != 0 {
            self.unseen &= !bit;
        } else if self.known_top() == Some(message) {
            self.under.copy_within(1..self.under_len as usize, 0);
            self.under_len -= 1;
        }
    }

    /// Puts `message` under the deck (M.3).
    fn put_under(&mut self, message: Message) {
        if (self.under_len as usize) < self.under.len() {
            self.under[self.under_len as usize] = message;
            self.under_len += 1;
        }
    }
}

/// Whether a feature of kind `kind` is one the message counts or scores: roads (the
/// shortest road), cities, monasteries and shrines (the smallest monastery, D-CU-3).
fn message_kind(message: Message, kind: FeatureKind) -> bool {
    match message {
        Message::ShortestRoad => kind == FeatureKind::Road,
        Message::SmallestCity => kind == FeatureKind::City,
        Message::SmallestMonastery => kind.is_monastic(),
        Message::CoatsOfArms | Message::Knights => kind == FeatureKind::City,
        Message::Farmers => kind == FeatureKind::Field,
        Message::ExtraTile | Message::ScoreAndReturn => false,
    }
}

impl Game {
    // ----- read access -----

    /// The message the active player drew and has not yet resolved (Messages); `None` without
    /// the Messages or when no message is in hand.
    pub fn message_in_hand(&self) -> Option<Message> {
        self.ext.messages.as_ref().and_then(|m| m.in_hand)
    }

    /// The messages never drawn (Messages M.2): the next draw is one of them, each alike, while
    /// any is left. Empty without the Messages.
    pub fn messages_unseen(&self) -> Vec<Message> {
        self.ext.messages.as_ref().map_or(Vec::new(), |m| {
            Message::ALL
                .into_iter()
                .filter(|x| m.unseen & (1 << x.index()) != 0)
                .collect()
        })
    }

    /// The messages put under the deck after use, the longest there first (M.3): once every
    /// message was seen, the next draw is the first of them. Empty without the Messages.
    pub fn messages_under_deck(&self) -> Vec<Message> {
        self.ext
            .messages
            .as_ref()
            .map_or(Vec::new(), |m| m.under[..m.under_len as usize].to_vec())
    }

    /// Whether the turn part under way is nested in another: the extra tile of a message
    /// (M.7). Its tile's steps run; the turn's own (a builder's double turn, the Count's entry,
    /// the robbers going home) wait for the outer part.
    #[inline]
    pub(crate) fn in_nested_part(&self) -> bool {
        self.ext.messages.as_ref().is_some_and(|m| m.nested)
    }

    /// The tile of the turn part under way, once laid: the last tile laid, or after a nested
    /// extra tile the outer part's own (for its steps after phase 4.2: its crop circle).
    pub(crate) fn turn_part_tile(&self) -> Option<PlacedTile> {
        if let Some(index) = self
            .ext
            .messages
            .as_ref()
            .filter(|m| !m.nested)
            .and_then(|m| m.part_tile)
        {
            return self.board.tiles().get(index as usize).copied();
        }
        self.board.tiles().last().copied()
    }

    /// Whether a landing of the active player's figure on a dark space can earn a message now:
    /// with the Messages (figures not yet merged), while a message is resolved (a chain, M.4),
    /// or when none was drawn in the turn yet (M.4, D-MS-5).
    pub(crate) fn messages_can_be_earned(&self) -> bool {
        self.track_figures() > 1
            && self
                .ext
                .messages
                .as_ref()
                .is_some_and(|m| m.resolving || !m.drawn_this_turn)
    }

    /// Points of the messages' actions and seals `player` received in this turn part (not
    /// tile-triggered: the Count's C.2 ignores them); 0 without the Messages.
    pub(crate) fn message_points_this_part(&self, player: usize) -> u32 {
        self.ext
            .messages
            .as_ref()
            .map_or(0, |m| m.untriggered[player])
    }

    // ----- hooks -----

    /// `StartOfTurnPart`: nothing of the messages belongs to the new turn part yet.
    pub(crate) fn messages_start_of_turn_part(&mut self) -> Flow {
        if let Some(m) = self.ext.messages.as_mut() {
            m.untriggered = [0; MAX_PLAYERS];
            m.part_tile = None;
        }
        Flow::Continue
    }

    /// The turn passes: the next player has drawn no message yet (M.4).
    pub(crate) fn messages_turn_passed(&mut self) {
        if let Some(m) = self.ext.messages.as_mut() {
            m.drawn_this_turn = false;
        }
    }

    /// `AfterScoring` (phase 4.2, M.2–M.4): the active player draws a message when his turn
    /// earned one and he has drawn none yet; back here after a message, the next when its
    /// points ended a movement of his on a dark space (M.4).
    pub(crate) fn messages_after_scoring<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let at = Cursor {
            step: self.cursor.step,
            hook: self.cursor.hook.saturating_sub(1),
        };
        loop {
            let Some(m) = self.ext.messages.as_ref() else {
                return Flow::Continue;
            };
            if m.nested {
                return Flow::Continue; // the nested part's 4.2: chains are the outer part's
            }
            let due = if m.resolving {
                let chained = self.message_chain_earned();
                if let Some(m) = self.ext.messages.as_mut() {
                    m.resolving = false;
                    m.chain = false;
                }
                chained
            } else {
                !m.drawn_this_turn && self.message_earned()
            };
            if !due {
                return Flow::Continue;
            }
            if let Some(m) = self.ext.messages.as_mut() {
                m.drawn_this_turn = true;
                m.at = at;
            }
            if self.config.explicit_draws {
                self.ask(Pending::DrawMessage, self.active);
                return Flow::Wait;
            }
            let message = self.deal_message();
            if self.reveal_message(message, sink) {
                return Flow::Wait;
            }
            // Its seal was the only choice and is paid: back to this hook for a chain.
            if self.awards_wait() {
                self.cursor = at;
                return Flow::Wait;
            }
        }
    }

    /// `EndOfTurnPart`: the nested part of an extra tile ends where the outer part stood, at
    /// phase 4.2 (M.7).
    pub(crate) fn messages_end_of_turn_part(&mut self) -> Flow {
        let Some(m) = self.ext.messages.as_mut() else {
            return Flow::Continue;
        };
        if !m.nested {
            return Flow::Continue;
        }
        m.nested = false;
        self.cursor = m.at;
        Flow::Resumed
    }

    // ----- the deck (a chance node) -----

    /// Draws the top message with the seeded generator: message number
    /// `(next_u64() * unseen) >> 64` of those never drawn, in [`Message::ALL`] order; once
    /// every message was seen, the one under the deck longest (no number is drawn).
    fn deal_message(&mut self) -> Message {
        let unseen = self.messages_unseen();
        if unseen.is_empty() {
            return self
                .ext
                .messages
                .as_ref()
                .and_then(|m| m.known_top())
                .unwrap_or(Message::ShortestRoad);
        }
        let k = below(&mut self.rng, unseen.len());
        unseen[k]
    }

    /// The outcomes of a pending message draw with their probabilities.
    pub(crate) fn message_outcomes(&self) -> Vec<(Outcome, f64)> {
        let unseen = self.messages_unseen();
        if unseen.is_empty() {
            return self
                .ext
                .messages
                .as_ref()
                .and_then(|m| m.known_top())
                .map(|top| vec![(Outcome::Message(top), 1.0)])
                .unwrap_or_default();
        }
        let p = 1.0 / unseen.len() as f64;
        unseen
            .into_iter()
            .map(|m| (Outcome::Message(m), p))
            .collect()
    }

    /// Checks the outcome of a pending message draw: a message that can be on top.
    pub(crate) fn check_message_outcome(&self, message: Message) -> Result<(), DrawError> {
        if self
            .message_outcomes()
            .iter()
            .any(|(o, _)| *o == Outcome::Message(message))
        {
            Ok(())
        } else {
            Err(DrawError::NoSuchOutcome(Outcome::Message(message)))
        }
    }

    /// Plays the outcome of a pending message draw (already checked) and resumes the pipeline.
    pub(crate) fn resolve_message_draw<S: Sink>(&mut self, message: Message, sink: &mut S) {
        if !self.reveal_message(message, sink) {
            self.back_to_phase_4_2(sink);
        }
    }

    /// The active player takes `message` off the deck: it is asked what he does with it
    /// (returns true), or when its action has nothing to act on its seal's points are paid at
    /// once (returns false; the caller comes back to phase 4.2 for a chain).
    fn reveal_message<S: Sink>(&mut self, message: Message, sink: &mut S) -> bool {
        self.outcomes.push(Outcome::Message(message));
        let player = self.active;
        if let Some(m) = self.ext.messages.as_mut() {
            m.take(message);
            m.in_hand = Some(message);
        }
        if S::WANTED {
            sink.push(Event::MessageDrawn {
                player: player as usize,
                message,
            });
        }
        self.ask(Pending::ResolveMessage { message }, player);
        let mut legal = Vec::new();
        self.message_actions(&mut legal);
        if legal.len() > 1 {
            return true;
        }
        self.resolve_message(Action::MessagePoints, sink);
        false
    }

    /// After a message: the pipeline stands at phase 4.2 again (for a chain, M.4), once the
    /// awards are paid.
    fn back_to_phase_4_2<S: Sink>(&mut self, sink: &mut S) {
        if let Some(m) = self.ext.messages.as_ref() {
            self.cursor = m.at;
        }
        self.advance(sink);
    }

    // ----- the messages' actions -----

    /// The features of the kind `message` scores holding one of `player`'s followers, each
    /// once, in the order of his first follower there: the feature's root, that follower's
    /// node, and what it is worth at the final scoring's rates ignoring majority (D-MS-2,
    /// D-MS-11).
    fn message_candidates(&self, message: Message, player: u8) -> Vec<(NodeId, NodeId, u32)> {
        let mut out: Vec<(NodeId, NodeId, u32)> = Vec::new();
        for f in &self.figures {
            if f.player != player || !f.figure.is_follower() {
                continue;
            }
            let root = self.features.find(f.node);
            if !message_kind(message, self.features.node(root).kind)
                || out.iter().any(|c| c.0 == root)
            {
                continue;
            }
            let complete = self.is_complete(root);
            let (points, _) = self.feature_worth(root, complete, f.node, false);
            out.push((root, f.node, points));
        }
        out
    }

    /// The followers of `player` on features of `message`'s kind (knights, farmers).
    fn counted_followers(&self, message: Message, player: u8) -> u16 {
        self.figures
            .iter()
            .filter(|f| {
                f.player == player
                    && f.figure.is_follower()
                    && message_kind(message, self.features.node(f.node).kind)
            })
            .count() as u16
    }

    /// Pennants of the cities holding one of `player`'s followers (coats of arms), and whether
    /// there is such a city.
    fn coats_of_arms(&self, player: u8) -> (u16, bool) {
        let mut cities: Vec<NodeId> = Vec::new();
        for f in &self.figures {
            if f.player == player
                && f.figure.is_follower()
                && self.features.node(f.node).kind == FeatureKind::City
            {
                let root = self.features.find(f.node);
                if !cities.contains(&root) {
                    cities.push(root);
                }
            }
        }
        let pennants = cities.iter().map(|&c| self.facts(c, false).pennants).sum();
        (pennants, !cities.is_empty())
    }

    /// The legal actions of a pending message, into `out`: its seal's 2 points, then the
    /// action when it has something to act on — for the shortest road, smallest city or
    /// smallest monastery each feature of the lowest value (D-MS-11), for "score and return"
    /// each of the player's followers (one action per figure kind and segment, in deployment
    /// order).
    pub(crate) fn message_actions(&self, out: &mut Vec<Action>) {
        let Pending::ResolveMessage { message } = self.pending else {
            return;
        };
        let player = self.decider;
        out.push(Action::MessagePoints);
        match message {
            Message::ShortestRoad | Message::SmallestCity | Message::SmallestMonastery => {
                let candidates = self.message_candidates(message, player);
                let Some(lowest) = candidates.iter().map(|c| c.2).min() else {
                    return;
                };
                for &(_, node, _) in candidates.iter().filter(|c| c.2 == lowest) {
                    let (pos, location) = self.node_place(node);
                    out.push(Action::MessageFeature {
                        pos,
                        feature: self.features.node(node).kind,
                        location,
                    });
                }
            }
            Message::CoatsOfArms => {
                if self.coats_of_arms(player).1 {
                    out.push(Action::MessageAction);
                }
            }
            Message::Knights | Message::Farmers => {
                if self.counted_followers(message, player) > 0 {
                    out.push(Action::MessageAction);
                }
            }
            Message::ExtraTile => {
                if self.tiles_left() > 0 {
                    out.push(Action::MessageAction);
                }
            }
            Message::ScoreAndReturn => {
                let start = out.len();
                for f in &self.figures {
                    if f.player != player || !f.figure.is_follower() {
                        continue;
                    }
                    let placed = self.describe_figure(f);
                    let action = Action::MessageFollower {
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
        }
    }

    /// Checks `action` against a pending message; the error names what is wrong.
    pub(crate) fn check_message_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.message_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let Pending::ResolveMessage { message } = self.pending else {
            return Err(PlayError::WrongDecision {
                action,
                pending: self.pending.name(),
            });
        };
        let player = self.decider;
        let reason = match (message, action) {
            (
                Message::ShortestRoad | Message::SmallestCity | Message::SmallestMonastery,
                Action::MessageFeature { .. },
            ) => {
                if self.message_candidates(message, player).is_empty() {
                    "no such feature holds one of the player's followers: the message has \
                     nothing to act on (take its 2 points)"
                } else {
                    "the message scores one of the features of the lowest value holding one of \
                     the player's followers, named by his first follower there (D-MS-11)"
                }
            }
            (Message::ScoreAndReturn, Action::MessageFollower { .. }) => {
                "the player has no such follower there (a follower, large follower or \
                 ringmaster of his on the board, never an acrobat: D-MS-9)"
            }
            (Message::CoatsOfArms | Message::Knights, Action::MessageAction) => {
                "none of the player's followers is in a city: the message has nothing to act on \
                 (take its 2 points)"
            }
            (Message::Farmers, Action::MessageAction) => {
                "none of the player's followers is on a field: the message has nothing to act \
                 on (take its 2 points)"
            }
            (Message::ExtraTile, Action::MessageAction) => {
                "no tile is left to draw: the message has nothing to act on (take its 2 points)"
            }
            (
                _,
                Action::MessageAction
                | Action::MessageFeature { .. }
                | Action::MessageFollower { .. },
            ) => match message {
                Message::ShortestRoad | Message::SmallestCity | Message::SmallestMonastery => {
                    "this message is performed with message_feature, naming the feature"
                }
                Message::ScoreAndReturn => {
                    "this message is performed with message_follower, naming the follower"
                }
                _ => "this message is performed with message_action",
            },
            (_, action) => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: self.pending.name(),
                })
            }
        };
        Err(PlayError::IllegalMessageAction { action, reason })
    }

    /// Plays a decision on a pending message (already checked) and goes on: back to phase
    /// 4.2 for a chain, or into the nested part of an extra tile.
    pub(crate) fn apply_message_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        if self.resolve_message(action, sink) {
            self.back_to_phase_4_2(sink);
        }
    }

    /// Resolves the message in hand with `action` (legal): it goes under the deck (M.3), and
    /// its points are paid. Returns false when the extra tile's nested part started instead
    /// (it comes back to phase 4.2 when it ends).
    fn resolve_message<S: Sink>(&mut self, action: Action, sink: &mut S) -> bool {
        let player = self.active;
        let Some(m) = self.ext.messages.as_mut() else {
            return true;
        };
        let Some(message) = m.in_hand.take() else {
            return true;
        };
        m.put_under(message);
        m.resolving = true;
        m.chain = false;
        if self.config.rules.message_trigger_end_state {
            self.forget_moved_figures();
        }
        let score = |counted: u16| MessageScore {
            message,
            seal: false,
            feature: None,
            field: None,
            counted,
        };
        match (message, action) {
            (_, Action::MessagePoints) => {
                let seal = MessageScore {
                    seal: true,
                    ..score(0)
                };
                self.pay_message(player, SEAL_POINTS, seal, sink);
            }
            (Message::ExtraTile, Action::MessageAction) => {
                let outer = self.board.len().saturating_sub(1) as u16;
                if let Some(m) = self.ext.messages.as_mut() {
                    m.nested = true;
                    m.part_tile.get_or_insert(outer);
                }
                self.start_nested_part(sink);
                return false;
            }
            (Message::CoatsOfArms, Action::MessageAction) => {
                let (pennants, _) = self.coats_of_arms(player);
                let points = POINTS_PER_COUNTED * u32::from(pennants);
                self.pay_message(player, points, score(pennants), sink);
            }
            (Message::Knights | Message::Farmers, Action::MessageAction) => {
                let n = self.counted_followers(message, player);
                let points = POINTS_PER_COUNTED * u32::from(n);
                self.pay_message(player, points, score(n), sink);
            }
            (
                _,
                Action::MessageFeature {
                    pos,
                    feature,
                    location,
                },
            ) => {
                if let Some(root) = self.feature_at(pos, feature, location) {
                    let named = self
                        .figures
                        .iter()
                        .find(|f| {
                            f.player == player
                                && f.figure.is_follower()
                                && self.features.find(f.node) == root
                        })
                        .map_or(root, |f| f.node);
                    let complete = self.is_complete(root);
                    let (points, mut facts) = self.feature_worth(root, complete, named, true);
                    facts.strength = self
                        .occupancy(root)
                        .map_or(0, |o| o.strength[player as usize]);
                    let reason = MessageScore {
                        feature: Some(facts),
                        ..score(0)
                    };
                    self.pay_message(player, points, reason, sink);
                }
            }
            (
                _,
                Action::MessageFollower {
                    figure,
                    pos,
                    feature,
                    location,
                },
            ) => {
                let node = self.board.tile_at(pos).and_then(|placed| {
                    self.segment_at(placed, feature, location)
                        .map(|s| placed.node_base + s as u16)
                });
                if let Some(node) = node {
                    self.score_for_message(player, node, score(0), sink);
                    self.take_back_follower(player, figure, node, sink);
                }
            }
            _ => {}
        }
        true
    }

    /// "Score and return" (C1 #8): if `player` holds the majority of the feature or field of
    /// `node` (ties included), it is scored for him alone at the final scoring's rates.
    fn score_for_message<S: Sink>(
        &mut self,
        player: u8,
        node: NodeId,
        score: MessageScore,
        sink: &mut S,
    ) {
        let root = self.features.find(node);
        let Some(occupancy) = self.occupancy(root) else {
            return;
        };
        let p = player as usize;
        if owners(&occupancy.strength) & (1 << p) == 0 {
            return; // no majority: no points (D-MS-3)
        }
        let strength = occupancy.strength[p];
        if self.features.node(root).kind == FeatureKind::Field {
            let cities = self.completed_cities_bordering(root).len() as u16;
            let (per_city, pig, pig_herd) = self.field_points_per_city(root, p);
            let (pos, location) = self.node_place(node);
            let field = FieldScore {
                cities,
                points_per_city: per_city as u16,
                pig,
                pig_herd,
                strength,
                pos,
                location,
            };
            let reason = MessageScore {
                field: Some(field),
                ..score
            };
            self.pay_message(player, per_city * u32::from(cities), reason, sink);
        } else {
            let complete = self.is_complete(root);
            let (points, mut facts) = self.feature_worth(root, complete, node, true);
            facts.strength = strength;
            let reason = MessageScore {
                feature: Some(facts),
                ..score
            };
            self.pay_message(player, points, reason, sink);
        }
    }

    /// Pays a message's points to `player` (one award): not tile-triggered.
    fn pay_message<S: Sink>(&mut self, player: u8, points: u32, score: MessageScore, sink: &mut S) {
        if let Some(m) = self.ext.messages.as_mut() {
            m.untriggered[player as usize] += points;
        }
        self.pay(player as usize, points, sink, || Reason::Message(score));
    }
}
