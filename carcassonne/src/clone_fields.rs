//! `Clone` by fields, with a `clone_from` that reuses the destination's buffers.
//!
//! `#[derive(Clone)]` writes `clone_from` as `*self = source.clone()`, which allocates every
//! buffer anew. The game's state types implement `Clone` through `clone_by_fields!`
//! instead: `clone_from` calls `clone_from` on each field, so a `Vec` copies into the capacity
//! it already has, and copying a base game into one of its earlier copies allocates nothing
//! once the buffers are large enough (the cheap clone of a search's playouts). Lists of values
//! that own lists themselves (the score track's queued rounds and their awards) still clone
//! those inner lists anew.

/// Implements `Clone` for the struct `$ty` field by field: `clone` clones each field,
/// `clone_from` calls each field's `clone_from`. Both destructure the struct without `..`, so
/// a field added to the struct and not to the list fails to compile.
macro_rules! clone_by_fields {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl Clone for $ty {
            #[inline]
            fn clone(&self) -> Self {
                let $ty { $($field),+ } = self;
                $ty { $($field: Clone::clone($field)),+ }
            }

            #[inline]
            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),+ } = self;
                $( Clone::clone_from($field, &source.$field); )+
            }
        }
    };
}
