//! Features: connected components of segments across tiles (spec §1.6), kept in a union-find
//! whose every node points at its root (a join relabels the smaller component's members).
//!
//! Every segment of every placed tile is a node. Placing a tile joins its nodes to the
//! neighbours' across each shared edge. Each root keeps what scoring and deployment need in
//! O(1): the number of open edge ends (a road or city is complete at zero), the number of
//! figures on the feature, and a circular list of its members for the rare walks (tile counts,
//! pennants, adjacent cities) done at scoring time. Nothing here allocates per move beyond the
//! new nodes.

use crate::tile::FeatureKind;

/// Index of a node (a segment of a placed tile).
pub(crate) type NodeId = u16;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The root of the node's component (a root is its own parent).
    parent: NodeId,
    /// Next member in the circular member list of the node's component.
    next: NodeId,
    /// Component size (valid at roots): the smaller component is relabelled on a join.
    size: u16,
    /// Open edge ends (valid at roots): for roads, rivers and cities, the edges of its segments
    /// not yet matched by a neighbour.
    open: u16,
    /// Placed-tile index of this segment.
    pub tile: u16,
    /// Segment index within its tile.
    pub segment: u8,
    /// Figures on the component (valid at roots).
    figures: u16,
    /// Feature kind.
    pub kind: FeatureKind,
}

impl Node {
    /// Open edge ends of the component, if this node is its root (else meaningless).
    #[inline]
    pub fn open(&self) -> u16 {
        self.open
    }
}

/// All feature nodes of a game.
#[derive(Debug, Default)]
pub(crate) struct Features {
    nodes: Vec<Node>,
}

clone_by_fields!(Features { nodes });

impl Features {
    pub fn with_capacity(n: usize) -> Features {
        Features {
            nodes: Vec::with_capacity(n),
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
    }

    /// Number of nodes, i.e. the id the next node will get.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a node for each segment of the tile at board index `tile`, in segment order: each
    /// `(kind, open)` is the segment's feature kind and its open edge ends. Their ids follow
    /// the last node's.
    #[inline(always)]
    pub fn add_tile(
        &mut self,
        tile: u16,
        segments: impl ExactSizeIterator<Item = (FeatureKind, u16)>,
    ) {
        let first = self.nodes.len();
        self.nodes
            .extend(segments.enumerate().map(|(segment, (kind, open))| {
                let id = (first + segment) as NodeId;
                Node {
                    parent: id,
                    next: id,
                    size: 1,
                    open,
                    tile,
                    segment: segment as u8,
                    figures: 0,
                    kind,
                }
            }));
    }

    /// Makes node `n` a component of its own again, with `open` open edge ends and no figure
    /// (for rebuilding every component that holds it).
    pub fn reset(&mut self, n: NodeId, open: u16) {
        let node = &mut self.nodes[n as usize];
        node.parent = n;
        node.next = n;
        node.size = 1;
        node.open = open;
        node.figures = 0;
    }

    #[inline]
    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n as usize]
    }

    /// The root of `n`'s component: one load, since every node's parent is its root
    /// ([`Features::connect`] relabels the smaller component's members).
    #[inline(always)]
    pub fn find(&self, n: NodeId) -> NodeId {
        let root = self.nodes[n as usize].parent;
        debug_assert_eq!(self.nodes[root as usize].parent, root, "a parent is a root");
        root
    }

    /// Whether `n` is the root of its component (each component has exactly one).
    #[inline]
    pub fn is_root(&self, n: NodeId) -> bool {
        self.nodes[n as usize].parent == n
    }

    /// Joins the components of `a` and `b` through one shared edge. When `closes_ends` is set,
    /// the edge joins two edge ends (road, river, city middles), and two open ends are
    /// subtracted. Returns the new root.
    pub fn connect(&mut self, a: NodeId, b: NodeId, closes_ends: bool) -> NodeId {
        let (ra, rb) = (self.find(a), self.find(b));
        let root = if ra == rb {
            ra
        } else {
            let (big, small) = if self.nodes[ra as usize].size >= self.nodes[rb as usize].size {
                (ra, rb)
            } else {
                (rb, ra)
            };
            let s = self.nodes[small as usize];
            let b = &mut self.nodes[big as usize];
            b.size += s.size;
            b.open += s.open;
            b.figures += s.figures;
            // Splice the two circular member lists.
            let big_next = b.next;
            b.next = s.next;
            self.nodes[small as usize].next = big_next;
            // Every member of the smaller component now has the new root as its parent: a
            // node is relabelled at most log2(nodes) times in a game, and `find` is one load.
            let mut m = s.next;
            loop {
                self.nodes[m as usize].parent = big;
                m = self.nodes[m as usize].next;
                if m == big_next {
                    break;
                }
            }
            big
        };
        if closes_ends {
            let r = &mut self.nodes[root as usize];
            r.open = r.open.saturating_sub(2);
        }
        root
    }

    /// Open edge ends of the component of `n`.
    #[inline]
    pub fn open(&self, n: NodeId) -> u16 {
        self.nodes[self.find(n) as usize].open
    }

    /// Figures on the component of `n`.
    #[inline]
    pub fn figures(&self, n: NodeId) -> u16 {
        self.nodes[self.find(n) as usize].figures
    }

    /// Adds one figure to the component of `n`.
    pub fn add_figure(&mut self, n: NodeId) {
        let r = self.find(n) as usize;
        self.nodes[r].figures += 1;
    }

    /// Removes one figure from the component of `n` (a follower taken back by a crop circle).
    pub fn remove_figure(&mut self, n: NodeId) {
        let r = self.find(n) as usize;
        self.nodes[r].figures = self.nodes[r].figures.saturating_sub(1);
    }

    /// Records that the component of `n` holds no figure any more.
    pub fn clear_figures(&mut self, n: NodeId) {
        let r = self.find(n) as usize;
        self.nodes[r].figures = 0;
    }

    /// The members of the component whose root is `root` (any member works as a start).
    pub fn members(&self, root: NodeId) -> Members<'_> {
        Members {
            features: self,
            start: root,
            next: Some(root),
        }
    }
}

/// Iterator over a component's nodes.
pub(crate) struct Members<'a> {
    features: &'a Features,
    start: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Members<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        let following = self.features.nodes[n as usize].next;
        self.next = (following != self.start).then_some(following);
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adds one node, a tile's only segment; returns its id.
    fn add(f: &mut Features, kind: FeatureKind, tile: u16, open: u16) -> NodeId {
        f.add_tile(tile, [(kind, open)].into_iter());
        (f.len() - 1) as NodeId
    }

    #[test]
    fn connecting_merges_counts_and_members() {
        let mut f = Features::default();
        let a = add(&mut f, FeatureKind::Road, 0, 2);
        let b = add(&mut f, FeatureKind::Road, 1, 2);
        let c = add(&mut f, FeatureKind::Road, 2, 1);
        f.add_figure(a);
        f.connect(a, b, true);
        assert_eq!(f.open(a), 2);
        let r = f.connect(c, b, true);
        assert_eq!(f.open(c), 1);
        assert_eq!(f.figures(c), 1);
        let mut members: Vec<_> = f.members(r).collect();
        members.sort();
        assert_eq!(members, vec![a, b, c]);
        // Every member's parent is the root: a lookup is one load.
        for m in members {
            assert_eq!(f.find(m), r);
        }
        // A loop: joining a component to itself closes two more ends.
        f.connect(a, c, true);
        assert_eq!(f.open(b), 0);
    }
}
