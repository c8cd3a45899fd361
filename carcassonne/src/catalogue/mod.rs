//! The tile catalogue: every tile kind of every set, as data (spec `base.md` §2).
//!
//! The data is a compact text table per set (one line per tile kind, close to the spec's
//! notation) parsed once, on first use, into [`TileKind`]s. Tests check counts, internal
//! consistency and agreement with JCloisterZone's tile definitions.

mod base;
mod big_top;
mod count;
mod crop_circles;
mod cult;
mod ferries;
mod flying_machines;
mod gold_mines;
mod inns_and_cathedrals;
mod king_and_robber;
mod mage_witch;
mod river;
mod river2;
mod robbers;
mod traders_and_builders;

use std::sync::OnceLock;

use crate::geometry::{Location, POINT_NAMES};
pub use count::city_position;

use crate::tile::{Compass, FeatureKind, Goods, Marker, Segment, TileId, TileKind, TileSet};

/// All tile kinds of all sets, in a fixed order (the order of [`TileId::index`]).
#[derive(Debug)]
pub struct Catalogue {
    tiles: Vec<TileKind>,
    /// Per set (by `TileSet as usize`): its tile kinds with their counts.
    by_set: Vec<Vec<(TileId, u8)>>,
    base_start: TileId,
    /// Each catalogue id with its tile, sorted by id (parsing a record or action notation
    /// looks ids up by binary search; a sorted table rather than a hash map, whose interior
    /// pointer a C client's valgrind reports as memory possibly lost).
    by_id: Vec<(&'static str, TileId)>,
    /// Each JCloisterZone id with the first kind in catalogue order that carries it, sorted
    /// by id.
    by_jcz: Vec<(&'static str, TileId)>,
}

impl Catalogue {
    /// Every tile kind.
    pub fn tiles(&self) -> &[TileKind] {
        &self.tiles
    }

    /// The ids of every tile kind of `set`.
    pub fn set(&self, set: TileSet) -> impl Iterator<Item = TileId> + '_ {
        self.set_counts(set).iter().map(|(id, _)| *id)
    }

    /// The tile kinds of `set` with their number of copies.
    pub fn set_counts(&self, set: TileSet) -> &[(TileId, u8)] {
        self.by_set.get(set as usize).map_or(&[], Vec::as_slice)
    }

    /// Every tile id, in catalogue order.
    pub fn ids(&self) -> impl Iterator<Item = TileId> + '_ {
        (0..self.tiles.len()).map(|i| TileId(i as u16))
    }

    /// The tile kind with id `id` (exact, case-sensitive: `D`, `IC-K`).
    pub fn find(&self, id: &str) -> Option<TileId> {
        lookup(&self.by_id, id)
    }

    /// The tile kind with JCloisterZone id `jcz` (e.g. `BA/RCr`). Second-edition garden
    /// variants (`BA/CcG`, ...) name the kind they copy.
    pub fn find_jcz(&self, jcz: &str) -> Option<TileId> {
        if jcz == NO_JCZ_ID {
            return None;
        }
        lookup(&self.by_jcz, jcz)
    }

    /// The base game's start tile (`D`).
    pub fn base_start(&self) -> TileId {
        self.base_start
    }
}

