//! Scoring: the point values of features (spec `base.md` §3.5, §3.8, §3.9, §3.14), majorities
//! and ties (§3.6), returning followers (§3.7), and the final scoring.

use crate::config::{FarmCityScoring, Rules, SmallCityScoring, MAX_PLAYERS};
use crate::events::{Event, Score, Sink};
use crate::features::NodeId;
use crate::game::Game;
use crate::geometry::Position;
use crate::tile::FeatureKind;

/// Points of a completed monastery: the monastery and its 8 neighbours (B-5.5).
pub const COMPLETED_MONASTERY: u32 = 9;
/// Points per completed city bordering a field, for each owner of the field (B-9.2).
pub const FIELD_POINTS_PER_CITY: u32 = 3;

/// Points of a completed road: 1 per tile (B-5.3).
pub const fn completed_road(tiles: u16) -> u32 {
    tiles as u32
}

/// Points of a completed city: 2 per tile and 2 per pennant; with
/// [`SmallCityScoring::Legacy2`], a city of exactly 2 tiles scores 1 per tile and pennant
/// (B-5.4, OPT-1).
pub const fn completed_city(tiles: u16, pennants: u16, rules: &Rules) -> u32 {
    match rules.small_city {
        SmallCityScoring::Legacy2 if tiles == 2 => (tiles + pennants) as u32,
        _ => 2 * (tiles as u32 + pennants as u32),
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

/// Size facts of a feature, gathered by walking its members.
struct FeatureFacts {
    tiles: u16,
    pennants: u16,
    positions: Vec<Position>,
}

/// Who has what in a feature: strength per seat and the first figure's node.
struct Occupancy {
    strength: [u8; MAX_PLAYERS],
    first: NodeId,
}

impl Game {
    /// Strength per player in the feature with root `root`, and its first figure.
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

    /// Distinct tiles and pennants of the road or city with root `root` (a tile holding two
    /// segments of the feature counts once, spec §1.6).
    fn facts(&self, root: NodeId, want_positions: bool) -> FeatureFacts {
        let mut facts = FeatureFacts {
            tiles: 0,
            pennants: 0,
            positions: Vec::new(),
        };
        for m in self.features.members(root) {
            let (placed, segment) = self.node_tile(m);
            let kind = placed.tile.kind();
            facts.pennants += kind.segments[segment].pennants as u16;
            let counted_before = (0..segment).any(|s| {
                kind.segments[s].kind == kind.segments[segment].kind
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
        let tiles = 1 + self.board.count_surrounding(pos) as u16;
        let mut positions = Vec::new();
        if want_positions {
            positions.push(pos);
            positions.extend(
                pos.surrounding()
                    .into_iter()
                    .filter(|p| self.board.tile_at(*p).is_some()),
            );
            positions.sort();
        }
        FeatureFacts {
            tiles,
            pennants: 0,
            positions,
        }
    }

    /// Scores every feature completed by the tile at index `tile` (B-5.1): its roads and
    /// cities with no open end, and every monastery of its 3×3 area now surrounded; each
    /// occupied one pays its owners and returns its figures.
    pub(crate) fn score_completed<S: Sink>(&mut self, tile: usize, sink: &mut S) {
        let placed = self.board.tiles()[tile];
        let kind = placed.tile.kind();
        for (i, seg) in kind.segments.iter().enumerate() {
            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            // A feature holding no figure scores nothing; once scored it holds none, so a
            // second segment of the same feature on this tile finds nothing to do.
            let root = self.features.find(placed.node_base + i as u16);
            if self.features.open(root) != 0 || self.features.figures(root) == 0 {
                continue;
            }
            self.score_feature(root, true, sink);
        }
        // Monasteries of the 3x3 area now surrounded: only occupied ones score, so look at
        // the monks near the new tile.
        let mut surrounded = [NodeId::MAX; 9];
        let mut n = 0;
        for f in &self.figures {
            if self.features.node(f.node).kind != FeatureKind::Monastery {
                continue;
            }
            let p = self.node_tile(f.node).0.pos;
            let near = (p.x - placed.pos.x).abs() <= 1 && (p.y - placed.pos.y).abs() <= 1;
            if near && n < surrounded.len() && self.board.count_surrounding(p) == 8 {
                surrounded[n] = f.node;
                n += 1;
            }
        }
        for &node in &surrounded[..n] {
            self.score_feature(node, true, sink);
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
            FeatureKind::Monastery => self.monastery_facts(root, S::WANTED),
            _ => self.facts(root, S::WANTED),
        };
        let rules = &self.config.rules;
        let points = match (feature, complete) {
            (FeatureKind::Road, true) => completed_road(facts.tiles),
            (FeatureKind::Road, false) => unfinished_road(facts.tiles),
            (FeatureKind::City, true) => completed_city(facts.tiles, facts.pennants, rules),
            (FeatureKind::City, false) => unfinished_city(facts.tiles, facts.pennants),
            (FeatureKind::Monastery, true) => COMPLETED_MONASTERY,
            (FeatureKind::Monastery, false) => unfinished_monastery(facts.tiles),
            _ => 0,
        };
        self.award(&occupancy, feature, complete, points, &facts, 0, sink);
        if complete {
            self.return_figures(root, sink);
        }
    }

    /// Pays `points` to every owner of a feature, in seat order, with one event each.
    #[allow(clippy::too_many_arguments)]
    fn award<S: Sink>(
        &mut self,
        occupancy: &Occupancy,
        feature: FeatureKind,
        complete: bool,
        points: u32,
        facts: &FeatureFacts,
        cities: u16,
        sink: &mut S,
    ) {
        let owners = owners(&occupancy.strength);
        let final_scoring = self.is_over();
        for player in 0..self.players() {
            if owners & (1 << player) == 0 {
                continue;
            }
            self.players[player].score += points;
            if S::WANTED {
                let (placed, segment) = self.node_tile(occupancy.first);
                let seg = &placed.tile.kind().segments[segment];
                sink.push(Event::Scored(Score {
                    player,
                    points,
                    feature,
                    complete,
                    final_scoring,
                    tiles: facts.tiles,
                    pennants: facts.pennants,
                    cities,
                    points_per_city: if feature == FeatureKind::Field {
                        FIELD_POINTS_PER_CITY as u16
                    } else {
                        0
                    },
                    strength: occupancy.strength[player],
                    pos: placed.pos,
                    location: seg.location(placed.rotation),
                    positions: facts.positions.clone(),
                }));
            }
        }
    }

    /// Returns every figure of the feature with root `root` to its owner (B-7.1).
    fn return_figures<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
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
            self.players[f.player as usize].followers += 1;
        }
        self.features.clear_figures(root);
    }

    /// Final scoring (B-8.2): unfinished roads, cities and monasteries, then fields (B-9), each
    /// feature once, in the order its first figure was deployed. Figures stay on the board.
    pub(crate) fn final_scoring<S: Sink>(&mut self, sink: &mut S) {
        let mut scored: Vec<NodeId> = Vec::new();
        for kind in [FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery] {
            for i in 0..self.figures.len() {
                let root = self.features.find(self.figures[i].node);
                if self.features.node(root).kind != kind || scored.contains(&root) {
                    continue;
                }
                scored.push(root);
                let complete = match kind {
                    FeatureKind::Monastery => {
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
    }

    /// Farmer scoring (B-9): each owner of a field scores 3 per completed city it borders;
    /// with [`FarmCityScoring::OncePerPlayer`] a player is paid for a city only once.
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
            let facts = FeatureFacts {
                tiles: 0,
                pennants: 0,
                positions: Vec::new(),
            };
            match self.config.rules.farm_city_scoring {
                FarmCityScoring::PerField => {
                    let n = cities.len() as u16;
                    let points = FIELD_POINTS_PER_CITY * n as u32;
                    self.award(
                        &occupancy,
                        FeatureKind::Field,
                        false,
                        points,
                        &facts,
                        n,
                        sink,
                    );
                }
                FarmCityScoring::OncePerPlayer => {
                    let owners = owners(&occupancy.strength);
                    for player in 0..self.players() {
                        if owners & (1 << player) == 0 {
                            continue;
                        }
                        let fresh: Vec<NodeId> = cities
                            .iter()
                            .copied()
                            .filter(|c| !paid.contains(&(player as u8, *c)))
                            .collect();
                        paid.extend(fresh.iter().map(|c| (player as u8, *c)));
                        let mut only = Occupancy {
                            strength: [0; MAX_PLAYERS],
                            first: occupancy.first,
                        };
                        only.strength[player] = occupancy.strength[player];
                        let n = fresh.len() as u16;
                        let points = FIELD_POINTS_PER_CITY * n as u32;
                        self.award(&only, FeatureKind::Field, false, points, &facts, n, sink);
                    }
                }
            }
        }
    }

    /// The completed cities bordering the field with root `root` (each once, spec §1.6).
    pub(crate) fn completed_cities_bordering(&self, root: NodeId) -> Vec<NodeId> {
        let mut cities = Vec::new();
        for m in self.features.members(root) {
            let (placed, segment) = self.node_tile(m);
            let adjacent = placed.tile.kind().segments[segment].adjacent_cities;
            let mut bits = adjacent;
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
    fn city_values() {
        let mut rules = Rules::default();
        assert_eq!(completed_city(2, 0, &rules), 4);
        assert_eq!(completed_city(3, 1, &rules), 8);
        rules.small_city = SmallCityScoring::Legacy2;
        assert_eq!(completed_city(2, 0, &rules), 2);
        assert_eq!(completed_city(2, 1, &rules), 3);
        assert_eq!(completed_city(3, 0, &rules), 6);
        assert_eq!(unfinished_city(2, 1), 3);
    }
}
