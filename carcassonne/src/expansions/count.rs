//! The Count of Carcassonne (spec `expansions.md` §1.3): the City of Carcassonne is the
//! starting area (its 12 pieces are laid before the first turn and never drawn; every field on
//! them borders the City, a completed city for farmers and for the King, C.5, K.5); with the
//! Count element (the board side with flags) it also has four quarters:
//!
//! - C.2: after a turn part in which an opponent scored and the active player did not, the
//!   active player may put a follower from supply into any quarter ([`Pending::EnterCity`]),
//!   and then may move the Count to another quarter ([`Pending::MoveCount`]; with
//!   [`CountMove::Clockwise`] or [`CountMove::FollowFigure`] the Count moves by itself). A
//!   figure that came back to supply during the turn part may not be used (D-C-6, option
//!   `count_place_returned_figures`); with `count_entry_feature_points_only` only points from
//!   scored features count. Without farmers the Market is closed: nobody enters it, the
//!   Count does not go there (a figure there could never leave; JCloisterZone does the same).
//! - C.3: before completed, occupied roads, cities, monasteries and shrines are scored, every
//!   player in seat order from the left of the active player (the active player last) may move
//!   any of their figures out of the quarters whose feature kind matches (Castle → city,
//!   Blacksmith → road, Cathedral → monastery or shrine) into those features
//!   ([`Pending::LeaveCity`]), then passes. The Count's quarter is blocked. With
//!   `count_leave_to_unoccupied` unoccupied completed features are targets too (D-C-7).
//! - C.4: before the final scoring, starting left of the player who laid the last tile, each
//!   player in turn moves exactly one figure from the Market onto any field
//!   ([`Pending::Market`]) until the Market is empty (unless the Count stands there). With
//!   [`CountFinalScoring::AllQuarters`] the other quarters' figures move too, onto unfinished
//!   features of their kind; with `count_final_moves_optional` a player may pass instead and is
//!   then asked no more (D-C-10). Figures left in quarters score nothing.
//!
//! D-C-9: a figure moved onto a feature goes onto its segment on the tile just laid (roads and
//! cities), on the building's tile (monasteries, shrines), or onto the first segment of the
//! field in board order (the Market) — unless the tile matters (the big top's area, a
//! ringmaster's bonus, Under the Big Top): then the owner chooses any segment of the feature.
//!
//! State: `City` (with the Count element). Hooks: `StartingArea`, `CityBeside` (with the
//! set); `StartOfTurnPart`, `TilePlaced` (who laid the last tile), `FigureReturned` (D-C-6),
//! `BeforeScoring` (C.3), `AfterScoring` (C.2), `BeforeFinalScoring` (C.4) (with the element);
//! the decisions [`Pending::EnterCity`], [`Pending::MoveCount`], [`Pending::LeaveCity`] and
//! [`Pending::Market`].

use crate::action::Action;
use crate::config::{CountFinalScoring, CountMove, MAX_PLAYERS};
use crate::encoding::SEGMENT_SLOTS;
use crate::error::PlayError;
use crate::events::{Event, Sink};
use crate::expansions::Hook;
use crate::features::NodeId;
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::{Position, Rotation};
use crate::quarter::Quarter;
use crate::tile::{FeatureKind, Marker, TileSet};
use crate::turn::Flow;

