//! A member who left a community — a Telegram group, a Discord server — or was removed from
//! it, as the platform reports it (Telegram's `chat_member` update, Discord's
//! `GUILD_MEMBER_REMOVE`). The adapters only translate the report into a [`Departure`]; what it
//! means is decided here: the member quits every unfinished event of that community's chats,
//! as `/tournament leave` would (an open event drops their entry, a running one withdraws them:
//! games resigned, later boards forfeited), announced as having left the chat. Their games
//! outside events are not touched: they go on, and their clocks run as before.

use data::{Platform, Timestamp};

use super::handlers::cmd_tournament::{quit, Quit};
use super::{ChatKind, Core, Ctx, Event, Input, Lang, Reply};

/// A member gone from a community.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Departure {
    /// The platform.
    pub platform: Platform,
    /// The community (`ChatRef::community`): the group's id, the server's id.
    pub community: String,
    /// The member's platform user id.
    pub user: String,
    /// When the platform reported it.
    pub now: Timestamp,
}

impl Core {
    /// The member of `left` quits the unfinished events of their community's chats; the
    /// replies announce it in each event's chat. Nothing happens for someone in no event.
    pub fn member_left(&self, left: &Departure) -> Vec<Reply> {
        let mut events = match self.store.unfinished_tournaments() {
            Ok(events) => events,
            Err(e) => {
                tracing::error!("a member left, and their events could not be read: {e}");
                return Vec::new();
            }
        };
        let player = data::PlayerId::new(left.platform, left.user.clone());
        let mut replies = Vec::new();
        // A league's divisions before the league, so quitting the league finds its division
        // already quit rather than quitting it a second time from a stale copy.
        events.sort_by_key(|e| e.format == data::TournamentFormat::League);
        for event in events {
            let here = event.chat.platform == left.platform
                && event.chat.community.as_deref() == Some(left.community.as_str());
            let Some(entry) = event.entrant(&player).filter(|_| here) else { continue };
            let entry = &event.entries[entry as usize];
            if entry.withdrawn.is_some() {
                continue;
            }
            let ev = Event {
                chat: event.chat.clone(),
                chat_kind: ChatKind::Group,
                user: left.user.clone(),
                name: entry.name.clone(),
                language: None,
                is_admin: false,
                mentions: Vec::new(),
                username: None,
                unseen: Vec::new(),
                input: Input::Text(String::new()),
                now: left.now,
            };
            let profile = self.store.player(&player).ok().flatten();
            let lang = Lang::choose(profile.as_ref().map(|p| p.language.as_str()), None);
            let ctx = Ctx::new(self, &ev, lang, profile, "tournament");
            match quit(&ctx, &event.name, Quit::LeftChat) {
                Ok(said) => replies.extend(said),
                Err(refusal) => tracing::warn!(event = %event.name, "a departure: {}", refusal.0),
            }
        }
        replies
    }
}
