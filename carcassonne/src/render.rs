//! Rendering a board for people: as text (5×3 characters per tile, north up) and as SVG
//! (for notebooks and files).
//!
//! In the text form `#` is city, `-` and `|` road, `.` field, `M` a monastery, `S` a shrine,
//! `T` a big-top site (`^` where the big top stands), `A` an acrobat site, `@` a crop circle,
//! `+` a road junction or bend; a digit is a follower of that player (1-based) on the feature
//! drawn there. The SVG also shows the big top, the acrobats on their sites, each figure kind
//! in its own shape (large follower larger, builder a square, pig a small ellipse, ringmaster a
//! diamond), gold ingots as stacked bars with their count, the mage (a violet star) and the
//! witch (a black hat), the flying machines' directions, a flight under way as a dashed arrow,
//! the lakes and their ferries (a brown boat between the two road ends each joins), and each
//! crop circle with its kind's sign: a pitchfork (field), a club (road) or a shield (city).
//! With the score track (Robbers, Messages) a grid of its 50 spaces (10 per row, the dark
//! spaces 0, 5, ... 45 shaded) under the board shows every scoring figure (a disc in its
//! player's colour; the messenger a ring; laps in its tooltip) and every robber on the track (a
//! small bag, a triangle in its owner's colour); with the Messages a line under it names the
//! message in hand (with its number in the game's `message_numbering`) and the deck.

use crate::board::PlacedTile;
use crate::figure::Figure;
use crate::game::Game;
use crate::geometry::{rotate_points, Position};
use crate::magic::MagicFigure;
use crate::tile::{Compass, FeatureKind, Marker};

const WIDTH: usize = 5;
const HEIGHT: usize = 3;

/// Grid cells (column, row) of the 5×3 block showing each edge point `NL .. WR`.
const POINT_CELLS: [(usize, usize); 12] = [
    (1, 0),
    (2, 0),
    (3, 0),
    (4, 0),
    (4, 1),
    (4, 2),
    (3, 2),
    (2, 2),
    (1, 2),
    (0, 2),
    (0, 1),
    (0, 0),
];

/// A board is drawn as one grid while its bounding box has at most this many positions per
/// tile (or at most [`DENSE_MIN_POSITIONS`]); a board spread wider (a long staircase of tiles)
/// is drawn row by row in runs of neighbouring tiles, so that the text stays linear in the
/// number of tiles.
pub const DENSE_POSITIONS_PER_TILE: usize = 16;

/// See [`DENSE_POSITIONS_PER_TILE`].
pub const DENSE_MIN_POSITIONS: usize = 4096;