/// The tile of `id` in a table sorted by id.
fn lookup(table: &[(&'static str, TileId)], id: &str) -> Option<TileId> {
    table
        .binary_search_by(|&(key, _)| key.cmp(id))
        .ok()
        .map(|i| table[i].1)
}

/// The JCloisterZone id column of a tile JCloisterZone does not have (the Robbers' tiles).
pub const NO_JCZ_ID: &str = "-";

/// The catalogue, built on first use.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let mut tiles = Vec::new();
        for (set, table) in [
            (TileSet::Base, base::TILES),
            (TileSet::InnsAndCathedrals, inns_and_cathedrals::TILES),
            (TileSet::TradersAndBuilders, traders_and_builders::TILES),
            (TileSet::River, river::TILES),
            (TileSet::River2, river2::TILES),
            (TileSet::KingAndRobber, king_and_robber::TILES),
            (TileSet::Cult, cult::TILES),
            (TileSet::Cult6, cult::SIXTH),
            (TileSet::Count, count::TILES),
            (TileSet::BigTop, big_top::TILES),
            (TileSet::BigTop1, big_top::FIRST_EDITION),
            (TileSet::FlyingMachines, flying_machines::TILES),
            (TileSet::FlyingMachines1, flying_machines::FIRST_EDITION),
            (TileSet::GoldMines, gold_mines::TILES),
            (TileSet::MageWitch, mage_witch::TILES),
            (TileSet::MageWitch1, mage_witch::FIRST_EDITION),
            (TileSet::Ferries, ferries::TILES),
            (TileSet::CropCircles, crop_circles::TILES),
            (TileSet::CropCircles1, crop_circles::FIRST_EDITION),
            (TileSet::Robbers, robbers::TILES),
        ] {
            for line in table.lines().map(str::trim).filter(|l| !l.is_empty()) {
                match parse_tile(set, line) {
                    Ok(tile) => tiles.push(tile),
                    // The tables are constants checked by the test suite; a bad line is a bug
                    // in this crate, never caused by a caller.
                    Err(why) => panic!("catalogue line {line:?}: {why}"),
                }
            }
        }
        let mut by_set: Vec<Vec<(TileId, u8)>> = vec![Vec::new(); TileSet::ALL.len()];
        for (i, t) in tiles.iter().enumerate() {
            by_set[t.set as usize].push((TileId(i as u16), t.count));
        }
        // The 6-tile Cult edition holds the 5 shrine tiles as well.
        let five = by_set[TileSet::Cult as usize].clone();
        by_set[TileSet::Cult6 as usize].splice(0..0, five);
        // The C1 editions: the C2 kinds, each garden tile replaced by its C1 twin.
        for (c1, c2) in [
            (TileSet::BigTop1, TileSet::BigTop),
            (TileSet::FlyingMachines1, TileSet::FlyingMachines),
            (TileSet::MageWitch1, TileSet::MageWitch),
        ] {
            let first: Vec<(TileId, u8)> = by_set[c1 as usize].clone();
            let mut twins = first.iter();
            by_set[c1 as usize] = by_set[c2 as usize]
                .iter()
                .map(|&(id, n)| {
                    if tiles[id.0 as usize].has_marker(Marker::Garden) {
                        twins.next().copied().unwrap_or((id, n))
                    } else {
                        (id, n)
                    }
                })
                .collect();
        }
        let start = tiles
            .iter()
            .position(|t| t.has_marker(Marker::Start))
            .unwrap_or(0);
        // The first kind of each id (ids are unique, a test checks it; JCloisterZone ids are
        // shared by some C1/C2 twins, and the first names them): a stable sort keeps the kinds
        // of one id in catalogue order, and the first stays.
        let table = |id: fn(&TileKind) -> &'static str| {
            let mut by: Vec<(&'static str, TileId)> = tiles
                .iter()
                .enumerate()
                .map(|(i, t)| (id(t), TileId(i as u16)))
                .collect();
            by.sort_by_key(|&(id, _)| id);
            by.dedup_by_key(|&mut (id, _)| id);
            by
        };
        let by_id = table(|t| t.id);
        let by_jcz = table(|t| t.jcz_id);
        Catalogue {
            tiles,
            by_set,
            base_start: TileId(start as u16),
            by_id,
            by_jcz,
        }
    })
}

