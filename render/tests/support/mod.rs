//! Shared by the render tests: reading a case file into a request.

use engine::{AnyGame, GameKind, Language, Seat};
use render::{LastTurn, Played};

/// One drawing case: a position and what is drawn around it.
#[derive(Debug)]
pub struct Case {
    /// The position drawn (after the last action, if any).
    pub game: AnyGame,
    /// The last completed turn and the turn in progress, played on the case's position.
    pub last: Option<LastTurn>,
    /// The viewer's seat.
    pub viewer: Option<Seat>,
    /// Player names.
    pub names: Vec<String>,
    /// The status line.
    pub status: Option<String>,
    /// The language of the labels (`lang: ru`; English by default).
    pub language: Language,
}

impl Case {
    /// Reads `key: value` lines: `position` (required), `last` (the last completed turn's
    /// actions), `now` (the actions of the turn in progress, played after `last`), `viewer`,
    /// `names` (separated by ` | `), `status`, `lang` (`en` or `ru`).
    pub fn parse(kind: GameKind, text: &str) -> Case {
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
                .map(|v| v.trim().to_string())
        };
        let position = field("position").expect("a case has a position");
        let mut game = AnyGame::from_position(kind, &position).expect("the case's position loads");
        let mut play = |line: String| {
            let before = game.clone();
            let actions = game.play_line(&line).expect("the case's actions are legal");
            Played { before, actions }
        };
        let completed = field("last").map(&mut play);
        let in_progress = field("now").map(&mut play);
        let last = (completed.is_some() || in_progress.is_some())
            .then_some(LastTurn { completed, in_progress });
        Case {
            game,
            last,
            viewer: field("viewer").and_then(|v| Seat::parse_number(&v)),
            names: field("names")
                .map(|n| n.split(" | ").map(str::to_string).collect())
                .unwrap_or_default(),
            status: field("status"),
            language: match field("lang").as_deref() {
                None | Some("en") => Language::English,
                Some("ru") => Language::Russian,
                Some(other) => panic!("unknown lang `{other}`"),
            },
        }
    }

    /// The request for this case.
    pub fn request(&self) -> render::RenderRequest<'_> {
        render::RenderRequest {
            game: &self.game,
            last: self.last.as_ref(),
            viewer: self.viewer,
            names: &self.names,
            status: self.status.as_deref(),
            language: self.language,
        }
    }
}
