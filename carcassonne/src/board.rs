//! The board: which tile lies where, and the open positions where the next tile may go.
//!
//! Built for speed: a dense grid that grows as needed, and an incrementally maintained list of
//! open positions (empty positions beside a tile), each with the edge types its neighbours
//! require. Testing a placement is one mask comparison (spec B-3.1, B-3.2).

use crate::geometry::{Position, Rotation, Side};
use crate::tile::{
    constraint_code, fitting, fitting_entry, EdgeKind, TileId, TileKind, FITTING_TABLE,
};

/// Grid cell: nothing there.
const EMPTY: u16 = 0;
/// Grid cell flag: an open position; the low 15 bits index the frontier.
const OPEN: u16 = 0x8000;

/// The rotations of each entry of a fitting table ([`fitting_entry`]: the rotation set in
/// its low four bits, bit `r` for `r` quarter turns), increasing, one per byte from the lowest;
/// the bytes beyond their number are 0 (padding that [`Board::for_each_placement_chunk`]
/// overwrites). Indexed by the whole entry, count bits included, so that the scan does not
/// mask them off: 1 KB, where the 16 rotation sets alone would take 64 bytes.
const ROTATION_BYTES: [u32; 256] = {
    let mut bytes = [0u32; 256];
    let mut entry = 0;
    while entry < 256 {
        let set = entry & 15;
        let (mut r, mut k) = (0, 0);
        while r < 4 {
            if set & (1 << r) != 0 {
                bytes[entry] |= (r as u32) << (8 * k);
                k += 1;
            }
            r += 1;
        }
        entry += 1;
    }
    bytes
};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedTile {
    /// Which tile.
    pub tile: TileId,
    /// Where.
    pub pos: Position,
    /// Its rotation.
    pub rotation: Rotation,
    /// Index of its first feature node; segment `i` is node `node_base + i`.
    pub(crate) node_base: u16,
}

/// An empty position beside at least one tile, with the edge types its neighbours require,
/// as a constraint code (see `tile::constraint_code`): a tile kind's `fitting_rotations` at
/// this code are the rotations that fit here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OpenPosition {
    pub pos: Position,
    pub constraint: u16,
}

impl OpenPosition {
    /// The rotations of `kind` that fit here: bit `r` for `r` quarter turns.
    #[inline]
    pub fn fitting(&self, kind: &TileKind) -> u8 {
        crate::tile::fitting(kind.fitting_table(), self.constraint)
    }
}

/// The tiles on the board and the open positions around them.
///
/// `clone_from` copies into the destination's buffers (no allocation once they are large
/// enough).
#[derive(Debug)]
pub struct Board {
    cells: Vec<u16>,
    x0: i32,
    y0: i32,
    width: i32,
    height: i32,
    tiles: Vec<PlacedTile>,
    open: Vec<OpenPosition>,
}

clone_by_fields!(Board {
    cells,
    x0,
    y0,
    width,
    height,
    tiles,
    open,
});

impl Board {
    /// An empty board.
    pub(crate) fn new(capacity: usize) -> Board {
        let (x0, y0, width, height) = (-8, -8, 16, 16);
        Board {
            cells: vec![EMPTY; (width * height) as usize],
            x0,
            y0,
            width,
            height,
            tiles: Vec::with_capacity(capacity),
            open: Vec::with_capacity(64),
        }
    }

    #[inline]
    fn cell_index(&self, pos: Position) -> Option<usize> {
        let dx = pos.x.wrapping_sub(self.x0);
        let dy = pos.y.wrapping_sub(self.y0);
        if (dx as u32) < self.width as u32 && (dy as u32) < self.height as u32 {
            Some((dy * self.width + dx) as usize)
        } else {
            None
        }
    }

    #[inline]
    fn cell(&self, pos: Position) -> u16 {
        self.cell_index(pos).map_or(EMPTY, |i| self.cells[i])
    }

    /// Index (placement order) of the tile at `pos`, if any.
    #[inline]
    pub(crate) fn tile_index_at(&self, pos: Position) -> Option<usize> {
        let c = self.cell(pos);
        (c != EMPTY && c & OPEN == 0).then(|| (c - 1) as usize)
    }

    /// The tile at `pos`, if any.
    #[inline(always)]
    pub fn tile_at(&self, pos: Position) -> Option<&PlacedTile> {
        self.tile_index_at(pos).map(|i| &self.tiles[i])
    }