/// The City's state in a game with the Count.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct City {
    /// Where the Count stands.
    pub count: Quarter,
    /// Figures in the quarters: (player, figure, quarter), in arrival order.
    pub figures: Vec<(u8, Figure, Quarter)>,
    /// The seats still to decide in the movement round or the Market rounds; the first decides
    /// now.
    pub round: Vec<u8>,
    /// The features figures may move to in this movement round, fixed at its start: each
    /// feature's root and the node a moving figure goes to.
    pub targets: Vec<(NodeId, NodeId)>,
    /// Figures of each kind that came back to the active player's supply in this turn part
    /// (D-C-6).
    pub returned: [u8; Figure::COUNT],
    /// The scores by seat before this turn part's scoring (for C.2).
    pub before: [u32; MAX_PLAYERS],
    /// The scores by seat before the scoring under way: the turn part's, or a nested part's
    /// (a message's extra tile, whose scoring counts for the outer part's C.2, D-C-4).
    pub scoring_base: [u32; MAX_PLAYERS],
    /// The points by seat from this turn part's scored features (for C.2 with
    /// `count_entry_feature_points_only`).
    pub feature_points: [u32; MAX_PLAYERS],
    /// The seats that declined to move out of the City before the final scoring (bit per
    /// seat; with `count_final_moves_optional`).
    pub passed: u8,
    /// The seat that laid the last tile (the Market rounds start left of it, C.4).
    pub last_placer: u8,
}

clone_by_fields!(City {
    count,
    figures,
    round,
    targets,
    returned,
    before,
    scoring_base,
    feature_points,
    passed,
    last_placer,
});

impl City {
    /// The City at the start of a game: the Count in the Castle (§1.3.2).
    pub fn new(first_player: u8) -> City {
        City {
            count: Quarter::Castle,
            figures: Vec::new(),
            round: Vec::new(),
            targets: Vec::new(),
            returned: [0; Figure::COUNT],
            before: [0; MAX_PLAYERS],
            scoring_base: [0; MAX_PLAYERS],
            feature_points: [0; MAX_PLAYERS],
            passed: 0,
            last_placer: first_player,
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<City>()
            + self.figures.len() * std::mem::size_of::<(u8, Figure, Quarter)>()
            + self.round.len()
            + self.targets.len() * std::mem::size_of::<(NodeId, NodeId)>()
    }
}

/// Figures that may enter the City (C.2): followers, large followers and ringmasters (the
/// rulebook's table; without a ringmaster under `ringmaster_enters_city` off).
const CITY_FIGURES: [Figure; 3] = [Figure::Follower, Figure::LargeFollower, Figure::Ringmaster];

impl Game {
    /// Where the Count stands, in a game with the Count element; `None` otherwise.
    pub fn count_quarter(&self) -> Option<Quarter> {
        self.ext.city.as_ref().map(|c| c.count)
    }

    /// The figures in quarter `quarter` of the City, as (player, figure) in arrival order;
    /// empty in a game without the Count element.
    pub fn quarter_figures(&self, quarter: Quarter) -> Vec<(usize, Figure)> {
        self.ext
            .city
            .iter()
            .flat_map(|c| c.figures.iter())
            .filter(|f| f.2 == quarter)
            .map(|f| (f.0 as usize, f.1))
            .collect()
    }

    /// `StartingArea`: lays the 12 pieces of the City of Carcassonne where JCloisterZone lays
    /// them, piece 7 at (0, 0) (§1.3.2).
    pub(crate) fn lay_city_of_carcassonne(&mut self) {
        for piece in crate::catalogue().set(TileSet::Count) {
            let (x, y) = piece
                .kind()
                .markers
                .iter()
                .find_map(|m| match m {
                    Marker::CityOfCarcassonne(n) => Some(crate::city_position(*n)),
                    _ => None,
                })
                .unwrap_or((0, 0));
            // Unchecked, unlike a placement: the pieces meet along field edges (their roads
            // and cities face outwards), which `join_neighbours` joins by the edge type.
            self.lay_tile(piece, Position::new(x, y), Rotation::R0);
        }
    }

    /// The seat deciding in a movement round or a Market round.
    pub(crate) fn city_mover(&self) -> Option<u8> {
        match self.pending {
            Pending::LeaveCity | Pending::Market => self
                .ext
                .city
                .as_ref()
                .and_then(|c| c.round.first().copied()),
            _ => None,
        }
    }

