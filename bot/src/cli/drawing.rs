//! What the drawing commands (`render`, `replay`) draw around the board, from the same options:
//! `--viewer N` (the side the board is seen from), `--name NAME` (once per seat, in seat
//! order) and `--lang en|ru` (the language of every label).

use engine::Seat;
use render::Language;

use super::Failure;

/// The options `render` and `replay` share.
#[derive(clap::Args, Debug, Clone)]
pub struct DrawingArgs {
    /// Turn the board to this seat's side (1 is the first seat).
    #[arg(long, value_name = "N")]
    pub viewer: Option<String>,
    /// A player's name, once per seat in seat order.
    #[arg(long = "name", value_name = "NAME")]
    pub names: Vec<String>,
    /// The language of the labels.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
}

/// The languages a drawing is labelled in.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
}

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
    /// Reads the options for a game of `seats` seats: the viewer must be one of them.
    pub fn read(args: &DrawingArgs, seats: usize) -> Result<Drawing, Failure> {
        let viewer = match &args.viewer {
            None => None,
            Some(n) => {
                Some(Seat::parse_number(n).filter(|s| s.index() < seats).ok_or_else(|| {
                    Failure::usage(format!("`--viewer` takes a seat number, not `{n}`"))
                })?)
            }
        };
        let language = match args.lang {
            Lang::En => Language::English,
            Lang::Ru => Language::Russian,
        };
        Ok(Drawing { viewer, names: args.names.clone(), language })
    }
}
