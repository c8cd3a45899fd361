//! The Count of Carcassonne (spec `expansions.md` §1.3): the City of Carcassonne is the
//! starting area (its pieces are laid by `Game::new`, its fields border a completed city,
//! `scoring`); with the Count element (the board side with flags) it also has four quarters:
//!
//! - C.2: after a turn part in which an opponent scored and the active player did not, the
//!   active player may put a follower from supply into any quarter ([`Pending::EnterCity`]),
//!   and then may move the Count to another quarter ([`Pending::MoveCount`]). A figure that
//!   came back to supply during the turn part may not be used (D-C-6, option
//!   `count_place_returned_figures`).
//! - C.3: before completed, occupied roads, cities, monasteries and shrines are scored, every
//!   player in seat order from the left of the active player (the active player last) may move
//!   any of their figures out of the quarters whose feature kind matches (Castle → city,
//!   Blacksmith → road, Cathedral → monastery or shrine) into those features
//!   ([`Pending::LeaveCity`]), then passes. The Count's quarter is blocked.
//! - C.4: before the final scoring, starting left of the player who laid the last tile, each
//!   player in turn moves exactly one figure from the Market onto any field
//!   ([`Pending::Market`]) until the Market is empty (unless the Count stands there). Figures
//!   left in quarters score nothing.
//!
//! A figure moved onto a feature goes onto its segment on the tile just laid (roads and
//! cities), on the building's tile (monasteries, shrines), or onto the first segment of the
//! field in board order (the Market): the spec leaves the segment to the owner (D-C-9), which
//! matters for no rule implemented here.
//!
//! Hook points: `Game::finish_turn_part` opens the movement round (`Game::open_leave_round`)
//! and offers the quarters after scoring (`Game::offer_city_entry`); `Game::end_game` opens
//! the Market rounds (`Game::open_market`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::action::{Action, Figure};
use crate::config::MAX_PLAYERS;
use crate::error::ParseError;
use crate::events::{Event, Sink};
use crate::features::NodeId;
use crate::game::{figure_index, FigureSlot, Game, Pending};
use crate::tile::FeatureKind;

/// The four quarters of the City of Carcassonne (spec `expansions.md` §1.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quarter {
    /// The Castle: its figures may move to a completed city (knights).
    Castle,
    /// The Market: its figures move onto fields at the end of the game (farmers).
    Market,
    /// The Blacksmith: its figures may move to a completed road (thieves).
    Blacksmith,
    /// The Cathedral: its figures may move to a completed monastery or shrine (monks).
    Cathedral,
}

impl Quarter {
    /// Every quarter, in the order actions list them.
    pub const ALL: [Quarter; 4] = [
        Quarter::Castle,
        Quarter::Market,
        Quarter::Blacksmith,
        Quarter::Cathedral,
    ];

    /// The quarter's name in notation and JSON: `castle`, `market`, `blacksmith`, `cathedral`.
    pub const fn name(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Market => "market",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
        }
    }

    /// Whether figures of this quarter may move onto a feature of kind `kind` (C.3, C.4).
    pub const fn leads_to(self, kind: FeatureKind) -> bool {
        matches!(
            (self, kind),
            (Quarter::Castle, FeatureKind::City)
                | (Quarter::Blacksmith, FeatureKind::Road)
                | (
                    Quarter::Cathedral,
                    FeatureKind::Monastery | FeatureKind::Shrine
                )
                | (Quarter::Market, FeatureKind::Field)
        )
    }
}

impl fmt::Display for Quarter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Quarter {
    type Err = ParseError;

    /// Parses `castle`, `market`, `blacksmith`, `cathedral` (case-insensitive).
    fn from_str(s: &str) -> Result<Quarter, ParseError> {
        Quarter::ALL
            .into_iter()
            .find(|q| q.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                ParseError::new(
                    "quarter",
                    s,
                    "expected castle, market, blacksmith or cathedral",
                )
            })
    }
}

