//! Scoring: the point values of features (spec `base.md` §3.5, §3.8, §3.9, §3.11, §3.12,
//! §3.14), majorities and ties (§3.6), returning figures (§3.7), trade goods (TB-1) and the
//! final scoring.

use crate::config::{
    FarmCityScoring, Rules, SmallCityScoring, UnfinishedInnsCathedrals, MAX_PLAYERS,
};
use crate::events::{Event, Score, Sink};
use crate::features::NodeId;
use crate::game::{figure_index, Game};
use crate::geometry::Position;
use crate::tile::{FeatureKind, Goods};

/// Points of a completed monastery or shrine: the building and its 8 neighbours (B-5.5,
/// CU.3).
pub const COMPLETED_MONASTERY: u32 = 9;
/// Points per completed city bordering a field, for each owner of the field (B-9.2).
pub const FIELD_POINTS_PER_CITY: u32 = 3;
/// Extra points per city for a field owner whose pig is in the field (TB-6).
pub const PIG_BONUS_PER_CITY: u32 = 1;
/// Extra points per city for every owner of a field holding a River II pig herd (R2.10).
pub const PIG_HERD_BONUS_PER_CITY: u32 = 1;
/// The City of Carcassonne among the cities a field borders: not a feature of the board, but
/// a completed city for farmers and the King (`expansions.md` C.5, K.5).
pub(crate) const CITY_OF_CARCASSONNE: NodeId = NodeId::MAX;

/// Points for each majority of a trade good at the end (TB-1.3).
pub const GOODS_MAJORITY: u32 = 10;

/// Points of a completed road: 1 per tile, 2 with an inn (B-5.3, IC-3).
pub const fn completed_road(tiles: u16, inn: bool) -> u32 {
    tiles as u32 * if inn { 2 } else { 1 }
}

/// Points of a completed city: 2 per tile and 2 per pennant; 3 each with a cathedral (IC-4);
/// with [`SmallCityScoring::Legacy2`], a city of exactly 2 tiles scores 1 per tile and pennant
/// (B-5.4, OPT-1).
pub const fn completed_city(tiles: u16, pennants: u16, cathedral: bool, rules: &Rules) -> u32 {
    let base = tiles as u32 + pennants as u32;
    if cathedral {
        return 3 * base;
    }
    match rules.small_city {
        SmallCityScoring::Legacy2 if tiles == 2 => base,
        _ => 2 * base,
    }
}

/// Points of an unfinished road at the end: 1 per tile; with an inn 0, or 1 per tile under
/// [`UnfinishedInnsCathedrals::Ignore`] (B-8.2, IC-3).
pub const fn unfinished_road(tiles: u16, inn: bool, rules: &Rules) -> u32 {
    match (inn, rules.unfinished_inns_cathedrals) {
        (true, UnfinishedInnsCathedrals::Zero) => 0,
        _ => tiles as u32,
    }
}

/// Points of an unfinished city at the end: 1 per tile and 1 per pennant; with a cathedral 0,
/// or as without it under [`UnfinishedInnsCathedrals::Ignore`] (B-8.2, IC-4).
pub const fn unfinished_city(tiles: u16, pennants: u16, cathedral: bool, rules: &Rules) -> u32 {
    match (cathedral, rules.unfinished_inns_cathedrals) {
        (true, UnfinishedInnsCathedrals::Zero) => 0,
        _ => tiles as u32 + pennants as u32,
    }
}

/// Points of an unfinished monastery at the end: 1 for itself and 1 per neighbouring tile
/// (B-8.2); `tiles` counts the monastery's tile and its neighbours.
pub const fn unfinished_monastery(tiles: u16) -> u32 {
    tiles as u32
}