    /// `TilePlaced`: notes who laid the last tile (C.4).
    pub(crate) fn note_last_placer(&mut self) {
        let active = self.active;
        if let Some(city) = self.ext.city.as_mut() {
            city.last_placer = active;
        }
    }

    /// `FigureReturned`: notes a figure that came back to the active player's supply (D-C-6).
    pub(crate) fn note_returned(&mut self, player: u8, figure: Figure) {
        if player == self.active {
            if let Some(city) = self.ext.city.as_mut() {
                city.returned[figure.index()] += 1;
            }
        }
    }

    /// `StartOfTurnPart`: nothing has come back yet.
    pub(crate) fn count_start_of_turn_part(&mut self) -> Flow {
        if let Some(city) = self.ext.city.as_mut() {
            city.returned = [0; Figure::COUNT];
        }
        Flow::Continue
    }

    /// The completed roads, cities, monasteries and shrines of the turn part that laid tile
    /// `index` that figures may move to (C.3): occupied ones, or with
    /// `count_leave_to_unoccupied` every one (D-C-7); each with the node a figure moving there
    /// goes to.
    fn leave_targets(&self, index: usize) -> Vec<(NodeId, NodeId)> {
        let unoccupied = self.config.rules.count_leave_to_unoccupied;
        let placed = self.board.tiles()[index];
        let kind = placed.tile.kind();
        let mut out: Vec<(NodeId, NodeId)> = Vec::new();
        let mut nodes: Vec<NodeId> = kind
            .segments
            .iter()
            .enumerate()
            .filter(|(_, seg)| matches!(seg.kind, FeatureKind::Road | FeatureKind::City))
            .map(|(i, _)| placed.node_base + i as u16)
            .collect();
        if self.has_hook(Hook::CompletedElsewhere) {
            nodes.extend(self.completed_elsewhere());
        }
        for node in nodes {
            let root = self.features.find(node);
            if self.features.open(root) == 0
                && (unoccupied || self.features.figures(root) > 0)
                && !out.iter().any(|(r, _)| *r == root)
            {
                out.push((root, node));
            }
        }
        if unoccupied {
            for pos in std::iter::once(placed.pos).chain(placed.pos.surrounding()) {
                let Some(t) = self.board.tile_at(pos) else {
                    continue;
                };
                if self.board.count_surrounding(pos) < 8 {
                    continue;
                }
                for (i, seg) in t.tile.kind().segments.iter().enumerate() {
                    if seg.kind.is_monastic() {
                        let node = t.node_base + i as u16;
                        out.push((self.features.find(node), node));
                    }
                }
            }
        } else {
            let mut buildings = [NodeId::MAX; 9];
            let n = self.surrounded_buildings_near(placed.pos, &mut buildings);
            out.extend(buildings[..n].iter().map(|&b| (self.features.find(b), b)));
        }
        out
    }

    /// Whether `player` has a figure in an unblocked quarter leading to one of `targets`.
    fn can_leave_to(&self, player: u8, targets: &[(NodeId, NodeId)]) -> bool {
        let Some(city) = self.ext.city.as_ref() else {
            return false;
        };
        city.figures.iter().any(|&(p, _, q)| {
            p == player
                && q != city.count
                && targets
                    .iter()
                    .any(|&(root, _)| q.leads_to(self.features.node(root).kind))
        })
    }

    /// `BeforeScoring` (C.3): notes the scores before the scoring (for C.2; a nested part's
    /// scoring adds to its outer part's, D-C-4), and opens the movement round if anybody can
    /// move.
    pub(crate) fn count_before_scoring(&mut self) -> Flow {
        let scores = self.players.map(|p| p.score);
        let nested = self.in_nested_part();
        let Some(city) = self.ext.city.as_mut() else {
            return Flow::Continue;
        };
        if !nested {
            city.before = scores;
            city.feature_points = [0; MAX_PLAYERS];
        }
        city.scoring_base = scores;
        if city.figures.is_empty() {
            return Flow::Continue; // nobody can move
        }
        let targets = match self.last_tile {
            Some(index) => self.leave_targets(index as usize),
            None => Vec::new(),
        };
        let n = self.players() as u8;
        let order: Vec<u8> = (1..=n)
            .map(|k| (self.active + k) % n)
            .filter(|&p| self.can_leave_to(p, &targets))
            .collect();
        let Some(city) = self.ext.city.as_mut() else {
            return Flow::Continue;
        };
        let Some(&first) = order.first() else {
            return Flow::Continue;
        };
        city.round = order;
        city.targets = targets;
        self.ask(Pending::LeaveCity, first);
        Flow::Wait
    }

