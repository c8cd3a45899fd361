//! The main stack: the tiles left to draw, as copies per tile kind. Tiles an expansion deals
//! first (the river's, RV-2) are held by that expansion; see `expansions::river`.

use crate::config::Config;
use crate::tile::{TileId, TileSet};

/// The tiles left in the main stack, as counts per tile kind.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Stack {
    /// Copies left per tile kind, up to the last kind the game uses.
    counts: Vec<u16>,
    /// Tiles left (the sum of `counts`).
    remaining: u32,
}

clone_by_fields!(Stack { counts, remaining });

impl Stack {
    /// The main stack of `config`: its custom stack, or every tile of its sets less one copy of
    /// the start tile (see [`Config::stack_tiles`]), less the copies `hold_aside(tile, copies)`
    /// takes for the stack of an expansion (it returns true when it took them).
    pub fn of(config: &Config, mut hold_aside: impl FnMut(TileId, u16) -> bool) -> Stack {
        // Sets whose kinds all carry the set's own tag and are all drawn, and nothing held
        // aside: copies straight from the catalogue (the common case).
        let plain = config.sets.iter().all(|s| {
            !matches!(
                s,
                TileSet::River
                    | TileSet::River2
                    | TileSet::Cult6
                    | TileSet::Count
                    | TileSet::BigTop1
                    | TileSet::FlyingMachines1
                    | TileSet::MageWitch1
            )
        });
        let tiles = crate::catalogue::catalogue().tiles();
        let mut counts;
        if config.stack.is_none() && plain {
            let wanted = config.sets.iter().fold(0u32, |m, s| m | 1 << *s as u32);
            let last = tiles
                .iter()
                .rposition(|k| wanted & (1 << k.set as u32) != 0);
            counts = vec![0; last.map_or(0, |l| l + 1)];
            for (count, kind) in counts.iter_mut().zip(tiles) {
                if wanted & (1 << kind.set as u32) != 0 {
                    *count = kind.count as u16;
                }
            }
            let start = config.start_tile().tile.index();
            if counts.get(start).is_some_and(|&c| c > 0) {
                counts[start] -= 1;
            }
        } else {
            counts = vec![0u16; tiles.len()];
            let mut add = |t: TileId, copies: u16| {
                if !hold_aside(t, copies) {
                    counts[t.index()] += copies;
                }
            };
            match &config.stack {
                Some(stack) => stack.iter().for_each(|&t| add(t, 1)),
                None => config.for_each_set_stack_count(add),
            }
            // Draws scan the counts: keep them only up to the last kind in play.
            counts.truncate(counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1));
        }
        let remaining = counts.iter().map(|&c| c as u32).sum();
        Stack { counts, remaining }
    }

    /// Tiles left.
    #[inline]
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// Removes one copy of `tile`; false (and nothing changes) if none is left.
    #[inline]
    pub fn take(&mut self, tile: TileId) -> bool {
        match self.counts.get_mut(tile.index()) {
            Some(c) if *c > 0 => {
                *c -= 1;
                self.remaining -= 1;
                true
            }
            _ => false,
        }
    }

    /// The stack as the source of a draw.
    #[inline]
    pub fn source(&self) -> DrawFrom<'_> {
        DrawFrom::Counts {
            counts: &self.counts,
            total: self.remaining,
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        self.counts.len() * std::mem::size_of::<u16>()
    }
}

/// The tiles one draw comes from: the main stack or one of an expansion's stacks (the
/// river's). The number of tiles, the `k`-th tile and the outcomes all come from this one
/// value, so they cannot disagree.
#[derive(Clone, Copy, Debug)]
pub(crate) enum DrawFrom<'a> {
    /// Exactly this tile (the River II fork, the spring, the next lake).
    One(TileId),
    /// Copies per tile kind, and their sum.
    Counts {
        /// Copies left per tile kind (index = tile number).
        counts: &'a [u16],
        /// The sum of `counts`.
        total: u32,
    },
}

impl DrawFrom<'_> {
    /// Tiles the draw chooses among.
    #[inline]
    pub fn total(&self) -> u32 {
        match self {
            DrawFrom::One(_) => 1,
            DrawFrom::Counts { total, .. } => *total,
        }
    }

    /// The `k`-th tile (0-based, in catalogue order of kinds), if `k < total()`.
    #[inline]
    pub fn nth(&self, mut k: u32) -> Option<TileId> {
        match self {
            DrawFrom::One(tile) => (k == 0).then_some(*tile),
            DrawFrom::Counts { counts, .. } => {
                // Whole blocks of kinds are skipped by their sums (which the compiler adds
                // with vector instructions), then the block holding tile `k` is scanned.
                const BLOCK: usize = 16;
                let mut first = 0;
                for block in counts.chunks_exact(BLOCK) {
                    let sum: u32 = block.iter().map(|&c| u32::from(c)).sum();
                    if k < sum {
                        break;
                    }
                    k -= sum;
                    first += BLOCK;
                }
                for (i, &c) in counts.iter().enumerate().skip(first) {
                    if k < c as u32 {
                        return Some(TileId(i as u16));
                    }
                    k -= c as u32;
                }
                None
            }
        }
    }

    /// Every tile kind the draw can give, with its copies.
    pub fn outcomes(&self) -> Vec<(TileId, u16)> {
        match self {
            DrawFrom::One(tile) => vec![(*tile, 1)],
            DrawFrom::Counts { counts, .. } => counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(i, &c)| (TileId(i as u16), c))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `k`-th tile of a draw, found kind by kind: the definition `nth` must agree with.
    fn kth_by_scan(counts: &[u16], k: u32) -> Option<TileId> {
        let mut left = k;
        for (i, &c) in counts.iter().enumerate() {
            if left < u32::from(c) {
                return Some(TileId(i as u16));
            }
            left -= u32::from(c);
        }
        None
    }

    /// The skip over whole blocks of kinds finds the same `k`-th tile as the scan, for every
    /// `k` and one past the end, with stacks of 1 to 260 kinds (block boundaries, empty
    /// blocks, a last partial block).
    #[test]
    fn a_draw_finds_the_kth_tile_in_catalogue_order() {
        for kinds in [1, 15, 16, 17, 24, 31, 32, 33, 100, 260] {
            let counts: Vec<u16> = (0..kinds)
                .map(|i| {
                    if (i / 16) % 3 == 1 {
                        0
                    } else {
                        ((i * 7 + i / 3) % 5) as u16
                    }
                })
                .collect();
            let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            let draw = DrawFrom::Counts {
                counts: &counts,
                total,
            };
            for k in 0..=total {
                assert_eq!(
                    draw.nth(k),
                    kth_by_scan(&counts, k),
                    "{kinds} kinds, k = {k}"
                );
            }
        }
    }
}