/// The board of `game` as text: one 5×3 block per tile, north up, empty positions blank, with
/// followers drawn as their owner's seat number (1-based).
///
/// The text is linear in the number of tiles: a board whose bounding box has more than
/// `max(DENSE_MIN_POSITIONS, DENSE_POSITIONS_PER_TILE × tiles)` positions is drawn row by row,
/// each row of tiles as runs of tiles at most 2 empty positions apart, each run headed by
/// `y Y, x X0..X1` (at most about 60 bytes per tile; a grid costs at most 16 positions of 15
/// characters per tile).
pub fn board_text(game: &Game) -> String {
    let board = game.board();
    let (min, max) = board.bounds();
    let cols = (max.x - min.x + 1) as usize;
    let rows = (max.y - min.y + 1) as usize;
    let mut blocks: Vec<(Position, Block)> = board
        .tiles()
        .iter()
        .map(|placed| (placed.pos, tile_block(placed)))
        .collect();
    // Sorted north to south, then west to east, to find a tile's block and draw rows.
    blocks.sort_by_key(|(pos, _)| (pos.y, pos.x));
    let find = |blocks: &[(Position, Block)], pos: Position| {
        blocks
            .binary_search_by_key(&(pos.y, pos.x), |(p, _)| (p.y, p.x))
            .ok()
    };
    for f in game.figures() {
        if let Some(i) = find(&blocks, f.pos) {
            let (c, r) = figure_cell(f.feature, f.location.bits());
            blocks[i].1[r][c] = char::from_digit(f.player as u32 + 1, 10).unwrap_or('?');
        }
    }
    if let Some(pos) = game.big_top() {
        if let Some(i) = find(&blocks, pos) {
            blocks[i].1[1][2] = '^';
        }
    }
    let mut out = format!(
        "x {}..{} (west to east), y {}..{} (north to south)\n",
        min.x, max.x, min.y, max.y
    );
    let dense = (cols as u64) * (rows as u64)
        <= DENSE_MIN_POSITIONS.max(DENSE_POSITIONS_PER_TILE * blocks.len()) as u64;
    if dense {
        let mut grid = vec![vec![' '; cols * WIDTH]; rows * HEIGHT];
        for (pos, block) in &blocks {
            let x0 = (pos.x - min.x) as usize * WIDTH;
            let y0 = (pos.y - min.y) as usize * HEIGHT;
            for (r, line) in block.iter().enumerate() {
                grid[y0 + r][x0..x0 + WIDTH].copy_from_slice(line);
            }
        }
        for line in grid {
            out.push_str(line.iter().collect::<String>().trim_end());
            out.push('\n');
        }
        return out;
    }
    out.push_str("(a sparse board: each run of neighbouring tiles is drawn under its position)\n");
    let mut start = 0;
    while start < blocks.len() {
        // A run: tiles of one row at most 2 empty positions apart.
        let y = blocks[start].0.y;
        let mut end = start + 1;
        while end < blocks.len()
            && blocks[end].0.y == y
            && blocks[end].0.x - blocks[end - 1].0.x <= 3
        {
            end += 1;
        }
        let run = &blocks[start..end];
        let x0 = run[0].0.x;
        out.push_str(&format!("y {y}, x {x0}..{}\n", run[run.len() - 1].0.x));
        for r in 0..HEIGHT {
            let mut line = String::new();
            let mut next_x = x0;
            for (pos, block) in run {
                for _ in next_x..pos.x {
                    line.push_str("     ");
                }
                line.extend(block[r].iter());
                next_x = pos.x + 1;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        start = end;
    }
    out
}

/// The characters of one tile's block.
type Block = [[char; WIDTH]; HEIGHT];

/// The 5×3 characters of one placed tile.
fn tile_block(placed: &PlacedTile) -> Block {
    let kind = placed.tile.kind();
    let mut block = [['.'; WIDTH]; HEIGHT];
    let mut road_ends = 0;
    let mut straight = None;
    for seg in &kind.segments {
        let points = rotate_points(seg.points, placed.rotation);
        for (i, &(c, r)) in POINT_CELLS.iter().enumerate() {
            if points & (1 << i) == 0 {
                continue;
            }
            block[r][c] = match seg.kind {
                FeatureKind::City => '#',
                FeatureKind::Road | FeatureKind::River => {
                    if i / 3 % 2 == 0 {
                        '|'
                    } else {
                        '-'
                    }
                }
                _ => block[r][c],
            };
        }
        match seg.kind {
            FeatureKind::Monastery => block[1][2] = 'M',
            FeatureKind::Shrine => block[1][2] = 'S',
            FeatureKind::Road | FeatureKind::River => {
                let n = points.count_ones();
                road_ends += n;
                if n == 2 {
                    straight = Some(points);
                }
            }
            FeatureKind::City => {
                // A city filling three or four sides fills the middle too.
                if points.count_ones() >= 9 {
                    block[1][1] = '#';
                    block[1][2] = '#';
                    block[1][3] = '#';
                }
                // Corners between two city edges of the same segment.
                for (corner, (a, b)) in [
                    ((0, 0), (0, 11)),
                    ((4, 0), (2, 3)),
                    ((4, 2), (5, 6)),
                    ((0, 2), (8, 9)),
                ] {
                    if points & (1 << a) != 0 && points & (1 << b) != 0 {
                        block[corner.1][corner.0] = '#';
                    }
                }
            }
            FeatureKind::Field => {}
        }
    }
    if kind.has_marker(Marker::BigTopSite) {
        block[1][2] = 'T';
    } else if kind.has_marker(Marker::AcrobatSite) {
        block[1][2] = 'A';
    } else if crate::expansions::crop_circles::circle_of(kind).is_some() {
        block[1][2] = '@';
    }
    if !matches!(block[1][2], 'M' | 'S' | 'T' | 'A' | '@') && road_ends > 0 {
        let ns = 1 << 1 | 1 << 7;
        let we = 1 << 4 | 1 << 10;
        block[1][2] = match straight {
            Some(p) if road_ends == 2 && p == ns => '|',
            Some(p) if road_ends == 2 && p == we => '-',
            _ => '+',
        };
        if let Some(p) = straight.filter(|_| road_ends == 2) {
            if p & (1 << 4) != 0 && p != ns {
                block[1][3] = '-';
            }
            if p & (1 << 10) != 0 && p != ns {
                block[1][1] = '-';
            }
        }
    }
    block
}

/// Where in its 5×3 block a figure on a feature at `location` (mask) is drawn: on the first
/// edge point of the location, or in the centre.
fn figure_cell(feature: FeatureKind, location: u16) -> (usize, usize) {
    if feature.is_monastic() || location & 0x0FFF == 0 {
        return (2, 1);
    }
    POINT_CELLS[(location.trailing_zeros() as usize).min(11)]
}

/// Size of one tile in the SVG rendering, in pixels.
pub const SVG_TILE: f64 = 64.0;

/// Colours of players 1..6 in pictures.
pub const PLAYER_COLOURS: [&str; 6] = [
    "#d62728", "#1f77b4", "#2ca02c", "#ffbf00", "#111111", "#e377c2",
];

/// Where edge point `i` lies on a unit tile (x east, y south).
const POINT_XY: [(f64, f64); 12] = [
    (0.25, 0.0),
    (0.5, 0.0),
    (0.75, 0.0),
    (1.0, 0.25),
    (1.0, 0.5),
    (1.0, 0.75),
    (0.75, 1.0),
    (0.5, 1.0),
    (0.25, 1.0),
    (0.0, 0.75),
    (0.0, 0.5),
    (0.0, 0.25),
];

/// Corners of side `s` on a unit tile, clockwise.
const SIDE_CORNERS: [((f64, f64), (f64, f64)); 4] = [
    ((0.0, 0.0), (1.0, 0.0)),
    ((1.0, 0.0), (1.0, 1.0)),
    ((1.0, 1.0), (0.0, 1.0)),
    ((0.0, 1.0), (0.0, 0.0)),
];

/// Where a figure on the `feature` at `location` of the tile at `pos` is drawn, on a unit
/// tile; `None` without a tile there.
fn segment_anchor(
    game: &Game,
    pos: crate::geometry::Position,
    feature: FeatureKind,
    location: crate::geometry::Location,
) -> Option<(f64, f64)> {
    let placed = game.board().tile_at(pos)?;
    let kind = placed.tile.kind();
    let points = kind
        .segment_with_location(feature, location, placed.rotation)
        .map_or(0, |i| {
            rotate_points(kind.segments[i].points, placed.rotation)
        });
    Some(anchor(feature, points))
}

/// The unit vector of a compass direction on the picture (x east, y south).
fn unit(direction: Compass) -> (f64, f64) {
    let (dx, dy) = direction.offset();
    let norm = f64::from(dx * dx + dy * dy).sqrt();
    (f64::from(dx) / norm, f64::from(dy) / norm)
}

/// Where a figure on a segment owning `points` (rotated) of kind `kind` is drawn, on a unit
/// tile.
fn anchor(kind: FeatureKind, points: u16) -> (f64, f64) {
    if kind.is_monastic() || points & 0x0FFF == 0 {
        return (0.5, 0.5);
    }
    let (mut x, mut y, mut n) = (0.0, 0.0, 0.0);
    for (i, (px, py)) in POINT_XY.iter().enumerate() {
        if points & (1 << i) != 0 {
            x += px;
            y += py;
            n += 1.0;
        }
    }
    let (x, y) = (x / n, y / n);
    // Pull towards the centre so the figure sits on the feature, not on the edge.
    let pull = if kind == FeatureKind::City { 0.45 } else { 0.3 };
    (x + (0.5 - x) * pull, y + (0.5 - y) * pull)
}

/// A crop circle at `(x, y)` on a tile of `t` pixels: a ring of trampled grain with its kind's
/// sign (pitchfork: farmers, club: highwaymen, shield: knights).
fn crop_circle_svg(s: &mut String, (x, y): (f64, f64), t: f64, circle: FeatureKind) {
    use std::fmt::Write;
    let (sign, who) = match circle {
        FeatureKind::City => (
            format!(
                "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{y:.1} L{x:.1},{:.1} L{:.1},{y:.1}Z",
                x - 5.0,
                y - 6.0,
                x + 5.0,
                y - 6.0,
                x + 5.0,
                y + 7.0,
                x - 5.0,
            ),
            "knights",
        ),
        FeatureKind::Road => (
            format!(
                "M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}",
                x - 4.0,
                y + 6.0,
                x + 2.0,
                y - 3.0,
                x + 1.0,
                y - 6.0,
                x + 5.0,
                y - 1.0
            ),
            "highwaymen",
        ),
        _ => (
            format!(
                "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} M{x:.1},{:.1} L{x:.1},{:.1}",
                x - 5.0,
                y - 6.0,
                x - 5.0,
                y - 1.0,
                x + 5.0,
                y - 1.0,
                x + 5.0,
                y - 6.0,
                y - 6.0,
                y + 7.0
            ),
            "farmers",
        ),
    };
    let _ = write!(
        s,
        r##"<g class="crop-circle"><title>crop circle: {who} ({circle})</title><circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#f4e7b5" stroke="#9a7d0a" stroke-width="1.5" stroke-dasharray="3 2"/><path d="{sign}" fill="none" stroke="#6e5200" stroke-width="2"/></g>"##,
        r = 0.17 * t
    );
}

/// Columns and rows of the score track's grid in the SVG.
const TRACK_COLUMNS: usize = 10;
const TRACK_ROWS: usize = 5;
/// Side of a track space in the SVG, in pixels.
const TRACK_CELL: f64 = 28.0;
/// Space between the board and the track in the SVG.
const TRACK_GAP: f64 = 10.0;

/// The score track: its 50 spaces from `top`, the scoring figures and the robbers.
fn track_svg(game: &Game, s: &mut String, top: f64) {
    use std::fmt::Write;
    let cell = |space: u8| {
        let k = space as usize;
        (
            4.0 + (k % TRACK_COLUMNS) as f64 * TRACK_CELL,
            top + (k / TRACK_COLUMNS) as f64 * TRACK_CELL,
        )
    };
    let _ = write!(s, r##"<g><title>score track</title>"##);
    for space in 0..crate::track::TRACK_SPACES as u8 {
        let (x, y) = cell(space);
        let fill = if space % 5 == 0 { "#c9b98f" } else { "#efe6cf" };
        let _ = write!(
            s,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{c}" height="{c}" fill="{fill}" stroke="#8a7a55" stroke-width="0.6"/><text x="{tx:.1}" y="{ty:.1}" font-size="7" fill="#5a4d2e">{space}</text>"##,
            c = TRACK_CELL,
            tx = x + 2.0,
            ty = y + 8.0
        );
    }
    let _ = write!(s, "</g>");
    let mut on_space = [0u8; crate::track::TRACK_SPACES as usize];
    for p in 0..game.players() {
        for f in 0..game.track_figures() {
            let Some(at) = game.track_position(p, f) else {
                continue;
            };
            let n = &mut on_space[at.space as usize];
            let (x, y) = cell(at.space);
            let (cx, cy) = (
                x + 8.0 + f64::from(*n % 3) * 7.0,
                y + 14.0 + f64::from(*n / 3) * 7.0,
            );
            *n += 1;
            let colour = PLAYER_COLOURS[p % PLAYER_COLOURS.len()];
            // The messenger: a ring in the player's colour.
            let (fill, stroke, name) = if f == 0 {
                (colour, "white", "scoring figure")
            } else {
                ("white", colour, "messenger")
            };
            let _ = write!(
                s,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="3.5" fill="{fill}" stroke="{stroke}" stroke-width="1.2"><title>player {n} {name}: {points} points (space {space}, {laps} laps)</title></circle>"##,
                n = p + 1,
                points = at.value(),
                space = at.space,
                laps = at.laps
            );
        }
    }
    let mut robbers_on = [0u8; crate::track::TRACK_SPACES as usize];
    for p in 0..game.players() {
        let Some(crate::track::RobberState::OnTrack(space)) = game.robber(p) else {
            continue;
        };
        let k = &mut robbers_on[space as usize];
        let (x, y) = cell(space);
        let (bx, by) = (x + 4.0 + f64::from(*k) * 7.0, y + TRACK_CELL - 2.0);
        *k += 1;
        let _ = write!(
            s,
            r##"<path d="M{bx:.1},{by:.1} l6,0 l-3,-6z" fill="{colour}" stroke="#222" stroke-width="0.8"><title>player {n} robber on space {space}</title></path>"##,
            colour = PLAYER_COLOURS[p % PLAYER_COLOURS.len()],
            n = p + 1
        );
    }
    if game.elements().messages {
        let numbering = game.config().rules.message_numbering;
        let hand = match game.message_in_hand() {
            Some(m) => format!(
                "player {} holds message #{} ({})",
                game.active_player() + 1,
                m.number(numbering),
                m.name().replace('_', " ")
            ),
            None => "no message in hand".to_owned(),
        };
        let _ = write!(
            s,
            r##"<text x="4" y="{y:.1}" font-size="11" fill="#5a4d2e">{hand}; the deck: {unseen} never drawn, {under} under it</text>"##,
            y = top + TRACK_ROWS as f64 * TRACK_CELL + 13.0,
            unseen = game.messages_unseen().len(),
            under = game.messages_under_deck().len()
        );
    }
}

/// Height of the line under the track naming the message in hand (Messages).
const MESSAGE_LINE: f64 = 16.0;

/// The board of `game` as an SVG picture: fields green, cities brown with pennants, roads
/// white, rivers blue, monasteries red, followers as discs in player colours (1 red, 2 blue,
/// 3 green, 4 yellow, 5 black, 6 pink), the last placed tile outlined in orange. North is up;
/// every tile is [`SVG_TILE`] pixels wide.
pub fn board_svg(game: &Game) -> String {
    use std::fmt::Write;
    let board = game.board();
    let (min, max) = board.bounds();
    let t = SVG_TILE;
    let width = (max.x - min.x + 1) as f64 * t;
    let height = (max.y - min.y + 1) as f64 * t;
    let track = game.has_score_track();
    let message_line = if game.elements().messages {
        MESSAGE_LINE
    } else {
        0.0
    };
    let (svg_w, svg_h) = if track {
        (
            width.max(TRACK_COLUMNS as f64 * TRACK_CELL) + 8.0,
            height + 8.0 + TRACK_GAP + TRACK_ROWS as f64 * TRACK_CELL + 4.0 + message_line,
        )
    } else {
        (width + 8.0, height + 8.0)
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><rect width="{w}" height="{h}" fill="#f4f1e8"/>"##,
        w = svg_w,
        h = svg_h
    );
    if track {
        track_svg(game, &mut s, height + 8.0 + TRACK_GAP);
    }
    let px = |pos: crate::geometry::Position, (u, v): (f64, f64)| {
        (
            4.0 + ((pos.x - min.x) as f64 + u) * t,
            4.0 + ((pos.y - min.y) as f64 + v) * t,
        )
    };
    for placed in board.tiles() {
        let kind = placed.tile.kind();
        let (x0, y0) = px(placed.pos, (0.0, 0.0));
        let _ = write!(
            s,
            r##"<g><title>{id} at {pos} {rot}</title><rect x="{x0}" y="{y0}" width="{t}" height="{t}" fill="#8cc36a" stroke="#5d8a44" stroke-width="0.5"/>"##,
            id = placed.tile,
            pos = placed.pos,
            rot = placed.rotation
        );
        for seg in &kind.segments {
            let points = rotate_points(seg.points, placed.rotation);
            match seg.kind {
                FeatureKind::City => {
                    let sides: Vec<usize> = (0..4)
                        .filter(|s| points & (1 << (3 * s + 1)) != 0)
                        .collect();
                    let mut d = String::new();
                    for &side in &sides {
                        let (a, b) = SIDE_CORNERS[side];
                        let inner = if sides.len() == 1 {
                            // A cap: a shallow band along the edge.
                            let (mx, my) = POINT_XY[3 * side + 1];
                            let (ix, iy) = (mx + (0.5 - mx) * 0.6, my + (0.5 - my) * 0.6);
                            vec![
                                (a.0 + (ix - mx), a.1 + (iy - my)),
                                (b.0 + (ix - mx), b.1 + (iy - my)),
                            ]
                        } else {
                            vec![(0.5, 0.5)]
                        };
                        let corners = [a, b];
                        let poly: Vec<(f64, f64)> = corners
                            .iter()
                            .copied()
                            .chain(inner.into_iter().rev())
                            .collect();
                        d.push('M');
                        for (k, p) in poly.iter().enumerate() {
                            let (x, y) = px(placed.pos, *p);
                            let _ = write!(d, "{}{x:.1},{y:.1}", if k == 0 { "" } else { " L" });
                        }
                        d.push('Z');
                    }
                    // Fill the corner between two adjacent city edges of this segment.
                    for (side, &(start, corner)) in SIDE_CORNERS.iter().enumerate() {
                        let next = (side + 1) % 4;
                        if sides.contains(&side) && sides.contains(&next) {
                            let (ax, ay) = px(placed.pos, start);
                            let (cx, cy) = px(placed.pos, corner);
                            let (bx, by) = px(placed.pos, SIDE_CORNERS[next].1);
                            let (mx, my) = px(placed.pos, (0.5, 0.5));
                            let _ = write!(
                                d,
                                "M{ax:.1},{ay:.1} L{cx:.1},{cy:.1} L{bx:.1},{by:.1} L{mx:.1},{my:.1}Z"
                            );
                        }
                    }
                    let _ = write!(
                        s,
                        r##"<path d="{d}" fill="#b5651d" stroke="#7a4311" stroke-width="0.8"/>"##
                    );
                    if seg.pennants > 0 {
                        let (x, y) = px(placed.pos, anchor(seg.kind, points));
                        let _ = write!(
                            s,
                            r##"<path d="M{a:.1},{b:.1} h10 v7 l-5,5 l-5,-5z" fill="#2b5fb3" stroke="white" stroke-width="1"/>"##,
                            a = x + 6.0,
                            b = y - 12.0
                        );
                    }
                }
                FeatureKind::Road | FeatureKind::River => {
                    let colour = if seg.kind == FeatureKind::Road {
                        "#ffffff"
                    } else {
                        "#3a8fd9"
                    };
                    let width = if seg.kind == FeatureKind::Road {
                        4.0
                    } else {
                        7.0
                    };
                    let ends: Vec<usize> = (0..12).filter(|i| points & (1 << i) != 0).collect();
                    let (cx, cy) = px(placed.pos, (0.5, 0.5));
                    let mut d = String::new();
                    for (k, &i) in ends.iter().enumerate() {
                        let (x, y) = px(placed.pos, POINT_XY[i]);
                        if ends.len() == 2 {
                            if k == 0 {
                                let _ = write!(d, "M{x:.1},{y:.1} Q{cx:.1},{cy:.1} ");
                            } else {
                                let _ = write!(d, "{x:.1},{y:.1}");
                            }
                        } else {
                            let (ex, ey) = px(
                                placed.pos,
                                (
                                    0.5 + (POINT_XY[i].0 - 0.5) * 0.3,
                                    0.5 + (POINT_XY[i].1 - 0.5) * 0.3,
                                ),
                            );
                            let _ = write!(d, "M{x:.1},{y:.1} L{ex:.1},{ey:.1} ");
                        }
                    }
                    let _ = write!(
                        s,
                        r##"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>"##
                    );
                    if ends.len() == 1 && seg.kind == FeatureKind::Road {
                        let _ = write!(
                            s,
                            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="4" fill="#6b6b6b"/>"##
                        );
                    }
                }
                FeatureKind::Monastery => {
                    let (x, y) = px(placed.pos, (0.32, 0.32));
                    let _ = write!(
                        s,
                        r##"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{w:.1}" rx="3" fill="#c0392b" stroke="#7b241c"/>"##,
                        w = 0.36 * t
                    );
                }
                FeatureKind::Shrine => {
                    let (x, y) = px(placed.pos, (0.5, 0.5));
                    let _ = write!(
                        s,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#6c3483" stroke="#3b1d48"/>"##,
                        r = 0.18 * t
                    );
                }
                FeatureKind::Field => {}
            }
        }
        if kind.has_marker(Marker::BigTopSite) {
            // A ring for the big top's site.
            let (x, y) = px(placed.pos, (0.5, 0.5));
            let _ = write!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#f7e9c4" stroke="#c0392b" stroke-width="3" stroke-dasharray="4 3"/>"##,
                r = 0.2 * t
            );
        } else if kind.has_marker(Marker::AcrobatSite) {
            let (x, y) = px(placed.pos, (0.34, 0.34));
            let _ = write!(
                s,
                r##"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{w:.1}" rx="2" fill="#f1c40f" stroke="#9a7d0a"/>"##,
                w = 0.32 * t
            );
        }
        for marker in &kind.markers {
            match marker {
                Marker::FlyingMachine(direction) => {
                    // A small dart in the corner, pointing where the machine flies.
                    let (dx, dy) = unit(direction.rotated(placed.rotation));
                    let (cx, cy) = px(placed.pos, (0.2, 0.8));
                    let _ = write!(
                        s,
                        r##"<path d="M{ax:.1},{ay:.1} L{bx:.1},{by:.1} L{cx:.1},{cy:.1} L{dx2:.1},{dy2:.1}Z" fill="#555" stroke="white" stroke-width="0.8"><title>flying machine pointing {d}</title></path>"##,
                        ax = cx + dx * 8.0,
                        ay = cy + dy * 8.0,
                        bx = cx - dx * 6.0 - dy * 5.0,
                        by = cy - dy * 6.0 + dx * 5.0,
                        dx2 = cx - dx * 6.0 + dy * 5.0,
                        dy2 = cy - dy * 6.0 - dx * 5.0,
                        d = direction.rotated(placed.rotation)
                    );
                }
                Marker::GoldMine => {
                    let (x, y) = px(placed.pos, (0.8, 0.8));
                    let _ = write!(
                        s,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="4" fill="none" stroke="#d4a017" stroke-width="1.5"><title>gold mine</title></circle>"##
                    );
                }
                Marker::FerryLake => {
                    let (x, y) = px(placed.pos, (0.5, 0.5));
                    let _ = write!(
                        s,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#3a8fd9" stroke="#1f5f99"><title>lake</title></circle>"##,
                        r = 0.2 * t
                    );
                }
                Marker::Mage => {
                    let (x, y) = px(placed.pos, (0.8, 0.2));
                    let _ = write!(
                        s,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="4" fill="none" stroke="#8e44ad" stroke-width="1.5"><title>mage symbol</title></circle>"##
                    );
                }
                Marker::CropCircle(circle) => {
                    crop_circle_svg(&mut s, px(placed.pos, (0.5, 0.5)), t, *circle);
                }
                _ => {}
            }
        }
        s.push_str("</g>");
    }
    if let Some(pos) = game.big_top() {
        let (x, y) = px(pos, (0.5, 0.5));
        let _ = write!(
            s,
            r##"<path d="M{ax:.1},{ay:.1} L{bx:.1},{by:.1} L{cx:.1},{cy:.1}Z" fill="#e74c3c" stroke="white" stroke-width="1.5"><title>the big top</title></path>"##,
            ax = x,
            ay = y - 14.0,
            bx = x - 12.0,
            by = y + 9.0,
            cx = x + 12.0,
            cy = y + 9.0
        );
    }
    for site in game.acrobat_sites() {
        // The pyramid: two at the bottom, one on top.
        for (k, &p) in site.acrobats.iter().enumerate() {
            let (u, v) = [(0.42, 0.58), (0.58, 0.58), (0.5, 0.44)][k.min(2)];
            let (x, y) = px(site.pos, (u, v));
            let colour = PLAYER_COLOURS[p % PLAYER_COLOURS.len()];
            let _ = write!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="5" fill="{colour}" stroke="white" stroke-width="1.2"><title>player {n} acrobat</title></circle>"##,
                n = p + 1
            );
        }
    }
    for (pos, location) in game.ferries() {
        // The ferry: a brown boat across the lake between the two road ends it joins.
        let ends: Vec<(f64, f64)> = location
            .sides()
            .map(|side| {
                let (dx, dy) =
                    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)][usize::from(side.index())];
                px(pos, (0.5 + dx * 0.2, 0.5 + dy * 0.2))
            })
            .collect();
        if let [(x1, y1), (x2, y2)] = ends[..] {
            let (cx, cy) = px(pos, (0.5, 0.5));
            let _ = write!(
                s,
                r##"<path d="M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}" fill="none" stroke="#7a4311" stroke-width="5" stroke-linecap="round"><title>ferry {location}</title></path>"##
            );
        }
    }
    for (pos, count) in game.ingots_on_board() {
        // A gold bar per ingot, stacked (at most four drawn), with the count.
        let (x, y) = px(pos, (0.72, 0.7));
        for k in 0..count.min(4) {
            let _ = write!(
                s,
                r##"<rect x="{x:.1}" y="{y:.1}" width="12" height="5" rx="1" fill="#f1c40f" stroke="#9a7d0a" stroke-width="0.8"/>"##,
                y = y - 4.0 * f64::from(k)
            );
        }
        let _ = write!(
            s,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="9" font-family="sans-serif" fill="#5c4503"><title>{count} gold ingot(s)</title>{count}</text>"##,
            x = x + 14.0,
            y = y + 5.0
        );
    }
    for magic in game.magic_figures() {
        let Some(at) = segment_anchor(game, magic.pos, magic.feature, magic.location) else {
            continue;
        };
        let (x, y) = px(magic.pos, at);
        // Beside where a follower would stand: the mage a violet star, the witch a black hat.
        let (x, y) = (x + 9.0, y - 6.0);
        let shape = match magic.figure {
            MagicFigure::Mage => format!(
                r##"<path d="M{x:.1},{a:.1} L{b:.1},{c:.1} L{d:.1},{c:.1} L{e:.1},{f:.1} L{g:.1},{h:.1} L{x:.1},{i:.1} L{j:.1},{h:.1} L{k:.1},{f:.1} L{l:.1},{c:.1} L{m:.1},{c:.1}Z" fill="#8e44ad" stroke="white" stroke-width="1.2">"##,
                a = y - 8.0,
                b = x + 2.4,
                c = y - 2.5,
                d = x + 7.6,
                e = x + 3.8,
                f = y + 1.5,
                g = x + 5.0,
                h = y + 7.0,
                i = y + 4.0,
                j = x - 5.0,
                k = x - 3.8,
                l = x - 7.6,
                m = x - 2.4
            ),
            MagicFigure::Witch => format!(
                r##"<path d="M{x:.1},{a:.1} L{b:.1},{c:.1} L{d:.1},{c:.1} L{d:.1},{e:.1} L{f:.1},{e:.1} L{f:.1},{c:.1} L{g:.1},{c:.1}Z" fill="#1b1b1b" stroke="white" stroke-width="1.2">"##,
                a = y - 9.0,
                b = x + 4.0,
                c = y + 3.0,
                d = x + 8.0,
                e = y + 6.0,
                f = x - 8.0,
                g = x - 4.0
            ),
        };
        let _ = write!(
            s,
            r##"{shape}<title>the {figure} on {feature}</title></path>"##,
            figure = magic.figure,
            feature = magic.feature
        );
    }
    if let Some((from, direction, target)) = game.flight() {
        // The flight under way: a dashed arrow from the flying machine, to the target once the
        // die has been rolled.
        let (x0, y0) = px(from, (0.5, 0.5));
        let (dx, dy) = unit(direction);
        let (x1, y1) = match target {
            Some(to) => px(to, (0.5, 0.5)),
            None => (x0 + dx * t * 0.9, y0 + dy * t * 0.9),
        };
        let _ = write!(
            s,
            r##"<g><title>flight {direction}</title><line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}" stroke="#333" stroke-width="2" stroke-dasharray="5 3"/><circle cx="{x1:.1}" cy="{y1:.1}" r="4" fill="#333"/></g>"##
        );
    }
    if let Some(last) = game
        .last_placed()
        .or_else(|| board.tiles().last().filter(|_| board.len() > 1))
    {
        let (x0, y0) = px(last.pos, (0.0, 0.0));
        let _ = write!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{t}" height="{t}" fill="none" stroke="#ff7f0e" stroke-width="3"/>"##
        );
    }
    for f in game.figures() {
        let Some(at) = segment_anchor(game, f.pos, f.feature, f.location) else {
            continue;
        };
        let (x, y) = px(f.pos, at);
        let colour = PLAYER_COLOURS[f.player % PLAYER_COLOURS.len()];
        let (shape, tag) = match f.figure {
            Figure::Builder => (
                format!(
                    r#"<rect x="{:.1}" y="{:.1}" width="11" height="11""#,
                    x - 5.5,
                    y - 5.5
                ),
                "rect",
            ),
            Figure::Pig => (
                format!(r#"<ellipse cx="{x:.1}" cy="{y:.1}" rx="6" ry="4""#),
                "ellipse",
            ),
            Figure::Ringmaster => (
                format!(
                    r#"<path d="M{x:.1},{:.1} L{:.1},{y:.1} L{x:.1},{:.1} L{:.1},{y:.1}Z""#,
                    y - 8.0,
                    x + 8.0,
                    y + 8.0,
                    x - 8.0
                ),
                "path",
            ),
            Figure::Follower | Figure::LargeFollower => {
                let r = if f.figure == Figure::LargeFollower {
                    8.5
                } else {
                    6.5
                };
                if f.feature == FeatureKind::Field {
                    (
                        format!(
                            r#"<ellipse cx="{x:.1}" cy="{y:.1}" rx="{:.1}" ry="{:.1}""#,
                            r * 1.25,
                            r * 0.8
                        ),
                        "ellipse",
                    )
                } else {
                    (
                        format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}""#),
                        "circle",
                    )
                }
            }
        };
        let _ = write!(
            s,
            r##"{shape} fill="{colour}" stroke="white" stroke-width="1.5"><title>player {p} {figure} on {feature}</title></{tag}>"##,
            p = f.player + 1,
            figure = f.figure,
            feature = f.feature,
        );
    }
    s.push_str("</svg>");
    s
}