/// Parses one catalogue line (see the set modules for the format).
fn parse_tile(set: TileSet, line: &'static str) -> Result<TileKind, String> {
    let (head, body) = line.split_once('|').ok_or("missing `|`")?;
    let mut head = head.split_whitespace();
    let id = head.next().ok_or("missing id")?;
    let count = head
        .next()
        .ok_or("missing count")?
        .parse::<u8>()
        .map_err(|e| e.to_string())?;
    let jcz_id = head.next().ok_or("missing JCloisterZone id")?;
    let mut segments: Vec<Segment> = Vec::new();
    let mut markers = Vec::new();
    let mut adjacency: Vec<Vec<&str>> = Vec::new();
    for part in body.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(marker) = part.strip_prefix('+') {
            let (name, arg) = marker.split_once(':').unwrap_or((marker, ""));
            markers.push(match name {
                "start" => Marker::Start,
                "spring" => Marker::Spring,
                "lake" => Marker::Lake,
                "volcano" => Marker::Volcano,
                "garden" => Marker::Garden,
                "fork" => Marker::Fork,
                "gold" => Marker::GoldMine,
                "mage" => Marker::Mage,
                "robber" => Marker::Robber,
                "ferry-lake" => Marker::FerryLake,
                "big-top" => Marker::BigTopSite,
                "acrobats" => Marker::AcrobatSite,
                "flier" => Marker::FlyingMachine(
                    Compass::parse(arg).ok_or_else(|| format!("bad flier direction {arg}"))?,
                ),
                "crop-circle" => Marker::CropCircle(match arg {
                    "field" => FeatureKind::Field,
                    "road" => FeatureKind::Road,
                    "city" => FeatureKind::City,
                    _ => return Err(format!("bad crop circle type {arg}")),
                }),
                "coc" => Marker::CityOfCarcassonne(
                    arg.parse()
                        .map_err(|_| format!("bad City of Carcassonne position {arg}"))?,
                ),
                _ => return Err(format!("unknown marker {marker}")),
            });
            continue;
        }
        let mut words = part.split_whitespace();
        let name = words.next().ok_or("empty segment")?;
        let kind = match words.next().ok_or("missing segment kind")? {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            "monastery" => FeatureKind::Monastery,
            "shrine" => FeatureKind::Shrine,
            "field" => FeatureKind::Field,
            "river" => FeatureKind::River,
            other => return Err(format!("unknown segment kind {other}")),
        };
        let mut seg = Segment {
            name,
            kind,
            points: 0,
            pennants: 0,
            inn: false,
            cathedral: false,
            goods: None,
            pig_herd: false,
            adjacent_cities: 0,
            open_ends: 0,
            locations: [Location::CENTRE; 4],
        };
        let mut adj = Vec::new();
        let mut in_adj = false;
        for word in words {
            if in_adj {
                adj.push(word);
                continue;
            }
            match word {
                "adj" => in_adj = true,
                "pennant" => seg.pennants += 1,
                "inn" => seg.inn = true,
                "cathedral" => seg.cathedral = true,
                "wine" => seg.goods = Some(Goods::Wine),
                "grain" => seg.goods = Some(Goods::Grain),
                "cloth" => seg.goods = Some(Goods::Cloth),
                "pig-herd" => seg.pig_herd = true,
                _ => seg.points |= points_of(kind, word)?,
            }
        }
        if seg.kind == FeatureKind::Field
            && seg.points == 0
            && segments
                .iter()
                .any(|s| s.kind == FeatureKind::Field && s.points == 0)
        {
            // A second inner field (the bridge-city tile): location `II`.
            seg.points = crate::geometry::SECOND_CENTRE_BIT;
        }
        segments.push(seg);
        adjacency.push(adj);
    }
    for (i, adj) in adjacency.iter().enumerate() {
        for name in adj {
            let j = segments
                .iter()
                .position(|s| s.name == *name && s.kind == FeatureKind::City)
                .ok_or_else(|| format!("adj names unknown city segment {name}"))?;
            segments[i].adjacent_cities |= 1 << j;
        }
    }
    Ok(TileKind::new(id, jcz_id, set, count, segments, markers))
}