    /// Every tile on the board, in the order they were placed (the start tile first).
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// Number of tiles on the board.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the board is empty (never the case in a game: the start tile is placed first).
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The smallest rectangle holding every tile: `(min, max)` corners, inclusive.
    pub fn bounds(&self) -> (Position, Position) {
        let mut min = Position::new(0, 0);
        let mut max = Position::new(0, 0);
        for (i, t) in self.tiles.iter().enumerate() {
            if i == 0 {
                min = t.pos;
                max = t.pos;
            }
            min = Position::new(min.x.min(t.pos.x), min.y.min(t.pos.y));
            max = Position::new(max.x.max(t.pos.x), max.y.max(t.pos.y));
        }
        (min, max)
    }

    /// Bytes a clone of this board copies on the heap.
    pub(crate) fn heap_size(&self) -> usize {
        self.cells.len() * 2
            + self.tiles.len() * std::mem::size_of::<PlacedTile>()
            + self.open.len() * std::mem::size_of::<OpenPosition>()
    }

    /// The empty positions next to the board, with their edge requirements.
    pub(crate) fn open_positions(&self) -> &[OpenPosition] {
        &self.open
    }

    /// Calls `visit` with each open position where a tile whose fitting table is `table` fits,
    /// and its fitting rotations (bit `r` for `r` quarter turns; never 0), in the order of
    /// [`Board::open_positions`].
    ///
    /// The positions are first gathered without a branch, 64 at a time (each index written,
    /// the count advanced by whether the tile fits), then visited: whether a tile fits follows
    /// no pattern from one position to the next, and a branch on it was mispredicted at about
    /// 44% of positions.
    #[inline(always)]
    pub(crate) fn for_each_fitting(
        &self,
        table: &[u8; FITTING_TABLE],
        mut visit: impl FnMut(&OpenPosition, u8),
    ) {
        for chunk in self.open.chunks(64) {
            let mut fitting_at = [0u8; 64];
            let mut n = 0;
            for (i, o) in chunk.iter().enumerate() {
                fitting_at[n & 63] = i as u8;
                n += usize::from(fitting_entry(table, o.constraint) != 0);
            }
            for &i in &fitting_at[..n] {
                let o = &chunk[usize::from(i)];
                visit(o, fitting(table, o.constraint));
            }
        }
    }

    /// Calls `visit(chunk, placements)` for each run `chunk` of at most 63 open positions, in
    /// the order of [`Board::open_positions`], with the placements there of a tile whose
    /// fitting table is `table`: one byte `4 * i + r` for its rotation of `r` quarter turns at
    /// `chunk[i]`, positions in order and each one's rotations increasing (the order of the
    /// legal actions, spec B-3.1).
    ///
    /// Built without a branch on whether the tile fits (it follows no pattern from one
    /// position to the next): each position writes four bytes, its rotations and padding,
    /// from a table, and the count advances by its number of rotations, so the next
    /// position's bytes overwrite the padding.
    #[inline(always)]
    pub(crate) fn for_each_placement_chunk(
        &self,
        table: &[u8; FITTING_TABLE],
        mut visit: impl FnMut(&[OpenPosition], &[u8]),
    ) {
        for chunk in self.open.chunks(63) {
            // At most four placements at each of 63 positions, and the last one's padding: a
            // count of at most 252 indexes the array, as a byte, without a bounds check.
            let mut placements = [0u8; 256 + 3];
            let mut n = 0u8;
            // The position's index `i` < 63 as `4 * i` in each of the four bytes.
            let mut index = 0u32;
            let mut add = |o: &OpenPosition, index: u32| {
                let entry = fitting_entry(table, o.constraint);
                let bytes = ROTATION_BYTES[usize::from(entry)] | index;
                placements[usize::from(n)..][..4].copy_from_slice(&bytes.to_le_bytes());
                n += entry >> 4;
            };
            // Two positions a step (the loop's own instructions were a fifth of the scan's).
            let pairs = chunk.chunks_exact(2);
            let last = pairs.remainder();
            for pair in pairs {
                add(&pair[0], index);
                add(&pair[1], index + 0x0404_0404);
                index += 2 * 0x0404_0404;
            }
            if let [o] = last {
                add(o, index);
            }
            visit(chunk, &placements[..usize::from(n)]);
        }
    }

    /// The open position at `pos`, if `pos` is one.
    #[inline(always)]
    pub(crate) fn open_at(&self, pos: Position) -> Option<&OpenPosition> {
        let c = self.cell(pos);
        (c & OPEN != 0).then(|| &self.open[(c & !OPEN) as usize])
    }

    /// Number of the eight positions around `pos` that hold a tile.
    pub(crate) fn count_surrounding(&self, pos: Position) -> u8 {
        pos.surrounding()
            .iter()
            .filter(|p| self.tile_index_at(**p).is_some())
            .count() as u8
    }