    /// `TurnPartScored`: notes the points the turn part's features gave, before the King and
    /// the Robber Baron pay theirs (C.2 with `count_entry_feature_points_only`).
    pub(crate) fn note_feature_points(&mut self) {
        let scores = self.players.map(|p| p.score);
        if let Some(city) = self.ext.city.as_mut() {
            for (p, points) in city.feature_points.iter_mut().enumerate() {
                *points += scores[p] - city.scoring_base[p];
            }
        }
    }

    /// `AfterScoring` (C.2): offers the quarters to the active player when an opponent scored
    /// in this turn part and they did not, and they have a figure that may enter. The points of
    /// messages' actions and seals are not tile-triggered and do not count (§3.2.5); a nested
    /// part (a message's extra tile) has no entry of its own (D-C-4).
    pub(crate) fn count_after_scoring(&mut self) -> Flow {
        if self.in_nested_part() {
            return Flow::Continue;
        }
        let Some(city) = self.ext.city.as_ref() else {
            return Flow::Continue;
        };
        let me = self.active as usize;
        let features_only = self.config.rules.count_entry_feature_points_only;
        let gained = |p: usize| {
            if features_only {
                city.feature_points[p]
            } else {
                self.players[p].score - city.before[p] - self.message_points_this_part(p)
            }
        };
        let qualifies = gained(me) == 0 && (0..self.players()).any(|p| p != me && gained(p) > 0);
        if qualifies && !self.city_entries().is_empty() {
            self.ask(Pending::EnterCity, self.active);
            return Flow::Wait;
        }
        Flow::Continue
    }

    /// The figures the active player may put into the City now (C.2, D-C-6).
    fn city_entries(&self) -> Vec<Figure> {
        let Some(city) = self.ext.city.as_ref() else {
            return Vec::new();
        };
        let supply = self.players[self.active as usize].supply;
        let returned = if self.config.rules.count_place_returned_figures {
            [0; Figure::COUNT]
        } else {
            city.returned
        };
        CITY_FIGURES
            .into_iter()
            .filter(|&f| supply[f.index()] > returned[f.index()])
            .filter(|&f| f != Figure::Ringmaster || self.config.rules.ringmaster_enters_city)
            .collect()
    }

    /// Whether quarter `quarter` is open: the Market only with farmers, who alone can leave it
    /// (onto fields).
    fn quarter_open(&self, quarter: Quarter) -> bool {
        quarter != Quarter::Market || self.config.rules.farmers
    }

    /// `BeforeFinalScoring` (C.4): opens the final moves out of the City if any figure can
    /// move.
    pub(crate) fn count_before_final_scoring(&mut self) -> Flow {
        let Some(city) = self.ext.city.as_mut() else {
            return Flow::Continue;
        };
        city.passed = 0;
        let first = (city.last_placer + 1) % self.players() as u8;
        if self.set_final_mover(first) {
            Flow::Wait
        } else {
            Flow::Continue
        }
    }

    /// The quarters whose figures move out before the final scoring (C.4): the Market, or
    /// every quarter with [`CountFinalScoring::AllQuarters`]; never the Count's.
    fn final_quarters(&self, count: Quarter) -> impl Iterator<Item = Quarter> {
        let all = self.config.rules.count_final_scoring == CountFinalScoring::AllQuarters;
        Quarter::ALL
            .into_iter()
            .filter(move |&q| q != count && (all || q == Quarter::Market))
    }