/// The edge points named by `word` for a segment of `kind`: a side letter covers the whole edge
/// for a city and the middle point for a road or river; a half-edge name is one field point.
fn points_of(kind: FeatureKind, word: &str) -> Result<u16, String> {
    let side = match word {
        "N" => Some(0),
        "E" => Some(1),
        "S" => Some(2),
        "W" => Some(3),
        _ => None,
    };
    match (kind, side) {
        (FeatureKind::City, Some(s)) => Ok(0b111 << (3 * s)),
        (FeatureKind::Road | FeatureKind::River, Some(s)) => Ok(1 << (3 * s + 1)),
        (FeatureKind::Field, None) => POINT_NAMES
            .iter()
            .position(|n| *n == word && n.len() == 2)
            .map(|i| 1 << i)
            .ok_or_else(|| format!("unknown half-edge {word}")),
        _ => Err(format!("{word} is not a valid point for a {kind}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{facing_point, Side, MIDDLE_POINTS, SIDE_POINTS};
    use crate::tile::EdgeKind;

    #[test]
    fn base_game_has_72_tiles_in_24_kinds() {
        let base: Vec<_> = catalogue().set(TileSet::Base).collect();
        assert_eq!(base.len(), 24);
        let total: u32 = base.iter().map(|t| t.kind().count as u32).sum();
        assert_eq!(total, 72);
        let pennants_in_set: u32 = base
            .iter()
            .map(|t| t.kind().count as u32 * pennants(t.kind()) as u32)
            .sum();
        assert_eq!(
            pennants_in_set, 10,
            "spec §2.1: 10 pennants (the spec's shields)"
        );
        let monasteries: u32 = base
            .iter()
            .filter(|t| {
                t.kind()
                    .segments
                    .iter()
                    .any(|s| s.kind == FeatureKind::Monastery)
            })
            .map(|t| t.kind().count as u32)
            .sum();
        assert_eq!(monasteries, 6);
        assert_eq!(catalogue().base_start().as_str(), "D");
        let letters: String = base.iter().map(|t| t.as_str()).collect();
        assert_eq!(letters, "ABCDEFGHIJKLMNOPQRSTUVWX");
    }

    #[test]
    fn ids_are_unique_and_lookups_agree_with_a_scan() {
        let c = catalogue();
        let mut seen = std::collections::HashSet::new();
        for (i, t) in c.tiles().iter().enumerate() {
            assert!(seen.insert(t.id), "tile id {} twice", t.id);
            assert_eq!(c.find(t.id), Some(TileId(i as u16)), "{}", t.id);
            // JCloisterZone ids: the first kind of the catalogue that carries it.
            let first = c.tiles().iter().position(|k| k.jcz_id == t.jcz_id);
            let expected = first.filter(|_| t.jcz_id != NO_JCZ_ID);
            assert_eq!(
                c.find_jcz(t.jcz_id),
                expected.map(|f| TileId(f as u16)),
                "{}",
                t.jcz_id
            );
        }
        assert_eq!(c.find("d"), None, "ids are case-sensitive");
        assert_eq!(c.find(""), None);
        assert_eq!(c.find_jcz(NO_JCZ_ID), None);
    }

    #[test]
    fn marker_syntax_parses_every_marker() {
        let line = "Z 1 ZZ | M1 monastery; +gold; +mage; +robber; +ferry-lake; +big-top; \
                    +acrobats; +flier:NE; +crop-circle:road; +coc:3; +garden";
        let tile = parse_tile(TileSet::Base, line).unwrap();
        assert_eq!(tile.markers.len(), 10);
        assert!(tile.has_marker(Marker::FlyingMachine(Compass::NE)));
        assert!(tile.has_marker(Marker::CropCircle(FeatureKind::Road)));
        assert_eq!(Compass::NE.rotated(crate::Rotation::R90), Compass::SE);
        assert!(parse_tile(TileSet::Base, "Z 1 ZZ | +flier:UP").is_err());
        assert!(parse_tile(TileSet::Base, "Z 1 ZZ | C1 city Q").is_err());
    }

    #[test]
    fn every_set_name_parses_back() {
        for set in TileSet::ALL {
            assert_eq!(set.name().parse::<TileSet>().unwrap(), set);
            let json = serde_json::to_string(&set).unwrap();
            assert_eq!(json, format!("\"{}\"", set.name()));
            assert_eq!(serde_json::from_str::<TileSet>(&json).unwrap(), set);
        }
        assert!("river3".parse::<TileSet>().is_err());
    }

    #[test]
    fn expansion_counts_match_the_spec() {
        let count = |set| {
            catalogue()
                .set(set)
                .map(|t| t.kind().count as u32)
                .sum::<u32>()
        };
        assert_eq!(catalogue().set(TileSet::InnsAndCathedrals).count(), 17);
        assert_eq!(count(TileSet::InnsAndCathedrals), 18);
        assert_eq!(catalogue().set(TileSet::TradersAndBuilders).count(), 24);
        assert_eq!(count(TileSet::TradersAndBuilders), 24);
        let goods = |g| {
            catalogue()
                .set(TileSet::TradersAndBuilders)
                .flat_map(|t| t.kind().segments.iter())
                .filter(|s| s.goods == Some(g))
                .count()
        };
        assert_eq!(
            (goods(Goods::Wine), goods(Goods::Grain), goods(Goods::Cloth)),
            (9, 6, 5)
        );
        let inns = catalogue()
            .set(TileSet::InnsAndCathedrals)
            .filter(|t| t.kind().segments.iter().any(|s| s.inn))
            .count();
        assert_eq!(inns, 6);
        // Crop Circles I and II (§3.7.1): 6 tiles each, every one with a circle: 2 of each type
        // in II; 2 shields, 2 pitchforks, 2 clubs in I.
        for set in [TileSet::CropCircles, TileSet::CropCircles1] {
            assert_eq!(count(set), 6, "{set}");
            for kind in [FeatureKind::Field, FeatureKind::Road, FeatureKind::City] {
                let circles = catalogue()
                    .set(set)
                    .filter(|t| t.kind().has_marker(Marker::CropCircle(kind)))
                    .count();
                assert_eq!(circles, 2, "{set}: {kind} circles");
            }
        }
    }

    /// §3.6.1: 8 robber tiles in 6 kinds, each with the symbol and the shape of its base tile
    /// (the same segments, so it scores and takes followers like that tile).
    #[test]
    fn robber_tiles_are_base_shapes_with_the_symbol() {
        let kinds: Vec<TileId> = catalogue().set(TileSet::Robbers).collect();
        assert_eq!(kinds.len(), 6);
        let total: u32 = kinds.iter().map(|t| t.kind().count as u32).sum();
        assert_eq!(total, 8);
        let same = [
            ("RB-01", "V", 0),
            ("RB-02", "U", 1),
            ("RB-03", "W", 0),
            ("RB-04", "E", 0),
            ("RB-05", "J", 0),
            ("RB-06", "G", 1),
        ];
        for (id, base, r) in same {
            let robber = catalogue().find(id).unwrap().kind();
            assert!(robber.has_marker(Marker::Robber), "{id}");
            assert_eq!(robber.jcz_id, NO_JCZ_ID);
            assert_eq!(pennants(robber), 0);
            let base = catalogue().find(base).unwrap().kind();
            let rotation = crate::Rotation::from_quarter_turns(r);
            for side in Side::ALL {
                assert_eq!(
                    robber.edge(side, crate::Rotation::R0),
                    base.edge(side, rotation),
                    "{id} {side:?}"
                );
            }
            let mut a: Vec<(FeatureKind, crate::Location)> = robber
                .segments
                .iter()
                .map(|s| (s.kind, s.location(crate::Rotation::R0)))
                .collect();
            let mut b: Vec<(FeatureKind, crate::Location)> = base
                .segments
                .iter()
                .map(|s| (s.kind, s.location(rotation)))
                .collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{id} has the shape of its base tile");
        }
        assert_eq!(catalogue().find_jcz(NO_JCZ_ID), None);
    }

    fn pennants(t: &TileKind) -> u8 {
        t.segments.iter().map(|s| s.pennants).sum()
    }

    /// The invariants of spec §1.5, for every tile of the catalogue.
    #[test]
    fn every_tile_satisfies_the_segment_invariants() {
        for tile in catalogue().tiles() {
            let id = tile.id;
            let mut seen = 0u16;
            for seg in &tile.segments {
                assert_eq!(
                    seen & seg.points,
                    0,
                    "{id}: a point belongs to two segments"
                );
                seen |= seg.points;
                match seg.kind {
                    FeatureKind::City => {
                        for s in 0..4 {
                            let edge = 0b111 << (3 * s);
                            let part = seg.points & edge;
                            assert!(
                                part == 0 || part == edge,
                                "{id}: city covers part of an edge"
                            );
                        }
                        assert_ne!(seg.points, 0, "{id}: city without edge");
                    }
                    FeatureKind::Road | FeatureKind::River => {
                        assert_eq!(seg.points & SIDE_POINTS, 0, "{id}: road owns a half-edge");
                        assert_ne!(seg.points, 0, "{id}: road without edge");
                    }
                    FeatureKind::Field => {
                        assert_eq!(seg.points & MIDDLE_POINTS, 0, "{id}: field owns a middle");
                    }
                    FeatureKind::Monastery | FeatureKind::Shrine => assert_eq!(seg.points, 0),
                }
                if seg.kind != FeatureKind::Field {
                    assert_eq!(seg.adjacent_cities, 0, "{id}: only fields border cities");
                }
                for j in 0..tile.segments.len() {
                    if seg.adjacent_cities & (1 << j) != 0 {
                        assert_eq!(tile.segments[j].kind, FeatureKind::City);
                    }
                }
            }
            // The points of an edge follow its type (joining two tiles' features across a
            // matching edge relies on it, `Game::join_neighbours`).
            for side in Side::ALL {
                let s = side.index();
                let (l, m, r) = (3 * s, 3 * s + 1, 3 * s + 2);
                let owner = |p: u8| tile.rotated_owner[0][p as usize];
                match tile.edges[s as usize] {
                    EdgeKind::City => {
                        assert!(
                            owner(l) == owner(m) && owner(m) == owner(r),
                            "{id}: city edge"
                        );
                    }
                    EdgeKind::Road | EdgeKind::River | EdgeKind::Field => {
                        for p in [l, r] {
                            let o = owner(p);
                            if o == crate::tile::NO_SEGMENT {
                                // The City's pieces have walled field edges inside the City.
                                assert!(
                                    tile.is_city_of_carcassonne()
                                        && tile.edges[s as usize] == EdgeKind::Field,
                                    "{id}: {p} owned by nobody"
                                );
                                continue;
                            }
                            assert_eq!(tile.segments[o as usize].kind, FeatureKind::Field);
                        }
                    }
                }
            }
            // Facing points pair up edges (sanity of the geometry used by every tile).
            for p in 0..12u8 {
                assert_eq!(facing_point(p) / 3, (p / 3 + 2) % 4);
            }
        }
    }
}