    /// Makes the grid cover `pos` and its four neighbours.
    fn ensure_covers(&mut self, pos: Position) {
        let need_x0 = pos.x - 1;
        let need_y0 = pos.y - 1;
        let need_x1 = pos.x + 1;
        let need_y1 = pos.y + 1;
        if need_x0 >= self.x0
            && need_y0 >= self.y0
            && need_x1 < self.x0 + self.width
            && need_y1 < self.y0 + self.height
        {
            return;
        }
        let grow = 8;
        let x0 = if need_x0 < self.x0 {
            need_x0 - grow
        } else {
            self.x0
        };
        let y0 = if need_y0 < self.y0 {
            need_y0 - grow
        } else {
            self.y0
        };
        let x1 = (self.x0 + self.width).max(need_x1 + 1 + grow);
        let y1 = (self.y0 + self.height).max(need_y1 + 1 + grow);
        let (width, height) = (x1 - x0, y1 - y0);
        let mut cells = vec![EMPTY; (width * height) as usize];
        for row in 0..self.height {
            let src = (row * self.width) as usize;
            let dst = ((row + self.y0 - y0) * width + (self.x0 - x0)) as usize;
            cells[dst..dst + self.width as usize]
                .copy_from_slice(&self.cells[src..src + self.width as usize]);
        }
        self.cells = cells;
        self.x0 = x0;
        self.y0 = y0;
        self.width = width;
        self.height = height;
    }

    /// Lays `tile` at `pos` (which must be empty) and updates the open positions.
    /// `edges[s]` is the tile's edge type on side `s` after rotation.
    /// Returns the board indices of the tiles beside it, side by side (`Side::ALL` order), so
    /// that joining its features does not look them up again.
    pub(crate) fn place(
        &mut self,
        tile: TileId,
        pos: Position,
        rotation: Rotation,
        node_base: u16,
        edges: [EdgeKind; 4],
    ) -> [Option<u16>; 4] {
        self.ensure_covers(pos);
        let index = self.tiles.len();
        // The grid covers `pos` and its four neighbours now: the neighbours' cells are one
        // row up and down, one cell left and right.
        let width = self.width as usize;
        let at = ((pos.y - self.y0) * self.width + (pos.x - self.x0)) as usize;
        let c = self.cells[at];
        if c & OPEN != 0 {
            let slot = (c & !OPEN) as usize;
            self.open.swap_remove(slot);
            if slot < self.open.len() {
                let moved = self.open[slot].pos;
                if let Some(i) = self.cell_index(moved) {
                    self.cells[i] = OPEN | slot as u16;
                }
            }
        }
        self.cells[at] = index as u16 + 1;
        self.tiles.push(PlacedTile {
            tile,
            pos,
            rotation,
            node_base,
        });
        let mut neighbours = [None; 4];
        for (side, qi) in Side::ALL
            .into_iter()
            .zip([at - width, at + 1, at + width, at - 1])
        {
            let need = constraint_code(side.opposite(), edges[side.index() as usize]);
            let c = self.cells[qi];
            if c == EMPTY {
                self.cells[qi] = OPEN | self.open.len() as u16;
                self.open.push(OpenPosition {
                    pos: pos.neighbour(side),
                    constraint: need,
                });
            } else if c & OPEN != 0 {
                self.open[(c & !OPEN) as usize].constraint += need;
            } else {
                neighbours[side.index() as usize] = Some(c - 1);
            }
        }
        neighbours
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::catalogue;

    #[test]
    fn grid_grows_in_every_direction_and_keeps_tiles() {
        let d = catalogue().find("D").unwrap();
        let mut board = Board::new(8);
        let bits = [EdgeKind::Field; 4];
        board.place(d, Position::new(0, 0), Rotation::R0, 0, bits);
        for i in 1..=13 {
            for side in Side::ALL {
                let (dx, dy) = match side {
                    Side::N => (0, -i),
                    Side::E => (i, 0),
                    Side::S => (0, i),
                    Side::W => (-i, 0),
                };
                board.place(d, Position::new(dx, dy), Rotation::R90, 0, bits);
            }
        }
        assert_eq!(board.len(), 53);
        for (i, t) in board.tiles().iter().enumerate() {
            assert_eq!(board.tile_index_at(t.pos), Some(i));
        }
        for o in board.open_positions() {
            assert!(board.tile_at(o.pos).is_none());
            assert_eq!(board.open_at(o.pos), Some(o));
        }
    }
}