/// The City's state in a game with the Count.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Whether this turn part's movement round is over.
    pub round_done: bool,
    /// Whether the Market has been emptied at the end of the game.
    pub market_done: bool,
    /// Figures of each kind that came back to the active player's supply in this turn part
    /// (D-C-6).
    pub returned: [u8; 4],
}

impl City {
    /// The City at the start of a game: the Count in the Castle (§1.3.2).
    pub fn new() -> City {
        City {
            count: Quarter::Castle,
            figures: Vec::new(),
            round: Vec::new(),
            targets: Vec::new(),
            round_done: false,
            market_done: false,
            returned: [0; 4],
        }
    }
}

/// Figures that may enter the City (C.2): followers and large followers.
const CITY_FIGURES: [Figure; 2] = [Figure::Follower, Figure::LargeFollower];

impl Game {
    /// Where the Count stands, in a game with the Count element; `None` otherwise.
    pub fn count_quarter(&self) -> Option<Quarter> {
        self.city.as_ref().map(|c| c.count)
    }

    /// The figures in quarter `quarter` of the City, as (player, figure) in arrival order;
    /// empty in a game without the Count element.
    pub fn quarter_figures(&self, quarter: Quarter) -> Vec<(usize, Figure)> {
        self.city
            .iter()
            .flat_map(|c| c.figures.iter())
            .filter(|f| f.2 == quarter)
            .map(|f| (f.0 as usize, f.1))
            .collect()
    }

    /// The seat deciding in a movement round or a Market round.
    pub(crate) fn city_mover(&self) -> Option<u8> {
        match self.pending {
            Pending::LeaveCity | Pending::Market => {
                self.city.as_ref().and_then(|c| c.round.first().copied())
            }
            _ => None,
        }
    }

    /// Notes a figure that came back to the active player's supply (D-C-6).
    pub(crate) fn note_returned(&mut self, player: u8, figure: Figure) {
        if player == self.current {
            if let Some(city) = self.city.as_mut() {
                city.returned[figure_index(figure)] += 1;
            }
        }
    }

    /// At the start of a turn part: nothing has come back yet, and the movement round is to
    /// come.
    pub(crate) fn reset_city_turn_part(&mut self) {
        if let Some(city) = self.city.as_mut() {
            city.returned = [0; 4];
            city.round_done = false;
        }
    }

    /// The completed, occupied roads, cities, monasteries and shrines of the turn part that
    /// laid tile `index`, each with the node a figure moving there goes to.
    fn completed_occupied(&self, index: usize) -> Vec<(NodeId, NodeId)> {
        let placed = self.board.tiles()[index];
        let kind = placed.tile.kind();
        let mut out: Vec<(NodeId, NodeId)> = Vec::new();
        for (i, seg) in kind.segments.iter().enumerate() {
            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let node = placed.node_base + i as u16;
            let root = self.features.find(node);
            if self.features.open(root) == 0
                && self.features.figures(root) > 0
                && !out.iter().any(|(r, _)| *r == root)
            {
                out.push((root, node));
            }
        }
        let mut buildings = [NodeId::MAX; 9];
        let n = self.surrounded_buildings_near(placed.pos, &mut buildings);
        out.extend(buildings[..n].iter().map(|&b| (self.features.find(b), b)));
        out
    }

