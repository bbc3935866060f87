//! `/analyse`'s work after the command (issue 29): an analysis is owed to the chat that asked,
//! as posts in the outbox, and prepared off the command's path.
//!
//! The command checks the request and records two posts (the lessons with the boards before
//! them; the value curve), each naming its analysis by [`AnalysisSpec`] rather than holding
//! it, as a board post names its board. The posts are durable: a restart before they are sent
//! prepares the analysis again (it is deterministic), so an acknowledged request is answered.
//! The delivery loop asks [`prepared`] for a post's content: while the analysis is being
//! prepared ([`Analyses`], on a worker thread of its own) the post is put back for a moment
//! and the loop goes on with other posts; once ready, it is worded and drawn and sent.
//!
//! The posts are not ordered against their chat's other posts (`NewPost::chat` is empty), so
//! a move's board is never held behind an analysis being prepared.
//!
//! `words` writes the lessons (each reason in the game's own terms by `reasons`), `pictures`
//! draws the boards and the curve, `work` prepares the analysis.

mod pictures;
mod reasons;
mod words;
mod work;

use data::GameId;
use engine::AnyGame;
use serde::{Deserialize, Serialize};

use crate::core::event::Image;
use crate::core::lang::Lang;
use crate::core::Core;
pub use work::Analyses;
use work::State;

/// How long a post whose analysis is being prepared waits before the delivery loop looks again.
pub const PREPARING_POLL_MS: u64 = 1_000;

/// An analysis post, named rather than written: what it analyses and which part it shows.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AnalysisSpec {
    /// The game.
    pub game: GameId,
    /// How many of its actions were played when the analysis was asked.
    pub upto: u64,
    /// The language of its words.
    pub lang: String,
    /// Which of the two posts.
    pub part: Part,
}

/// The two posts of an analysis.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Part {
    /// The costly turns in words, with the boards before them.
    Lessons,
    /// The value curve.
    Curve,
}

/// A post's content, if its analysis is ready.
pub(crate) enum Prepared {
    /// Ready to send.
    Ready { text: String, image: Option<Image> },
    /// Still being prepared: look again in [`PREPARING_POLL_MS`].
    NotYet,
    /// It cannot be made: why (the post is given up).
    Failed(String),
}

/// Starts preparing the analysis `spec` names, if it is not prepared or being prepared.
pub(crate) fn start(core: &Core, spec: &AnalysisSpec) {
    let _ = core.analyses().state_or_start((spec.game, spec.upto), || load(core, spec));
}

/// The content of the post `spec` names, worded and drawn now if its analysis is ready (and
/// the analysis started if it is neither ready nor being prepared: after a restart).
pub(crate) fn prepared(core: &Core, spec: &AnalysisSpec) -> Prepared {
    let header = match core.store().game_header(spec.game) {
        Ok(Some(header)) => header,
        Ok(None) => return Prepared::Failed(format!("game {} is not in the store", spec.game)),
        // The store is failing for now: the post stays owed.
        Err(_) => return Prepared::NotYet,
    };
    let analysis = match core.analyses().state_or_start((spec.game, spec.upto), || load(core, spec))
    {
        State::Ready(analysis) => analysis,
        State::Preparing => return Prepared::NotYet,
        State::Failed(why) => return Prepared::Failed(why),
    };
    let lang = Lang::parse(&spec.lang).unwrap_or(Lang::En);
    let words = words::Words::new(&header, &analysis, lang);
    match spec.part {
        Part::Lessons => Prepared::Ready {
            text: words.lessons(),
            image: pictures::boards_before(core, &header, &analysis, &words),
        },
        Part::Curve => Prepared::Ready {
            text: words.curve_caption(),
            image: pictures::curve(core, &header, &analysis, &words),
        },
    }
}

/// The game's first position and its first `spec.upto` actions, as stored.
fn load(core: &Core, spec: &AnalysisSpec) -> Result<(AnyGame, Vec<String>), String> {
    let record = match core.store().game(spec.game) {
        Ok(Some(record)) => record,
        Ok(None) => return Err(format!("game {} is not in the store", spec.game)),
        Err(e) => return Err(format!("game {} could not be read: {e}", spec.game)),
    };
    let h = &record.header;
    let initial = AnyGame::from_position(h.kind, &h.initial_position)
        .map_err(|e| format!("game {}'s first position does not read: {e}", spec.game))?;
    let upto = spec.upto as usize;
    Ok((initial, record.actions.iter().take(upto).map(|a| a.action.clone()).collect()))
}