    /// Whether `player` has a figure to move out of the City before the final scoring.
    fn can_move_finally(&self, player: u8) -> bool {
        let Some(city) = self.ext.city.as_ref() else {
            return false;
        };
        self.final_quarters(city.count).any(|q| {
            city.figures.iter().any(|f| f.0 == player && f.2 == q)
                && !self.final_targets(q).is_empty()
        })
    }

    /// Hands the final moves to the first seat from `from` on (cyclically) that has a figure to
    /// move and has not passed; false when nobody is left.
    fn set_final_mover(&mut self, from: u8) -> bool {
        let n = self.players() as u8;
        let passed = self.ext.city.as_ref().map_or(0, |c| c.passed);
        let next = (0..n)
            .map(|k| (from + k) % n)
            .find(|&p| passed & (1 << p) == 0 && self.can_move_finally(p));
        let Some(city) = self.ext.city.as_mut() else {
            return false;
        };
        match next {
            Some(p) => {
                city.round = vec![p];
                self.ask(Pending::Market, p);
                true
            }
            None => {
                city.round.clear();
                false
            }
        }
    }

    /// Where figures of quarter `quarter` may go before the final scoring, as (root, node of
    /// the feature's first segment in board order): every field for the Market; every
    /// unfinished city, road, or monastery and shrine for the others (C.4).
    fn final_targets(&self, quarter: Quarter) -> Vec<(NodeId, NodeId)> {
        let mut out: Vec<(NodeId, NodeId)> = Vec::new();
        for t in self.board.tiles() {
            for (i, seg) in t.tile.kind().segments.iter().enumerate() {
                let kind = self.segment_kind(seg);
                if !quarter.leads_to(kind) {
                    continue;
                }
                let node = t.node_base + i as u16;
                let root = self.features.find(node);
                let unfinished = match kind {
                    FeatureKind::Road | FeatureKind::City => self.features.open(root) > 0,
                    FeatureKind::Monastery | FeatureKind::Shrine => {
                        self.board.count_surrounding(t.pos) < 8
                    }
                    FeatureKind::Field | FeatureKind::River => true,
                };
                if unfinished && !out.iter().any(|(r, _)| *r == root) {
                    out.push((root, node));
                }
            }
        }
        out
    }

    /// The legal actions of the City's decisions, into `out`.
    pub(crate) fn city_actions(&self, out: &mut Vec<Action>) {
        let Some(city) = self.ext.city.as_ref() else {
            return;
        };
        match self.pending {
            Pending::EnterCity => {
                for figure in self.city_entries() {
                    for quarter in Quarter::ALL.into_iter().filter(|&q| self.quarter_open(q)) {
                        out.push(Action::EnterCity { figure, quarter });
                    }
                }
                out.push(Action::Pass);
            }
            Pending::MoveCount => {
                for quarter in Quarter::ALL
                    .into_iter()
                    .filter(|&q| q != city.count && self.quarter_open(q))
                {
                    out.push(Action::MoveCount { quarter });
                }
                out.push(Action::Pass);
            }
            Pending::LeaveCity | Pending::Market => {
                let Some(&mover) = city.round.first() else {
                    return;
                };
                let market = self.pending == Pending::Market;
                let mut seen: Vec<(Figure, Quarter)> = Vec::new();
                for &(p, figure, quarter) in &city.figures {
                    let movable = if market {
                        self.final_quarters(city.count).any(|q| q == quarter)
                    } else {
                        quarter != city.count
                    };
                    if p != mover || !movable || seen.contains(&(figure, quarter)) {
                        continue;
                    }
                    seen.push((figure, quarter));
                    let targets = if market {
                        self.final_targets(quarter)
                    } else {
                        city.targets.clone()
                    };
                    let every_place = self.figure_tile_matters();
                    for &(root, node) in &targets {
                        let places: Vec<NodeId> = if every_place {
                            self.features.members(root).collect()
                        } else {
                            vec![node]
                        };
                        for place in places {
                            let (placed, segment) = self.node_tile(place);
                            let seg = &placed.tile.kind().segments[segment];
                            let kind = self.segment_kind(seg);
                            if quarter.leads_to(kind) {
                                out.push(Action::LeaveCity {
                                    figure,
                                    quarter,
                                    pos: placed.pos,
                                    feature: kind,
                                    location: seg.location(placed.rotation),
                                });
                            }
                        }
                    }
                }
                if !market || self.config.rules.count_final_moves_optional {
                    out.push(Action::Pass);
                }
            }
            Pending::Draw
            | Pending::Place { .. }
            | Pending::Deploy { .. }
            | Pending::DoubleTurn
            | Pending::AnimalToken
            | Pending::Ingot { .. }
            | Pending::TakeIngot
            | Pending::Magic
            | Pending::RemoveMagic
            | Pending::FlierRoll
            | Pending::Landing { .. }
            | Pending::PlaceFerry { .. }
            | Pending::MoveFerry
            | Pending::CropOption
            | Pending::CropDeploy
            | Pending::CropReturn
            | Pending::PlaceRobber
            | Pending::ChooseRobbed
            | Pending::ChooseScoringFigure
            | Pending::ScoreOrder
            | Pending::DrawMessage
            | Pending::ResolveMessage { .. }
            | Pending::GameOver => {}
        }
    }