/// The owners of a feature: every player whose strength equals the largest, provided it is
/// positive (B-6.2). Returns a bit mask of seats.
pub fn owners(strength: &[u8; MAX_PLAYERS]) -> u8 {
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

/// The trade goods in index order (tokens are stored `[wine, grain, cloth]`).
pub const GOODS: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

/// Who wins each trade good at the end (TB-1.3, D9): for tokens `[wine, grain, cloth]` per
/// seat, `true` where the seat holds the most of that good and at least one; ties all win.
pub fn goods_majorities(tokens: &[[u8; 3]]) -> Vec<[bool; 3]> {
    let mut most = [0u8; 3];
    for t in tokens {
        for i in 0..3 {
            most[i] = most[i].max(t[i]);
        }
    }
    tokens
        .iter()
        .map(|t| [0, 1, 2].map(|i| most[i] > 0 && t[i] == most[i]))
        .collect()
}

/// Size facts of a feature, gathered by walking its members.
#[derive(Default)]
pub(crate) struct FeatureFacts {
    pub(crate) tiles: u16,
    pub(crate) pennants: u16,
    pub(crate) inn: bool,
    pub(crate) cathedral: bool,
    pub(crate) goods: [u8; 3],
    pub(crate) positions: Vec<Position>,
}

/// Who has what in a feature: strength per seat and the first figure's node.
struct Occupancy {
    strength: [u8; MAX_PLAYERS],
    first: NodeId,
}

/// What a score event says besides who and how much.
pub(crate) struct Award<'a> {
    pub(crate) feature: FeatureKind,
    pub(crate) complete: bool,
    pub(crate) facts: &'a FeatureFacts,
    pub(crate) cities: u16,
    pub(crate) points_per_city: u16,
    pub(crate) goods: Option<Goods>,
    pub(crate) token: Option<crate::events::Token>,
}

impl Game {
    /// Strength per player in the feature with root `root`, and its first figure (any kind).
    fn occupancy(&self, root: NodeId) -> Option<Occupancy> {
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
                facts.goods[g as usize] += 1;
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
        facts.inn &= self.elements.inns;
        facts.cathedral &= self.elements.cathedrals;
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
    /// occupied one pays its owners and returns its figures; a completed city's trade goods go
    /// to the active player (TB-1.2).
    pub(crate) fn score_completed<S: Sink>(&mut self, tile: usize, sink: &mut S) {
        let placed = self.board.tiles()[tile];
        let kind = placed.tile.kind();
        let mut done = [NodeId::MAX; 16];
        let mut n = 0;
        let titles = self.elements.king || self.elements.robber_baron;
        let mut completions = crate::expansions::king_and_robber::Completions::default();
        for (i, seg) in kind.segments.iter().enumerate() {
            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let root = self.features.find(placed.node_base + i as u16);
            if self.features.open(root) != 0 || done[..n].contains(&root) {
                continue;
            }
            if n < done.len() {
                done[n] = root;
                n += 1;
            }
            if titles {
                completions.add(seg.kind, self.facts(root, false).tiles);
            }
            if self.features.figures(root) > 0 {
                self.score_feature(root, true, sink);
            }
            if seg.kind == FeatureKind::City && self.elements.goods {
                self.take_goods(root, sink);
            }
        }
        let mut surrounded = [NodeId::MAX; 9];
        let n = self.surrounded_buildings_near(placed.pos, &mut surrounded);
        for &node in &surrounded[..n] {
            self.score_feature(node, true, sink);
        }
        if self.shrines && n > 0 {
            self.settle_challenges(&surrounded[..n], sink);
        }
        if titles {
            self.award_titles(&completions, sink);
        }
    }

    /// The occupied monasteries and shrines of the 3×3 area around `pos` that are now
    /// surrounded (B-5.5, CU.3), each once, into `out`; returns how many. Only occupied ones
    /// score, so it looks at the figures rather than at the 9 tiles.
    #[inline(always)]
    pub(crate) fn surrounded_buildings_near(&self, pos: Position, out: &mut [NodeId; 9]) -> usize {
        let mut n = 0;
        for f in &self.figures {
            if !self.features.node(f.node).kind.is_monastic() {
                continue;
            }
            let p = self.node_tile(f.node).0.pos;
            let near = (p.x - pos.x).abs() <= 1 && (p.y - pos.y).abs() <= 1;
            if near
                && n < out.len()
                && self.board.count_surrounding(p) == 8
                && !out[..n].contains(&f.node)
            {
                out[n] = f.node;
                n += 1;
            }
        }
        n
    }

    /// The active player takes one token per goods symbol of the completed city `root`
    /// (TB-1.2), whoever owns the city.
    fn take_goods<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        let goods = self.facts(root, false).goods;
        let player = self.current as usize;
        for (i, &count) in goods.iter().enumerate() {
            if count > 0 {
                self.players[player].goods[i] += count;
                if S::WANTED {
                    sink.push(Event::GoodsTaken {
                        player,
                        goods: GOODS[i],
                        count,
                    });
                }
            }
        }
    }

