//! Rendering a board for people: as text (5×3 characters per tile, north up).
//!
//! In the text form `#` is city, `-` and `|` road, `.` field, `M` a monastery, `+` a road
//! junction or bend; a digit is a follower of that player (1-based) on the feature drawn there.

use crate::board::PlacedTile;
use crate::game::Game;
use crate::geometry::rotate_points;
use crate::tile::FeatureKind;

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

/// The board of `game` as text: one 5×3 block per tile, north up, empty positions blank, with
/// followers drawn as their owner's seat number (1-based).
pub fn board_text(game: &Game) -> String {
    let board = game.board();
    let (min, max) = board.bounds();
    let cols = (max.x - min.x + 1) as usize;
    let rows = (max.y - min.y + 1) as usize;
    let mut grid = vec![vec![' '; cols * WIDTH]; rows * HEIGHT];
    for placed in board.tiles() {
        let block = tile_block(placed);
        let x0 = (placed.pos.x - min.x) as usize * WIDTH;
        let y0 = (placed.pos.y - min.y) as usize * HEIGHT;
        for (r, line) in block.iter().enumerate() {
            for (c, ch) in line.iter().enumerate() {
                grid[y0 + r][x0 + c] = *ch;
            }
        }
    }
    for f in game.figures() {
        let Some(placed) = board.tile_at(f.pos) else {
            continue;
        };
        let cell = figure_cell(f.feature, f.location.bits());
        let x = (placed.pos.x - min.x) as usize * WIDTH + cell.0;
        let y = (placed.pos.y - min.y) as usize * HEIGHT + cell.1;
        grid[y][x] = char::from_digit(f.player as u32 + 1, 10).unwrap_or('?');
    }
    let mut out = format!(
        "x {}..{} (west to east), y {}..{} (north to south)\n",
        min.x, max.x, min.y, max.y
    );
    for line in grid {
        out.push_str(line.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

/// The 5×3 characters of one placed tile.
fn tile_block(placed: &PlacedTile) -> [[char; WIDTH]; HEIGHT] {
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
    if block[1][2] != 'M' && road_ends > 0 {
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
    if feature == FeatureKind::Monastery || location & 0x0FFF == 0 {
        return (2, 1);
    }
    POINT_CELLS[(location.trailing_zeros() as usize).min(11)]
}
