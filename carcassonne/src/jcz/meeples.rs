//! JCloisterZone's meeple ids (`<player>.<type>.<n>`, `n` from 1 per player and type): which
//! numbered figure stands where, so that an import can check the ids a file names and find the
//! figure a Count message moves, and an export can name figures as JCloisterZone's client does
//! (the lowest number in supply).

use crate::config::MAX_PLAYERS;
use crate::events::Event;
use crate::figure::Figure;
use crate::geometry::{Location, Position};
use crate::quarter::Quarter;

use super::names;

/// Where a numbered figure is when it is not in supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spot {
    /// On a feature of the board.
    Board(Position, Location),
    /// In a quarter of the City.
    City(Quarter),
    /// An acrobat on the acrobat site of the tile at this position.
    Acrobats(Position),
}

/// One figure out of supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Out {
    player: u8,
    figure: Figure,
    number: u8,
    spot: Spot,
}

/// The numbered figures of every player.
#[derive(Clone, Debug)]
pub(crate) struct MeepleIds {
    /// Figures of each kind per player (numbers `1..=count`).
    counts: [[u8; Figure::COUNT]; MAX_PLAYERS],
    /// The figures out of supply.
    out: Vec<Out>,
}

/// A parsed meeple id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MeepleId {
    pub player: usize,
    pub figure: Figure,
    pub number: u8,
}

impl MeepleId {
    /// Parses `<player>.<type>.<n>`.
    pub fn parse(id: &str) -> Result<MeepleId, String> {
        let mut parts = id.split('.');
        let (Some(player), Some(kind), Some(number), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("meeple id {id:?} is not <player>.<type>.<n>"));
        };
        let player = player
            .parse()
            .map_err(|_| format!("meeple id {id:?}: {player:?} is not a seat number"))?;
        let figure = names::figure_from_meeple_type(kind).ok_or_else(|| {
            format!("meeple id {id:?}: figure type {kind:?} is not supported (small, big, builder, pig)")
        })?;
        let number = number
            .parse()
            .map_err(|_| format!("meeple id {id:?}: {number:?} is not a number"))?;
        Ok(MeepleId {
            player,
            figure,
            number,
        })
    }

    /// The id as JCloisterZone writes it.
    pub fn text(&self) -> String {
        format!(
            "{}.{}.{}",
            self.player,
            names::meeple_type(self.figure),
            self.number
        )
    }
}

impl MeepleIds {
    /// Every player with `counts[figure index]` figures of each kind, all in supply.
    pub fn new(players: usize, counts: [u8; Figure::COUNT]) -> MeepleIds {
        let mut all = [[0; Figure::COUNT]; MAX_PLAYERS];
        for c in all.iter_mut().take(players) {
            *c = counts;
        }
        MeepleIds {
            counts: all,
            out: Vec::new(),
        }
    }

    fn is_out(&self, player: u8, figure: Figure, number: u8) -> bool {
        self.out
            .iter()
            .any(|o| (o.player, o.figure, o.number) == (player, figure, number))
    }

    /// The lowest-numbered figure of this kind in `player`'s supply.
    pub fn lowest_in_supply(&self, player: usize, figure: Figure) -> Option<u8> {
        let count = self.counts.get(player)?[figure.index()];
        (1..=count).find(|&n| !self.is_out(player as u8, figure, n))
    }

    /// Whether `id` names a figure in its owner's supply.
    pub fn in_supply(&self, id: MeepleId) -> bool {
        let count = self
            .counts
            .get(id.player)
            .map_or(0, |c| c[id.figure.index()]);
        (1..=count).contains(&id.number) && !self.is_out(id.player as u8, id.figure, id.number)
    }

    /// Where the figure `id` is, when out of supply.
    pub fn spot(&self, id: MeepleId) -> Option<Spot> {
        self.out
            .iter()
            .find(|o| (o.player as usize, o.figure, o.number) == (id.player, id.figure, id.number))
            .map(|o| o.spot)
    }

    /// The lowest-numbered figure of `player` of this kind on the board at `pos`, `location`.
    pub fn on_board(
        &self,
        player: usize,
        figure: Figure,
        pos: Position,
        location: Location,
    ) -> Option<u8> {
        self.out
            .iter()
            .filter(|o| {
                (o.player as usize, o.figure, o.spot)
                    == (player, figure, Spot::Board(pos, location))
            })
            .map(|o| o.number)
            .min()
    }

    /// The lowest-numbered figure of `player` of this kind in quarter `quarter`.
    pub fn in_quarter(&self, player: usize, figure: Figure, quarter: Quarter) -> Option<u8> {
        self.out
            .iter()
            .filter(|o| {
                (o.player as usize, o.figure, o.spot) == (player, figure, Spot::City(quarter))
            })
            .map(|o| o.number)
            .min()
    }

    /// Follows one engine event: a deployment, an acrobat or an entry takes `chosen` (the
    /// number a file named) or the lowest number in supply; a move out of the City moves
    /// `chosen` or the lowest-numbered figure of that kind in the quarter; a return frees
    /// `chosen` if it stands at that spot, else the first figure of that kind there.
    pub fn follow(&mut self, event: &Event, chosen: Option<u8>) {
        match *event {
            Event::FigureDeployed {
                player,
                figure,
                pos,
                location,
                ..
            } => self.take(player, figure, chosen, Spot::Board(pos, location)),
            Event::FigureEnteredCity {
                player,
                figure,
                quarter,
            } => self.take(player, figure, chosen, Spot::City(quarter)),
            Event::FigureLeftCity {
                player,
                figure,
                quarter,
                pos,
                location,
                ..
            } => {
                let number = chosen.or_else(|| self.in_quarter(player, figure, quarter));
                if let Some(o) = self.out.iter_mut().find(|o| {
                    (o.player as usize, o.figure, Some(o.number), o.spot)
                        == (player, figure, number, Spot::City(quarter))
                }) {
                    o.spot = Spot::Board(pos, location);
                }
            }
            Event::AcrobatDeployed { player, pos } => {
                self.take(player, Figure::Follower, chosen, Spot::Acrobats(pos))
            }
            Event::AcrobatReturned { player, pos } => {
                if let Some(i) = self.out.iter().position(|o| {
                    (o.player as usize, o.figure, o.spot)
                        == (player, Figure::Follower, Spot::Acrobats(pos))
                }) {
                    self.out.remove(i);
                }
            }
            Event::FigureReturned {
                player,
                figure,
                pos,
                location,
                ..
            } => {
                let at = |o: &Out| {
                    (o.player as usize, o.figure, o.spot)
                        == (player, figure, Spot::Board(pos, location))
                };
                // The figure a file named (a crop circle's return), else the first there.
                let named = self
                    .out
                    .iter()
                    .position(|o| at(o) && Some(o.number) == chosen);
                if let Some(i) = named.or_else(|| self.out.iter().position(at)) {
                    self.out.remove(i);
                }
            }
            _ => {}
        }
    }

    fn take(&mut self, player: usize, figure: Figure, chosen: Option<u8>, spot: Spot) {
        let number = chosen.or_else(|| self.lowest_in_supply(player, figure));
        if let Some(number) = number {
            self.out.push(Out {
                player: player as u8,
                figure,
                number,
                spot,
            });
        }
    }
}