    /// Whether `player` has a figure in an unblocked quarter leading to one of `targets`.
    fn can_leave_to(&self, player: u8, targets: &[(NodeId, NodeId)]) -> bool {
        let Some(city) = self.city.as_ref() else {
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

    /// C.3: opens the movement round before the turn part's completed features are scored, if
    /// anybody can move. Returns whether a decision is now pending.
    pub(crate) fn open_leave_round(&mut self, index: usize) -> bool {
        if self.city.as_ref().map_or(true, |c| c.round_done) {
            return false;
        }
        let targets = self.completed_occupied(index);
        let n = self.players() as u8;
        let order: Vec<u8> = (1..=n)
            .map(|k| (self.current + k) % n)
            .filter(|&p| self.can_leave_to(p, &targets))
            .collect();
        let Some(city) = self.city.as_mut() else {
            return false;
        };
        if order.is_empty() {
            city.round_done = true;
            return false;
        }
        city.round = order;
        city.targets = targets;
        self.pending = Pending::LeaveCity;
        true
    }

    /// C.2: after the turn part's scoring, offers the quarters to the active player when an
    /// opponent scored and they did not, and they have a figure that may enter. `before` holds
    /// the scores by seat before the turn part's scoring. Returns whether a decision is now
    /// pending.
    pub(crate) fn offer_city_entry(&mut self, before: &[u32; MAX_PLAYERS]) -> bool {
        let me = self.current as usize;
        let gained = |p: usize| self.players[p].score - before[p];
        let qualifies = gained(me) == 0 && (0..self.players()).any(|p| p != me && gained(p) > 0);
        if qualifies && !self.city_entries().is_empty() {
            self.pending = Pending::EnterCity;
            return true;
        }
        false
    }

    /// The figures the active player may put into the City now (C.2, D-C-6).
    fn city_entries(&self) -> Vec<Figure> {
        let Some(city) = self.city.as_ref() else {
            return Vec::new();
        };
        let supply = self.players[self.current as usize].supply;
        let returned = if self.config.rules.count_place_returned_figures {
            [0; 4]
        } else {
            city.returned
        };
        CITY_FIGURES
            .into_iter()
            .filter(|&f| supply[figure_index(f)] > returned[figure_index(f)])
            .collect()
    }

    /// C.4: opens the Market rounds at the end of the game, if any figure is to move. Returns
    /// whether a decision is now pending.
    pub(crate) fn open_market(&mut self) -> bool {
        let Some(city) = self.city.as_ref() else {
            return false;
        };
        if city.market_done
            || city.count == Quarter::Market
            || !city.figures.iter().any(|f| f.2 == Quarter::Market)
        {
            return false;
        }
        let first = (self.last_placer + 1) % self.players() as u8;
        self.set_market_mover(first);
        true
    }

    /// Hands the Market round to the first seat from `from` on (cyclically) with a figure in
    /// the Market, or closes the Market when it is empty.
    fn set_market_mover(&mut self, from: u8) {
        let n = self.players() as u8;
        let Some(city) = self.city.as_mut() else {
            return;
        };
        let next = (0..n).map(|k| (from + k) % n).find(|&p| {
            city.figures
                .iter()
                .any(|f| f.0 == p && f.2 == Quarter::Market)
        });
        match next {
            Some(p) => {
                city.round = vec![p];
                self.pending = Pending::Market;
            }
            None => {
                city.round.clear();
                city.market_done = true;
            }
        }
    }

    /// Every field of the board, as (root, node of its first segment in board order).
    fn every_field(&self) -> Vec<(NodeId, NodeId)> {
        let mut out: Vec<(NodeId, NodeId)> = Vec::new();
        for t in self.board.tiles() {
            for (i, seg) in t.tile.kind().segments.iter().enumerate() {
                if seg.kind != FeatureKind::Field {
                    continue;
                }
                let node = t.node_base + i as u16;
                let root = self.features.find(node);
                if !out.iter().any(|(r, _)| *r == root) {
                    out.push((root, node));
                }
            }
        }
        out
    }

    /// The legal actions of the City's decisions, into `out`.
    pub(crate) fn city_actions(&self, out: &mut Vec<Action>) {
        let Some(city) = self.city.as_ref() else {
            return;
        };
        match self.pending {
            Pending::EnterCity => {
                for figure in self.city_entries() {
                    for quarter in Quarter::ALL {
                        out.push(Action::EnterCity { figure, quarter });
                    }
                }
                out.push(Action::Pass);
            }
            Pending::MoveCount => {
                for quarter in Quarter::ALL.into_iter().filter(|q| *q != city.count) {
                    out.push(Action::MoveCount { quarter });
                }
                out.push(Action::Pass);
            }
            Pending::LeaveCity | Pending::Market => {
                let Some(&mover) = city.round.first() else {
                    return;
                };
                let targets = if self.pending == Pending::Market {
                    self.every_field()
                } else {
                    city.targets.clone()
                };
                let mut seen: Vec<(Figure, Quarter)> = Vec::new();
                for &(p, figure, quarter) in &city.figures {
                    let market = self.pending == Pending::Market;
                    if p != mover
                        || quarter == city.count
                        || (quarter == Quarter::Market) != market
                        || seen.contains(&(figure, quarter))
                    {
                        continue;
                    }
                    seen.push((figure, quarter));
                    for &(_, node) in &targets {
                        let (placed, segment) = self.node_tile(node);
                        let seg = &placed.tile.kind().segments[segment];
                        if quarter.leads_to(seg.kind) {
                            out.push(Action::LeaveCity {
                                figure,
                                quarter,
                                pos: placed.pos,
                                feature: seg.kind,
                                location: seg.location(placed.rotation),
                            });
                        }
                    }
                }
                if self.pending == Pending::LeaveCity {
                    out.push(Action::Pass);
                }
            }
            _ => {}
        }
    }

    /// Whether `action` answers the City's pending decision legally.
    pub(crate) fn city_action_is_legal(&self, action: Action) -> bool {
        let mut legal = Vec::new();
        self.city_actions(&mut legal);
        legal.contains(&action)
    }

    /// Plays a City action (already checked legal).
    pub(crate) fn apply_city_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        let n = self.players() as u8;
        match (self.pending, action) {
            (Pending::EnterCity, Action::EnterCity { figure, quarter }) => {
                let me = self.current;
                self.players[me as usize].supply[figure_index(figure)] -= 1;
                if let Some(city) = self.city.as_mut() {
                    city.figures.push((me, figure, quarter));
                }
                if S::WANTED {
                    sink.push(Event::FigureEnteredCity {
                        player: me as usize,
                        figure,
                        quarter,
                    });
                }
                self.pending = Pending::MoveCount;
            }
            (Pending::MoveCount, Action::MoveCount { quarter }) => {
                if let Some(city) = self.city.as_mut() {
                    city.count = quarter;
                }
                if S::WANTED {
                    sink.push(Event::CountMoved {
                        player: self.current as usize,
                        quarter,
                    });
                }
                self.next_turn_part(sink);
            }
            (Pending::EnterCity | Pending::MoveCount, _) => self.next_turn_part(sink),
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
                    t.tile
                        .kind()
                        .segment_with_location(feature, location, t.rotation)
                        .map(|s| t.node_base + s as u16)
                });
                let (Some(node), Some(city)) = (node, self.city.as_mut()) else {
                    return;
                };
                if let Some(i) = city
                    .figures
                    .iter()
                    .position(|&f| f == (mover, figure, quarter))
                {
                    city.figures.remove(i);
                }
                self.figures.push(FigureSlot {
                    player: mover,
                    figure,
                    node,
                });
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
                    self.set_market_mover((mover + 1) % n);
                    if self.city.as_ref().is_some_and(|c| c.market_done) {
                        self.end_game(sink);
                    }
                } else {
                    let targets = self
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
            _ => {}
        }
    }

    /// The mover of the movement round passed or can move no more: the next seat decides, or
    /// the round ends and the turn part is scored.
    fn next_leaver<S: Sink>(&mut self, sink: &mut S) {
        let targets = self
            .city
            .as_ref()
            .map(|c| c.targets.clone())
            .unwrap_or_default();
        let mut round = self
            .city
            .as_ref()
            .map(|c| c.round.clone())
            .unwrap_or_default();
        if !round.is_empty() {
            round.remove(0);
        }
        round.retain(|&p| self.can_leave_to(p, &targets));
        let done = round.is_empty();
        if let Some(city) = self.city.as_mut() {
            city.round = round;
            city.round_done = done;
        }
        if done {
            self.finish_turn_part(sink);
        }
    }
}
