//! What a platform may offer while a user types (Discord's autocomplete): the legal actions of
//! the game waiting for the sender in this chat, the cells `/hint` has something to say about,
//! and the sender's games here. Read-only: it never writes (not even the sender's profile), and
//! it answers nothing rather than an error.

use data::Activity;

use super::cmd_view::{named_cells, starts_on};
use crate::core::table::find::{resolve, Pick};
use crate::core::{Core, Ctx, Event, Lang};

/// How many suggestions a platform shows at most (Discord: 25).
pub const MAX_SUGGESTIONS: usize = 25;

/// What is being typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Suggest {
    /// `/move`'s actions.
    Actions,
    /// A game id.
    Games,
    /// `/hint`'s cell.
    Cells,
    /// A challenge id (`/accept`, `/decline`, `/cancel`).
    Challenges,
}

impl Core {
    /// Suggestions for `what` as the sender of `ev` types `typed`.
    pub fn suggest(&self, what: Suggest, ev: &Event, typed: &str) -> Vec<String> {
        match what {
            Suggest::Actions => self.suggest_actions(ev, typed),
            Suggest::Games => self.suggest_games(ev, typed),
            Suggest::Cells => self.suggest_cells(ev, typed),
            Suggest::Challenges => self.suggest_challenges(ev, typed),
        }
    }

    /// Legal actions of the game waiting for the sender in `ev`'s chat that start with `typed`
    /// (the last word typed, in any letter case), legal in the position after the actions
    /// already written before it (played on a copy; nothing if one of them is not legal or
    /// they end the sender's turn), at most [`MAX_SUGGESTIONS`]. Each suggestion is the whole
    /// text: the words before, then the action.
    fn suggest_actions(&self, ev: &Event, typed: &str) -> Vec<String> {
        let ctx = self.look_only(ev);
        let Ok((_, mut game)) = resolve(&ctx, None, Pick::MyTurn) else { return Vec::new() };
        let (before, last) = match typed.rsplit_once(' ') {
            Some((before, last)) => (format!("{before} "), last),
            None => (String::new(), typed),
        };
        let mover = game.to_act();
        for action in before.split_whitespace() {
            if game.play(action).is_err() || game.to_act() != mover {
                return Vec::new();
            }
        }
        let last = last.to_lowercase();
        game.legal_actions()
            .into_iter()
            .filter(|a| a.to_lowercase().starts_with(&last))
            .take(MAX_SUGGESTIONS)
            .map(|a| format!("{before}{a}"))
            .collect()
    }

    /// Cells starting with `typed` on which a legal action of the sender's game here starts or
    /// places a piece (what `/hint <cell>` answers with actions), in board order.
    fn suggest_cells(&self, ev: &Event, typed: &str) -> Vec<String> {
        let ctx = self.look_only(ev);
        let Ok((_, game)) = resolve(&ctx, None, Pick::Any) else { return Vec::new() };
        let actions = game.legal_actions();
        let mut cells: Vec<String> = actions.iter().flat_map(|a| named_cells(a)).collect();
        cells.sort_by_key(|c| (c.len(), c.clone()));
        cells.dedup();
        cells
            .into_iter()
            .filter(|c| c.starts_with(typed) && actions.iter().any(|a| starts_on(a, c)))
            .take(MAX_SUGGESTIONS)
            .collect()
    }

    /// Ids of the sender's games in `ev`'s chat that start with `typed` (in any letter case):
    /// the running ones, then the finished ones, newest first (`/board`, `/replay` and `/export`
    /// look at finished games too).
    fn suggest_games(&self, ev: &Event, typed: &str) -> Vec<String> {
        let me = ev.player();
        let typed = typed.to_lowercase();
        let ids = |which| self.store().games_of_player(&me, which).unwrap_or_default();
        let ended = ids(Activity::Ended).into_iter().rev();
        ids(Activity::Active)
            .into_iter()
            .chain(ended)
            .filter_map(|id| self.store().game_header(id).ok().flatten())
            .filter(|h| h.chat == ev.chat)
            .map(|h| h.id.to_string())
            .filter(|id| id.starts_with(&typed))
            .take(MAX_SUGGESTIONS)
            .collect()
    }

    /// Ids of the challenges pending in `ev`'s chat that the sender may answer or withdraw
    /// (made by them, made to them, or open to anyone), starting with `typed` in any case.
    fn suggest_challenges(&self, ev: &Event, typed: &str) -> Vec<String> {
        let me = ev.player();
        let typed = typed.to_lowercase();
        let Ok(pending) = self.store().challenges_in_chat(&ev.chat) else { return Vec::new() };
        pending
            .into_iter()
            .filter(|c| c.expires > ev.now)
            .filter(|c| c.from == me || c.invites(&me) || c.invited.is_empty())
            .map(|c| c.id.to_string())
            .filter(|id| id.starts_with(&typed))
            .take(MAX_SUGGESTIONS)
            .collect()
    }

    /// A context for reading on behalf of `ev`'s sender.
    fn look_only<'a>(&'a self, ev: &'a Event) -> Ctx<'a> {
        Ctx {
            core: self,
            ev,
            me: ev.player(),
            lang: Lang::choose(None, ev.language.as_deref()),
            profile: None,
            command: "move",
            committed: std::cell::Cell::new(0),
            changed_first: std::cell::Cell::new(false),
        }
    }
}
