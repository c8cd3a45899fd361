//! Scoring: the point values of the base game's features (spec `base.md` §3.5, §3.8, §3.9),
//! majorities and ties (§3.6), returning figures (§3.7), and the final scoring (§3.8, §3.9;
//! `expansions.md` §5).
//!
//! The expansions join in at hook points (see `expansions`): a completed feature is reported
//! to them whether or not it was occupied (`feature_completed`: trade goods, the King and the
//! Robber Baron), its value may be changed (`feature_value`: inns and cathedrals), the
//! monasteries and shrines scored in a turn part are reported together (`buildings_scored`:
//! the Cult's challenge), the end of a turn part's scoring too (`turn_part_scored`: the
//! tokens), a field owner's points per city may grow (`field_bonus`: pigs, the pig herd), a
//! field may border a city outside the board (`city_beside`: the City of Carcassonne), and the
//! final scoring ends with the expansions' own awards (`final_scoring`: goods majorities, the
//! tokens).

use crate::config::{Rules, SmallCityScoring, MAX_PLAYERS};
use crate::events::{Event, FeatureScore, FieldScore, Reason, Score, Sink};
use crate::expansions::Hook;
use crate::features::NodeId;
use crate::game::{FigureSlot, Game, MonasticSlots};
use crate::geometry::{Location, Position};
use crate::tile::FeatureKind;

/// Points of a completed monastery or shrine: the building and its 8 neighbours (B-5.5,
/// CU.3).
pub const COMPLETED_MONASTERY: u32 = 9;
/// Points per completed city bordering a field, for each owner of the field (B-9.2).
pub const FIELD_POINTS_PER_CITY: u32 = 3;

/// Points of a completed road: 1 per tile (B-5.3). An inn changes it (IC-3, see
/// [`inns_and_cathedrals`](crate::expansions::inns_and_cathedrals)).
pub const fn completed_road(tiles: u16) -> u32 {
    tiles as u32
}

/// Points of a completed city: 2 per tile and 2 per pennant; with
/// [`SmallCityScoring::Legacy2`], a city of exactly 2 tiles scores 1 per tile and pennant
/// (B-5.4, OPT-1). A cathedral changes it (IC-4).
pub const fn completed_city(tiles: u16, pennants: u16, rules: &Rules) -> u32 {
    let base = tiles as u32 + pennants as u32;
    match rules.small_city {
        SmallCityScoring::Legacy2 if tiles == 2 => base,
        _ => 2 * base,
    }
}

/// Points of an unfinished road at the end: 1 per tile (B-8.2).
pub const fn unfinished_road(tiles: u16) -> u32 {
    tiles as u32
}

/// Points of an unfinished city at the end: 1 per tile and 1 per pennant (B-8.2).
pub const fn unfinished_city(tiles: u16, pennants: u16) -> u32 {
    tiles as u32 + pennants as u32
}

/// Points of an unfinished monastery or shrine at the end: 1 for itself and 1 per
/// neighbouring tile (B-8.2, CU.3); `tiles` counts the building's tile and its neighbours.
pub const fn unfinished_monastery(tiles: u16) -> u32 {
    tiles as u32
}

/// The owners of a feature: every player whose strength equals the largest, provided it is
/// positive (B-6.2). Returns a bit mask of seats.
pub(crate) fn owners(strength: &[u8; MAX_PLAYERS]) -> u8 {
    let max = strength.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return 0;
    }
    strength
        .iter()
        .enumerate()
        .filter(|(_, &s)| s == max)
        .fold(0, |m, (i, _)| m | (1 << i))
}

/// Size facts of a feature, gathered by walking its members.
#[derive(Default)]
pub(crate) struct FeatureFacts {
    pub(crate) tiles: u16,
    pub(crate) pennants: u16,
    /// An inn on one of its segments (whether or not inns are in play).
    pub(crate) inn: bool,
    /// A cathedral in one of its segments (whether or not cathedrals are in play).
    pub(crate) cathedral: bool,
    /// Goods symbols per good, `[wine, grain, cloth]`.
    pub(crate) goods: [u8; 3],
    pub(crate) positions: Vec<Position>,
}