    /// Whether the tile a figure moving out of the City stands on matters: with the big top (its
    /// 3×3 area) or ringmasters (their bonus) in play, the owner chooses any place of the target
    /// feature (D-C-9); otherwise a figure goes to one place of it.
    fn figure_tile_matters(&self) -> bool {
        self.elements.big_top || self.elements.ringmasters > 0
    }

    /// Checks an answer to one of the City's decisions.
    pub(crate) fn check_city_action(&self, action: Action) -> Result<(), PlayError> {
        let answers = match self.pending {
            Pending::Market => matches!(action, Action::LeaveCity { .. } | Action::Pass),
            _ => matches!(
                action,
                Action::EnterCity { .. }
                    | Action::MoveCount { .. }
                    | Action::LeaveCity { .. }
                    | Action::Pass
            ),
        };
        if !answers {
            return Err(PlayError::WrongDecision {
                action,
                pending: self.pending.name(),
            });
        }
        let mut legal = Vec::new();
        self.city_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let rules = &self.config.rules;
        Err(PlayError::IllegalCityAction {
            action,
            reason: match self.pending {
                Pending::EnterCity => {
                    "offered: a follower or large follower from supply (not one that came back \
                     this turn) into a quarter (the Market only with farmers), or pass"
                }
                Pending::MoveCount => {
                    "offered: the Count to another quarter (the Market only with farmers), or \
                     pass"
                }
                Pending::LeaveCity => {
                    "offered: a figure of the deciding player from an unblocked quarter onto a \
                     matching feature completed now, or pass"
                }
                _ if rules.count_final_moves_optional => {
                    "offered: a figure of the deciding player from the Market (or, with \
                     count_final_scoring all_quarters, any quarter but the Count's) onto a \
                     field (or an unfinished feature of the quarter's kind), or pass"
                }
                _ => {
                    "offered: a figure of the deciding player from the Market (or, with \
                     count_final_scoring all_quarters, any quarter but the Count's) onto a \
                     field (or an unfinished feature of the quarter's kind); moving is \
                     mandatory"
                }
            },
        })
    }