    /// Scores one occupied road, city or monastery: completed during play (`complete`, then
    /// its figures return) or unfinished at the end.
    fn score_feature<S: Sink>(&mut self, root: NodeId, complete: bool, sink: &mut S) {
        let Some(occupancy) = self.occupancy(root) else {
            return;
        };
        let feature = self.features.node(root).kind;
        let facts = match feature {
            FeatureKind::Monastery | FeatureKind::Shrine => self.monastery_facts(root, S::WANTED),
            _ => self.facts(root, S::WANTED),
        };
        let rules = &self.config.rules;
        let points = match (feature, complete) {
            (FeatureKind::Road, true) => completed_road(facts.tiles, facts.inn),
            (FeatureKind::Road, false) => unfinished_road(facts.tiles, facts.inn, rules),
            (FeatureKind::City, true) => {
                completed_city(facts.tiles, facts.pennants, facts.cathedral, rules)
            }
            (FeatureKind::City, false) => {
                unfinished_city(facts.tiles, facts.pennants, facts.cathedral, rules)
            }
            (FeatureKind::Monastery | FeatureKind::Shrine, true) => COMPLETED_MONASTERY,
            (FeatureKind::Monastery | FeatureKind::Shrine, false) => {
                unfinished_monastery(facts.tiles)
            }
            _ => 0,
        };
        let award = Award {
            feature,
            complete,
            facts: &facts,
            cities: 0,
            points_per_city: 0,
            goods: None,
            token: None,
        };
        self.award(&occupancy, points, &award, sink);
        if complete {
            self.return_figures(root, sink);
        }
    }

    /// Pays `points` to every owner of a feature, in seat order, with one event each.
    fn award<S: Sink>(&mut self, occupancy: &Occupancy, points: u32, award: &Award, sink: &mut S) {
        let owners = owners(&occupancy.strength);
        for player in 0..self.players() {
            if owners & (1 << player) != 0 {
                self.pay(
                    player,
                    points,
                    occupancy.strength[player],
                    Some(occupancy.first),
                    award,
                    sink,
                );
            }
        }
    }

    /// Pays `points` to `player` with one event.
    pub(crate) fn pay<S: Sink>(
        &mut self,
        player: usize,
        points: u32,
        strength: u8,
        at: Option<NodeId>,
        award: &Award,
        sink: &mut S,
    ) {
        self.players[player].score += points;
        if S::WANTED {
            let (pos, location) = match at {
                Some(node) => {
                    let (placed, segment) = self.node_tile(node);
                    let seg = &placed.tile.kind().segments[segment];
                    (placed.pos, seg.location(placed.rotation))
                }
                None => (Position::new(0, 0), crate::geometry::Location::CENTRE),
            };
            sink.push(Event::Scored(Score {
                player,
                points,
                feature: award.feature,
                complete: award.complete,
                final_scoring: self.is_over(),
                tiles: award.facts.tiles,
                pennants: award.facts.pennants,
                cities: award.cities,
                points_per_city: award.points_per_city,
                strength,
                goods: award.goods,
                token: award.token,
                pos,
                location,
                positions: award.facts.positions.clone(),
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
            self.figures.remove(i);
            self.players[f.player as usize].supply[figure_index(f.figure)] += 1;
            self.note_returned(f.player, f.figure);
        }
        self.features.clear_figures(root);
    }

    /// Final scoring (B-8.2): unfinished roads, cities, monasteries and shrines, then fields
    /// (B-9), each feature once, in the order its first figure was deployed; then trade goods
    /// (TB-1.3), then the King and the Robber Baron (`expansions.md` §5 F6).
    /// Figures stay on the board.
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
                let complete = match kind {
                    FeatureKind::Monastery | FeatureKind::Shrine => {
                        self.board.count_surrounding(self.node_tile(root).0.pos) == 8
                    }
                    _ => self.features.open(root) == 0,
                };
                self.score_feature(root, complete, sink);
            }
        }
        if self.config.rules.farmers {
            self.score_fields(sink);
        }
        if self.elements.goods {
            self.score_goods(sink);
        }
        if self.elements.king || self.elements.robber_baron {
            self.score_titles(sink);
        }
    }