/// Who has what in a feature: strength per seat and the first figure's node.
pub(crate) struct Occupancy {
    pub(crate) strength: [u8; MAX_PLAYERS],
    pub(crate) first: NodeId,
}

impl Game {
    /// Strength per player in the feature with root `root`, and its first figure (any kind).
    pub(crate) fn occupancy(&self, root: NodeId) -> Option<Occupancy> {
        let mut strength = [0u8; MAX_PLAYERS];
        let mut first = None;
        for f in &self.figures {
            if self.features.find(f.node) == root {
                strength[f.player as usize] += f.figure.strength();
                first.get_or_insert(f.node);
            }
        }
        first.map(|first| Occupancy { strength, first })
    }

    /// Distinct tiles, pennants, inn, cathedral and goods of the road or city with root `root`
    /// (a tile holding two segments of the feature counts once, spec §1.6).
    pub(crate) fn facts(&self, root: NodeId, want_positions: bool) -> FeatureFacts {
        let mut facts = FeatureFacts::default();
        for m in self.features.members(root) {
            let (placed, segment) = self.node_tile(m);
            let kind = placed.tile.kind();
            let seg = &kind.segments[segment];
            facts.pennants += seg.pennants as u16;
            facts.inn |= seg.inn;
            facts.cathedral |= seg.cathedral;
            if let Some(g) = seg.goods {
                facts.goods[g.index()] += 1;
            }
            let counted_before = (0..segment).any(|s| {
                kind.segments[s].kind == seg.kind
                    && self.features.find(placed.node_base + s as u16) == root
            });
            if !counted_before {
                facts.tiles += 1;
                if want_positions {
                    facts.positions.push(placed.pos);
                }
            }
        }
        facts.positions.sort();
        facts
    }

    /// The 3×3 area of the monastery of node `node`: tile count and positions.
    fn monastery_facts(&self, node: NodeId, want_positions: bool) -> FeatureFacts {
        let pos = self.node_tile(node).0.pos;
        let mut facts = FeatureFacts {
            tiles: 1 + self.board.count_surrounding(pos) as u16,
            ..FeatureFacts::default()
        };
        if want_positions {
            facts.positions.push(pos);
            facts.positions.extend(
                pos.surrounding()
                    .into_iter()
                    .filter(|p| self.board.tile_at(*p).is_some()),
            );
            facts.positions.sort();
        }
        facts
    }

    /// Scores every feature completed by the tile at index `tile` (B-5.1): its roads and
    /// cities with no open end, and every monastery of its 3×3 area now surrounded; each
    /// occupied one pays its owners and returns its figures. Every completed road and city,
    /// occupied or not, is reported to the expansions after its own scoring.
    pub(crate) fn score_completed<S: Sink>(&mut self, tile: usize, sink: &mut S) {
        let placed = self.board.tiles()[tile];
        let kind = placed.tile.kind();
        // A tile has at most 8 road and city segments, so `done` never overflows here.
        let mut done = [NodeId::MAX; 16];
        let mut n = 0;
        for i in kind.road_and_city_segments() {
            let root = self.features.find(placed.node_base + i as u16);
            if self.features.node(root).open() != 0 || done[..n].contains(&root) {
                continue;
            }
            if n < done.len() {
                done[n] = root;
                n += 1;
            }
            self.score_completed_feature(root, sink);
        }
        if self.has_hook(Hook::CompletedElsewhere) {
            self.score_completed_elsewhere(done[..n].to_vec(), sink);
        }
        let mut surrounded = [NodeId::MAX; 9];
        let n = self.surrounded_buildings_near(placed.pos, &mut surrounded);
        for &node in &surrounded[..n] {
            self.score_feature(node, true, sink);
        }
        if n > 0 && self.has_hook(Hook::BuildingsScored) {
            self.buildings_scored(&surrounded[..n], sink);
        }
        if self.has_hook(Hook::TurnPartScored) {
            self.turn_part_scored(sink);
        }
    }