    /// The quarter the Count moves to by itself after a figure entered `entered` (C.2 with
    /// [`CountMove::Clockwise`] or [`CountMove::FollowFigure`]); `None` when the player moves
    /// it ([`CountMove::ByPlayer`]).
    fn count_moves_itself(&self, from: Quarter, entered: Quarter) -> Option<Quarter> {
        match self.config.rules.count_move {
            CountMove::ByPlayer => None,
            CountMove::Clockwise => Some(match from {
                Quarter::Castle => Quarter::Market,
                Quarter::Market => Quarter::Blacksmith,
                Quarter::Blacksmith => Quarter::Cathedral,
                Quarter::Cathedral => Quarter::Castle,
            }),
            CountMove::FollowFigure => Some(entered),
        }
    }

    /// Moves the Count to `quarter` for `player`, with its event when it changes quarter.
    fn move_count<S: Sink>(&mut self, player: u8, quarter: Quarter, sink: &mut S) {
        let Some(city) = self.ext.city.as_mut() else {
            return;
        };
        if city.count == quarter {
            return;
        }
        city.count = quarter;
        if S::WANTED {
            sink.push(Event::CountMoved {
                player: player as usize,
                quarter,
            });
        }
    }

    /// Plays an answer (already checked) to one of the City's decisions.
    pub(crate) fn apply_city_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        let n = self.players() as u8;
        match (self.pending, action) {
            (Pending::EnterCity, Action::EnterCity { figure, quarter }) => {
                let me = self.active;
                self.players[me as usize].supply[figure.index()] -= 1;
                let Some(city) = self.ext.city.as_mut() else {
                    return;
                };
                city.figures.push((me, figure, quarter));
                let count = city.count;
                if S::WANTED {
                    sink.push(Event::FigureEnteredCity {
                        player: me as usize,
                        figure,
                        quarter,
                    });
                }
                match self.count_moves_itself(count, quarter) {
                    Some(to) => {
                        self.move_count(me, to, sink);
                        self.advance(sink);
                    }
                    None => self.ask(Pending::MoveCount, me),
                }
            }
            (Pending::MoveCount, Action::MoveCount { quarter }) => {
                self.move_count(self.active, quarter, sink);
                self.advance(sink);
            }
            (Pending::EnterCity | Pending::MoveCount, _) => self.advance(sink),
            (
                Pending::LeaveCity | Pending::Market,
                Action::LeaveCity {
                    figure,
                    quarter,
                    pos,
                    feature,
                    location,
                },
            ) => {
                let Some(mover) = self.city_mover() else {
                    return;
                };
                let node = self.board.tile_at(pos).and_then(|t| {
                    self.segment_at(t, feature, location)
                        .map(|s| t.node_base + s as u16)
                });
                let (Some(node), Some(city)) = (node, self.ext.city.as_mut()) else {
                    return;
                };
                if let Some(i) = city
                    .figures
                    .iter()
                    .position(|&f| f == (mover, figure, quarter))
                {
                    city.figures.remove(i);
                }
                self.add_figure_slot(mover, figure, node);
                self.features.add_figure(node);
                if S::WANTED {
                    sink.push(Event::FigureLeftCity {
                        player: mover as usize,
                        figure,
                        quarter,
                        pos,
                        feature,
                        location,
                    });
                }
                if self.pending == Pending::Market {
                    if !self.set_final_mover((mover + 1) % n) {
                        self.advance(sink);
                    }
                } else {
                    let targets = self
                        .ext
                        .city
                        .as_ref()
                        .map(|c| c.targets.clone())
                        .unwrap_or_default();
                    if !self.can_leave_to(mover, &targets) {
                        self.next_leaver(sink);
                    }
                }
            }
            (Pending::LeaveCity, _) => self.next_leaver(sink),
            (Pending::Market, _) => {
                let Some(mover) = self.city_mover() else {
                    return;
                };
                if let Some(city) = self.ext.city.as_mut() {
                    city.passed |= 1 << mover;
                }
                if !self.set_final_mover((mover + 1) % n) {
                    self.advance(sink);
                }
            }
            _ => {}
        }
    }

