//! Rules of the expansions, one module each. An expansion hooks into the turn at documented
//! points and costs a game without it nothing on the hot path.
//!
//! Inns & Cathedrals and Traders & Builders change only figures and scoring, which live with
//! the base rules they modify (`game`, `scoring`); the river changes placement and drawing;
//! the Cult placement and the scoring of monastic buildings; King & Robber Baron adds two
//! tokens scored at the end.

pub mod count;
pub mod cult;
pub mod king_and_robber;
pub mod river;