    /// `CompletedElsewhere`: scores the complete roads and cities away from the tile just laid
    /// that an expansion changed (a ferry, FE.5), but for those in `done` (already scored).
    #[inline(never)]
    fn score_completed_elsewhere<S: Sink>(&mut self, mut done: Vec<NodeId>, sink: &mut S) {
        for node in self.completed_elsewhere() {
            let root = self.features.find(node);
            if self.features.open(root) != 0 || done.contains(&root) {
                continue;
            }
            done.push(root);
            self.score_completed_feature(root, sink);
        }
    }

    /// Scores the completed road or city `root` (an unoccupied one is only noted as
    /// completed).
    #[inline(always)]
    fn score_completed_feature<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        if self.features.figures(root) > 0 {
            self.score_feature(root, true, sink);
        } else if self.has_hook(Hook::CompletedElsewhere) {
            // A road a ferry split may hold a builder without the follower it came with
            // (FE.4); it goes home with the completed road.
            self.return_figures(root, sink);
        }
        if self.has_hook(Hook::FeatureCompleted) {
            let kind = self.features.node(root).kind;
            self.feature_completed(kind, root, sink);
        }
    }

    /// The occupied monasteries and shrines of the 3×3 area around `pos` that are now
    /// surrounded (B-5.5, CU.3), each once, into `out`; returns how many. Only occupied ones
    /// score, so it looks at the figures on monasteries and shrines (`monastic_slots`) rather
    /// than at the 9 tiles.
    #[inline(always)]
    pub(crate) fn surrounded_buildings_near(&self, pos: Position, out: &mut [NodeId; 9]) -> usize {
        // Checked in every test game (debug builds): the slots and each figure's kind agree
        // with the figures and their nodes.
        debug_assert!(self
            .figures
            .iter()
            .enumerate()
            .all(|(i, f)| i >= MonasticSlots::TRACKED
                || f.feature.is_monastic() == self.monastic_slots.contains(i)));
        debug_assert!(self
            .monastic_slots
            .indices()
            .all(|i| i < self.figures.len()));
        debug_assert!(self
            .figures
            .iter()
            .all(|f| f.feature == self.features.node(f.node).kind));
        let mut n = 0;
        for i in self.monastic_slots.indices() {
            self.note_if_surrounded(&self.figures[i], pos, out, &mut n);
        }
        for f in self.figures.iter().skip(MonasticSlots::TRACKED) {
            if f.feature.is_monastic() {
                self.note_if_surrounded(f, pos, out, &mut n);
            }
        }
        n
    }

    /// [`Game::surrounded_buildings_near`] for one figure on a monastery or shrine: its
    /// building into `out[*n]` if it is in the 3×3 area around `pos`, surrounded, and not
    /// there yet.
    #[inline(always)]
    fn note_if_surrounded(
        &self,
        f: &FigureSlot,
        pos: Position,
        out: &mut [NodeId; 9],
        n: &mut usize,
    ) {
        let p = self.node_tile(f.node).0.pos;
        if pos.is_around(p)
            && *n < out.len()
            && self.board.count_surrounding(p) == 8
            && !out[..*n].contains(&f.node)
        {
            out[*n] = f.node;
            *n += 1;
        }
    }

    /// Scores one occupied road, city, monastery or shrine: completed during play
    /// (`complete`, then its figures return) or unfinished at the end.
    pub(crate) fn score_feature<S: Sink>(&mut self, root: NodeId, complete: bool, sink: &mut S) {
        let Some(occupancy) = self.occupancy(root) else {
            return;
        };
        // Awards on the score track may be paid later, into another sink: they keep their
        // facts.
        let want = S::WANTED || self.has_hook(Hook::ScoreTrack);
        let (points, score) = self.feature_worth(root, complete, occupancy.first, want);
        let owners = owners(&occupancy.strength);
        // The owners' awards are given together (one round on the score track, RO.5).
        self.begin_round();
        for player in 0..self.players() {
            if owners & (1 << player) != 0 {
                let strength = occupancy.strength[player];
                self.pay(player, points, sink, || {
                    Reason::Feature(FeatureScore {
                        strength,
                        ..score.clone()
                    })
                });
            }
        }
        self.end_round(sink);
        if self.has_hook(Hook::FeatureScored) {
            self.feature_scored(root, sink);
        }
        if complete {
            self.return_figures(root, sink);
        }
    }

    /// What the road, city, monastery or shrine `root` is worth to each owner, completed
    /// (`complete`, during play) or unfinished (at the end, or to a message, D-MS-2, D-MS-11):
    /// the base game's value changed by the expansions' (`FeatureValue`: inns and cathedrals,
    /// the mage or the witch), and the facts of its score, named by the figure on node `named`
    /// (its tile and location and the feature's positions only when `want`).
    #[inline(always)]
    pub(crate) fn feature_worth(
        &self,
        root: NodeId,
        complete: bool,
        named: NodeId,
        want: bool,
    ) -> (u32, FeatureScore) {
        let kind = self.features.node(root).kind;
        let facts = match kind {
            FeatureKind::Monastery | FeatureKind::Shrine => self.monastery_facts(root, want),
            _ => self.facts(root, want),
        };
        let rules = &self.config.rules;
        let mut points = match (kind, complete) {
            (FeatureKind::Road, true) => completed_road(facts.tiles),
            (FeatureKind::Road, false) => unfinished_road(facts.tiles),
            (FeatureKind::City, true) => completed_city(facts.tiles, facts.pennants, rules),
            (FeatureKind::City, false) => unfinished_city(facts.tiles, facts.pennants),
            (FeatureKind::Monastery | FeatureKind::Shrine, true) => COMPLETED_MONASTERY,
            (FeatureKind::Monastery | FeatureKind::Shrine, false) => {
                unfinished_monastery(facts.tiles)
            }
            (FeatureKind::Field | FeatureKind::River, _) => 0,
        };
        let (pos, location) = if want {
            self.node_place(named)
        } else {
            (Position::new(0, 0), Location::CENTRE)
        };
        let mut score = FeatureScore {
            kind,
            complete,
            tiles: facts.tiles,
            pennants: facts.pennants,
            inn: false,
            cathedral: false,
            strength: 0,
            magic: None,
            pos,
            location,
            positions: facts.positions,
        };
        if self.has_hook(Hook::FeatureValue) {
            self.feature_value(
                root,
                facts.tiles,
                &mut points,
                &mut score,
                (facts.inn, facts.cathedral),
            );
        }
        (points, score)
    }

    /// Whether the road, city, monastery or shrine `root` is complete (a monastery or shrine
    /// when its 8 neighbours are on the board).
    pub(crate) fn is_complete(&self, root: NodeId) -> bool {
        match self.features.node(root).kind {
            FeatureKind::Monastery | FeatureKind::Shrine => {
                self.board.count_surrounding(self.node_tile(root).0.pos) == 8
            }
            _ => self.features.open(root) == 0,
        }
    }

    /// The position and location of the segment of node `node`.
    pub(crate) fn node_place(&self, node: NodeId) -> (Position, Location) {
        let (placed, segment) = self.node_tile(node);
        let seg = &placed.tile.kind().segments[segment];
        (placed.pos, seg.location(placed.rotation))
    }

    /// [`Game::node_place`] when events are wanted (the quiet path skips the lookup).
    #[inline(always)]
    fn event_place<S: Sink>(&self, node: NodeId) -> (Position, Location) {
        if S::WANTED || self.has_hook(Hook::ScoreTrack) {
            self.node_place(node)
        } else {
            (Position::new(0, 0), Location::CENTRE)
        }
    }

    /// Pays `points` to `player`, with one [`Event::Scored`] whose reason `reason` builds (only
    /// when events are wanted). With the score track the award moves a figure instead, in its
    /// round (see [`crate::track`]).
    pub(crate) fn pay<S: Sink>(
        &mut self,
        player: usize,
        points: u32,
        sink: &mut S,
        reason: impl FnOnce() -> Reason,
    ) {
        if self.has_hook(Hook::ScoreTrack) {
            return self.award(player, points, reason(), sink);
        }
        self.players[player].score += points;
        if S::WANTED {
            sink.push(Event::Scored(Score {
                player,
                points,
                final_scoring: self.is_over(),
                reason: reason(),
                track_figure: None,
            }));
        }
    }

    /// Returns every figure of the feature with root `root` to its owner (B-7.1): followers and
    /// builders.
    pub(crate) fn return_figures<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        let mut i = 0;
        while i < self.figures.len() {
            let f = self.figures[i];
            if self.features.find(f.node) != root {
                i += 1;
                continue;
            }
            if S::WANTED {
                let placed = self.describe_figure(&f);
                sink.push(Event::FigureReturned {
                    player: placed.player,
                    figure: placed.figure,
                    pos: placed.pos,
                    feature: placed.feature,
                    location: placed.location,
                });
            }
            self.remove_figure_slot(i);
            self.players[f.player as usize].supply[f.figure.index()] += 1;
            if self.has_hook(Hook::FigureReturned) {
                self.figure_returned(f.player, f.figure);
            }
        }
        self.features.clear_figures(root);
    }

    /// Final scoring (B-8.2, `expansions.md` §5): unfinished roads, cities, monasteries and
    /// shrines, then fields (B-9), each feature once, in the order its first figure was
    /// deployed; then the expansions' awards (trade goods TB-1.3, then the King and the Robber
    /// Baron, F6). Figures stay on the board.
    pub(crate) fn final_scoring<S: Sink>(&mut self, sink: &mut S) {
        let mut scored: Vec<NodeId> = Vec::new();
        for kind in [
            FeatureKind::Road,
            FeatureKind::City,
            FeatureKind::Monastery,
            FeatureKind::Shrine,
        ] {
            for i in 0..self.figures.len() {
                let root = self.features.find(self.figures[i].node);
                if self.features.node(root).kind != kind || scored.contains(&root) {
                    continue;
                }
                scored.push(root);
                let complete = self.is_complete(root);
                self.score_feature(root, complete, sink);
            }
        }
        if self.config.rules.farmers {
            self.score_fields(sink);
        }
        if self.has_hook(Hook::FinalScoring) {
            self.expansions_final_scoring(sink);
        }
    }

    /// Farmer scoring (B-9): each owner of a field scores 3 per completed city it borders, plus
    /// the expansions' bonus per city (a pig, TB-6; a pig herd, R2.10); with
    /// [`FarmCityScoring::OncePerPlayer`](crate::FarmCityScoring::OncePerPlayer) a player is
    /// paid for a city only once.
    fn score_fields<S: Sink>(&mut self, sink: &mut S) {
        let mut scored: Vec<NodeId> = Vec::new();
        let mut paid: Vec<(u8, NodeId)> = Vec::new();
        for i in 0..self.figures.len() {
            let root = self.features.find(self.figures[i].node);
            if self.features.node(root).kind != FeatureKind::Field || scored.contains(&root) {
                continue;
            }
            scored.push(root);
            let Some(occupancy) = self.occupancy(root) else {
                continue;
            };
            let cities = self.completed_cities_bordering(root);
            let (pos, location) = self.event_place::<S>(occupancy.first);
            let owners = owners(&occupancy.strength);
            self.begin_round();
            for player in 0..self.players() {
                if owners & (1 << player) == 0 {
                    continue;
                }
                let counted = match self.config.rules.farm_city_scoring {
                    crate::FarmCityScoring::PerField => cities.len(),
                    crate::FarmCityScoring::OncePerPlayer => {
                        let fresh: Vec<NodeId> = cities
                            .iter()
                            .copied()
                            .filter(|c| !paid.contains(&(player as u8, *c)))
                            .collect();
                        paid.extend(fresh.iter().map(|c| (player as u8, *c)));
                        fresh.len()
                    }
                } as u16;
                let (per_city, pig, pig_herd) = self.field_points_per_city(root, player);
                let strength = occupancy.strength[player];
                self.pay(player, per_city * counted as u32, sink, || {
                    Reason::Field(FieldScore {
                        cities: counted,
                        points_per_city: per_city as u16,
                        pig,
                        pig_herd,
                        strength,
                        pos,
                        location,
                    })
                });
            }
            self.end_round(sink);
            if self.has_hook(Hook::FeatureScored) {
                self.feature_scored(root, sink);
            }
        }
    }

    /// What `player`, an owner of the field `root`, gets per completed city it borders (B-9.2):
    /// 3, and 1 more each for his pig in it (TB-6) and for a pig herd in it (R2.10); with
    /// whether each bonus applies.
    #[inline(always)]
    pub(crate) fn field_points_per_city(&self, root: NodeId, player: usize) -> (u32, bool, bool) {
        let (pig, pig_herd) = if self.has_hook(Hook::FieldBonus) {
            self.field_bonus(root, player)
        } else {
            (false, false)
        };
        (
            FIELD_POINTS_PER_CITY + pig as u32 + pig_herd as u32,
            pig,
            pig_herd,
        )
    }

    /// The completed cities bordering the field with root `root` (each once, spec §1.6),
    /// including a city outside the board that an expansion puts beside the field (the City of
    /// Carcassonne, C.5), as [`CITY_OFF_BOARD`].
    pub(crate) fn completed_cities_bordering(&self, root: NodeId) -> Vec<NodeId> {
        let mut cities = Vec::new();
        let off_board = self.has_hook(Hook::CityBeside);
        for m in self.features.members(root) {
            let (placed, segment) = self.node_tile(m);
            if off_board && !cities.contains(&CITY_OFF_BOARD) && self.city_beside(placed) {
                cities.push(CITY_OFF_BOARD);
            }
            let mut bits = placed.tile.kind().segments[segment].adjacent_cities;
            while bits != 0 {
                let j = bits.trailing_zeros() as u16;
                bits &= bits - 1;
                let city = self.features.find(placed.node_base + j);
                if self.features.open(city) == 0 && !cities.contains(&city) {
                    cities.push(city);
                }
            }
        }
        cities
    }
}

/// A completed city outside the board among the cities a field borders (the City of
/// Carcassonne, `expansions.md` C.5): not a feature node.
pub(crate) const CITY_OFF_BOARD: NodeId = NodeId::MAX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_and_ties() {
        assert_eq!(owners(&[0; MAX_PLAYERS]), 0);
        assert_eq!(owners(&[1, 2, 0, 0, 0, 0]), 0b10);
        assert_eq!(owners(&[2, 2, 1, 0, 0, 0]), 0b11);
    }

    #[test]
    fn city_and_road_values() {
        let mut rules = Rules::default();
        assert_eq!(completed_city(2, 0, &rules), 4);
        assert_eq!(completed_city(3, 1, &rules), 8);
        assert_eq!(completed_road(3), 3);
        assert_eq!(unfinished_road(3), 3);
        assert_eq!(unfinished_city(4, 1), 5);
        rules.small_city = SmallCityScoring::Legacy2;
        assert_eq!(completed_city(2, 0, &rules), 2);
        assert_eq!(completed_city(2, 1, &rules), 3);
        assert_eq!(completed_city(3, 0, &rules), 6);
        assert_eq!(unfinished_city(2, 1), 3);
    }
}