    /// The mover of the movement round passed or can move no more: the next seat decides, or
    /// the round ends and the pipeline goes on to the scoring.
    fn next_leaver<S: Sink>(&mut self, sink: &mut S) {
        let targets = self
            .ext
            .city
            .as_ref()
            .map(|c| c.targets.clone())
            .unwrap_or_default();
        let mut round = self
            .ext
            .city
            .as_ref()
            .map(|c| c.round.clone())
            .unwrap_or_default();
        if !round.is_empty() {
            round.remove(0);
        }
        round.retain(|&p| self.can_leave_to(p, &targets));
        let next = round.first().copied();
        if let Some(city) = self.ext.city.as_mut() {
            city.round = round;
        }
        match next {
            Some(p) => self.ask(Pending::LeaveCity, p),
            None => self.advance(sink),
        }
    }
}

/// The action ids of the City's decisions, relative to the first of them (see
/// [`encoding`](crate::encoding)): `enter` (`figure · 4 + quarter`, follower or large
/// follower), `count` (`quarter`), then `leave`
/// (`((tile · 16 + segment) · 4 + quarter) · 2 + figure`, `tile` the target tile's index in
/// board order, the City's pieces first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CityIds {
    /// Tiles of the game in all, the City's pieces included.
    pub tiles: usize,
}

/// Quarters per figure slot in the City's ids.
const QUARTERS: usize = 4;

impl CityIds {
    /// Ids of `enter` and `count`.
    const SMALL: usize = CITY_FIGURES.len() * QUARTERS + QUARTERS;

    /// Number of ids.
    pub fn size(&self) -> usize {
        Self::SMALL + self.tiles * SEGMENT_SLOTS * QUARTERS * CITY_FIGURES.len()
    }

    /// The relative id of a City action, if it has one.
    pub fn id(&self, game: &Game, action: Action) -> Option<usize> {
        let slot = |figure: Figure| CITY_FIGURES.iter().position(|f| *f == figure);
        match action {
            Action::EnterCity { figure, quarter } => {
                Some(slot(figure)? * QUARTERS + quarter.index())
            }
            Action::MoveCount { quarter } => Some(CITY_FIGURES.len() * QUARTERS + quarter.index()),
            Action::LeaveCity {
                figure,
                quarter,
                pos,
                feature,
                location,
            } => {
                let f = slot(figure)?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let placed = game.board().tiles()[tile];
                let segment = game.segment_at(&placed, feature, location)?;
                let index = ((tile * SEGMENT_SLOTS + segment) * QUARTERS + quarter.index())
                    * CITY_FIGURES.len()
                    + f;
                (segment < SEGMENT_SLOTS && tile < self.tiles).then_some(Self::SMALL + index)
            }
            _ => None,
        }
    }

    /// The City action with relative id `rest`, if it names one in `game`'s state.
    pub fn action(&self, game: &Game, rest: usize) -> Option<Action> {
        if rest < CITY_FIGURES.len() * QUARTERS {
            return Some(Action::EnterCity {
                figure: CITY_FIGURES[rest / QUARTERS],
                quarter: Quarter::ALL[rest % QUARTERS],
            });
        }
        if rest < Self::SMALL {
            return Some(Action::MoveCount {
                quarter: Quarter::ALL[rest - CITY_FIGURES.len() * QUARTERS],
            });
        }
        let rest = rest - Self::SMALL;
        let figure = CITY_FIGURES[rest % CITY_FIGURES.len()];
        let quarter = Quarter::ALL[(rest / CITY_FIGURES.len()) % QUARTERS];
        let cell = rest / (CITY_FIGURES.len() * QUARTERS);
        let placed = *game.board().tiles().get(cell / SEGMENT_SLOTS)?;
        let seg = placed.tile.kind().segments.get(cell % SEGMENT_SLOTS)?;
        Some(Action::LeaveCity {
            figure,
            quarter,
            pos: placed.pos,
            feature: game.segment_kind(seg),
            location: seg.location(placed.rotation),
        })
    }
}