    /// Farmer scoring (B-9): each owner of a field scores 3 per completed city it borders, +1
    /// with its own pig in the field (TB-6), +1 when the field holds a pig herd (R2.10); with
    /// [`FarmCityScoring::OncePerPlayer`] a player is paid for a city only once.
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
            let herd = self.elements.pig_herd
                && self.features.members(root).any(|m| {
                    let (placed, segment) = self.node_tile(m);
                    placed.tile.kind().segments[segment].pig_herd
                });
            let facts = FeatureFacts::default();
            let owners = owners(&occupancy.strength);
            for player in 0..self.players() {
                if owners & (1 << player) == 0 {
                    continue;
                }
                let counted: Vec<NodeId> = match self.config.rules.farm_city_scoring {
                    FarmCityScoring::PerField => cities.clone(),
                    FarmCityScoring::OncePerPlayer => {
                        let fresh: Vec<NodeId> = cities
                            .iter()
                            .copied()
                            .filter(|c| !paid.contains(&(player as u8, *c)))
                            .collect();
                        paid.extend(fresh.iter().map(|c| (player as u8, *c)));
                        fresh
                    }
                };
                let pig = self.figures.iter().any(|f| {
                    f.player as usize == player
                        && f.figure == crate::Figure::Pig
                        && self.features.find(f.node) == root
                });
                let per_city = FIELD_POINTS_PER_CITY
                    + if pig { PIG_BONUS_PER_CITY } else { 0 }
                    + if herd { PIG_HERD_BONUS_PER_CITY } else { 0 };
                let n = counted.len() as u16;
                let award = Award {
                    feature: FeatureKind::Field,
                    complete: false,
                    facts: &facts,
                    cities: n,
                    points_per_city: per_city as u16,
                    goods: None,
                    token: None,
                };
                let strength = occupancy.strength[player];
                self.pay(
                    player,
                    per_city * n as u32,
                    strength,
                    Some(occupancy.first),
                    &award,
                    sink,
                );
            }
        }
    }

    /// Trade goods majorities (TB-1.3): for each good, every player holding the most tokens
    /// (at least one) scores 10.
    fn score_goods<S: Sink>(&mut self, sink: &mut S) {
        for (i, good) in GOODS.iter().enumerate() {
            let most = (0..self.players())
                .map(|p| self.players[p].goods[i])
                .max()
                .unwrap_or(0);
            if most == 0 {
                continue;
            }
            for player in 0..self.players() {
                if self.players[player].goods[i] != most {
                    continue;
                }
                let facts = FeatureFacts {
                    tiles: most as u16,
                    ..FeatureFacts::default()
                };
                let award = Award {
                    feature: FeatureKind::City,
                    complete: false,
                    facts: &facts,
                    cities: 0,
                    points_per_city: 0,
                    goods: Some(*good),
                    token: None,
                };
                self.pay(player, GOODS_MAJORITY, 0, None, &award, sink);
            }
        }
    }

    /// The completed cities bordering the field with root `root` (each once, spec §1.6); the
    /// City of Carcassonne, a completed city beside every field on its pieces (C.5), appears
    /// as [`CITY_OF_CARCASSONNE`].
    pub(crate) fn completed_cities_bordering(&self, root: NodeId) -> Vec<NodeId> {
        let mut cities = Vec::new();
        for m in self.features.members(root) {
            let (placed, segment) = self.node_tile(m);
            if placed.tile.kind().is_city_of_carcassonne() && !cities.contains(&CITY_OF_CARCASSONNE)
            {
                cities.push(CITY_OF_CARCASSONNE);
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
        assert_eq!(completed_city(2, 0, false, &rules), 4);
        assert_eq!(completed_city(3, 1, false, &rules), 8);
        assert_eq!(completed_city(7, 1, true, &rules), 24, "IC04");
        assert_eq!(completed_road(3, true), 6, "IC02");
        assert_eq!(unfinished_road(3, true, &rules), 0);
        assert_eq!(unfinished_city(4, 1, true, &rules), 0);
        rules.unfinished_inns_cathedrals = UnfinishedInnsCathedrals::Ignore;
        assert_eq!(unfinished_road(3, true, &rules), 3);
        assert_eq!(unfinished_city(4, 1, true, &rules), 5);
        rules.small_city = SmallCityScoring::Legacy2;
        assert_eq!(completed_city(2, 0, false, &rules), 2);
        assert_eq!(completed_city(2, 1, false, &rules), 3);
        assert_eq!(completed_city(3, 0, false, &rules), 6);
        assert_eq!(unfinished_city(2, 1, false, &rules), 3);
    }
}
