//! What the drawing commands (`render`, `replay`) draw around the board, from the same flags:
//! `--viewer N` (the side the board is seen from), `--name NAME` (once per seat, in seat
//! order) and `--lang en|ru` (the language of every label).

use engine::Seat;
use render::Language;

use super::{Args, Failure};

/// The viewer, names and language of a drawing.
#[derive(Debug)]
pub struct Drawing {
    /// Whose side the board is seen from.
    pub viewer: Option<Seat>,
    /// Player names by seat.
    pub names: Vec<String>,
    /// The language of the labels.
    pub language: Language,
}

impl Drawing {
    /// Reads the flags for a game of `seats` seats.
    pub fn read(args: &Args, seats: usize) -> Result<Drawing, Failure> {
        let viewer = match args.value("viewer") {
            None => None,
            Some(n) => {
                Some(Seat::parse_number(n).filter(|s| s.index() < seats).ok_or_else(|| {
                    Failure::usage(format!("`--viewer` takes a seat number, not `{n}`"))
                })?)
            }
        };
        let language = match args.value("lang") {
            None | Some("en") => Language::English,
            Some("ru") => Language::Russian,
            Some(other) => {
                return Err(Failure::usage(format!("`--lang` takes en or ru, not `{other}`")))
            }
        };
        let names =
            args.flags.iter().filter(|(n, _)| n == "name").map(|(_, v)| v.clone()).collect();
        Ok(Drawing { viewer, names, language })
    }
}
