//! Links to the web board (issue 28), as the core issues them: the "Open board" button under a
//! game's board posts and the personal link `/page` gives. The core only needs the board's
//! public address and the secret links are signed with ([`WebLinks`], handed to it at start
//! with [`crate::core::Core::with_web_links`]); the server that answers them (`crate::web`)
//! checks the same tokens ([`token`]). Without a web board configured, nothing here is used and
//! posts carry no such button.
//!
//! Which button a post gets depends on where it goes, since a shared post must name nobody:
//!
//! - a Telegram private chat: a `web_app` button (Telegram vouches for the user by init data);
//! - a Telegram group: the Mini App's direct link when one is registered (again init data),
//!   else a `/page` button whose press sends the presser their board privately;
//! - Discord: a `/page` button whose press answers the presser alone with a link signed for
//!   them;
//! - the console (one developer playing every seat): the page's address signed for the player
//!   to act, printed with the post.

pub mod token;

use data::{ChatRef, GameId, Platform, PlayerId, Timestamp};

use crate::core::event::{Button, Opens};
use crate::core::lang::Lang;
use crate::secret::Secret;
use crate::tr;

/// What the core needs to issue links to the web board.
#[derive(Clone, Debug)]
pub struct WebLinks {
    /// The board's public address (`https://board.example.org`), no trailing `/`.
    pub url: String,
    /// The secret links are signed with (`TABLETALK_WEB_SECRET`).
    pub secret: Secret,
    /// The Telegram Mini App's short name registered with BotFather, if any.
    pub telegram_app: Option<String>,
}

impl WebLinks {
    /// The page of game `game`, without credentials (a Telegram `web_app` button adds them).
    pub fn page(&self, game: GameId) -> String {
        format!("{}/g/{game}", self.url)
    }

    /// The page of `game` with a link signed for `player`, valid for [`token::LINK_TTL_SECS`]
    /// from `now`. The token is in the address's fragment, which browsers never send.
    pub fn signed_page(&self, game: GameId, player: &PlayerId, now: Timestamp) -> String {
        let expires = now.0 / 1_000 + token::LINK_TTL_SECS;
        let token = token::issue(self.secret.expose(), game, player, expires);
        format!("{}#token={token}", self.page(game))
    }

    /// The "Open board" button for a post of game `game`'s board going to `to` (see the
    /// module's list); `to_act` is the player the console's link is signed for.
    pub fn board_button(
        &self,
        to: &BoardPlace,
        game: GameId,
        to_act: Option<&PlayerId>,
        lang: Lang,
        now: Timestamp,
    ) -> Option<Button> {
        let opens = match to {
            BoardPlace::Chat(chat) => match (chat.platform, &chat.community, &self.telegram_app) {
                (Platform::Telegram, None, _) => Opens::App(self.page(game)),
                (Platform::Telegram, Some(_), Some(app)) => {
                    Opens::TelegramApp { app: app.clone(), start: game.to_string() }
                }
                (Platform::Telegram | Platform::Discord, _, _) => {
                    return Some(Button::command(open_label(lang), format!("/page {game}")))
                }
                (Platform::Console, _, _) => Opens::Link(self.signed_page(game, to_act?, now)),
            },
            BoardPlace::User(player) => match player.platform {
                Platform::Telegram => Opens::App(self.page(game)),
                Platform::Discord | Platform::Console => {
                    Opens::Link(self.signed_page(game, player, now))
                }
            },
        };
        Some(Button::opening(open_label(lang), opens))
    }
}

/// The links as `TABLETALK_WEB_URL`, `TABLETALK_WEB_SECRET` and `TABLETALK_WEB_TELEGRAM_APP`
/// give them, for the console (which serves no board itself but prints the addresses a post's
/// button would open); `None` unless the address and the secret are both set. The service
/// reads and checks the same settings itself.
pub fn from_env(get: &dyn Fn(&str) -> Option<String>) -> Option<WebLinks> {
    let set = |name: &str| get(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    Some(WebLinks {
        url: set("TABLETALK_WEB_URL")?.trim_end_matches('/').to_string(),
        secret: Secret::new(set("TABLETALK_WEB_SECRET")?),
        telegram_app: set("TABLETALK_WEB_TELEGRAM_APP"),
    })
}

/// Where a board post goes: a chat (seen by its members) or one player's direct messages.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardPlace {
    /// A chat.
    Chat(ChatRef),
    /// One player's direct messages.
    User(PlayerId),
}

/// The button's label.
pub fn open_label(lang: Lang) -> String {
    tr!(lang, "Open board", "Открыть доску")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(app: Option<&str>) -> WebLinks {
        WebLinks {
            url: "https://board.example.org".into(),
            secret: Secret::new("a-web-secret-of-some-length-0123456789"),
            telegram_app: app.map(str::to_string),
        }
    }

    fn game() -> GameId {
        "k7m2p".parse().unwrap()
    }

    fn chat(platform: Platform, community: Option<&str>) -> BoardPlace {
        BoardPlace::Chat(ChatRef {
            platform,
            chat: "-100".into(),
            community: community.map(str::to_string),
        })
    }

    fn opens(links: &WebLinks, to: &BoardPlace) -> Option<Opens> {
        let ann = PlayerId::new(Platform::Console, "ann");
        let button = links.board_button(to, game(), Some(&ann), Lang::En, Timestamp(0)).unwrap();
        assert_eq!(button.label, "Open board");
        button.opens
    }

    #[test]
    fn a_shared_post_names_nobody_and_a_private_one_opens_the_page_inside_telegram() {
        let page = "https://board.example.org/g/k7m2p".to_string();
        let none = links(None);
        assert_eq!(opens(&none, &chat(Platform::Telegram, None)), Some(Opens::App(page.clone())));
        assert_eq!(opens(&none, &chat(Platform::Telegram, Some("-100"))), None, "a /page press");
        assert_eq!(opens(&none, &chat(Platform::Discord, Some("1"))), None, "a /page press");
        let app = opens(&links(Some("board")), &chat(Platform::Telegram, Some("-100")));
        assert_eq!(app, Some(Opens::TelegramApp { app: "board".into(), start: "k7m2p".into() }));
        let tg = PlayerId::new(Platform::Telegram, "7");
        assert_eq!(opens(&none, &BoardPlace::User(tg)), Some(Opens::App(page)));
    }

    #[test]
    fn the_console_prints_a_link_signed_for_the_player_to_act() {
        let none = links(None);
        let Some(Opens::Link(url)) = opens(&none, &chat(Platform::Console, None)) else {
            panic!("a link")
        };
        let token = url.split_once("#token=").unwrap().1;
        let claim = token::check(none.secret.expose(), token, 1).unwrap();
        assert_eq!(claim.player, PlayerId::new(Platform::Console, "ann"));
    }

    #[test]
    fn a_signed_page_lasts_a_day_from_now() {
        let ann = PlayerId::new(Platform::Discord, "81");
        let url = links(None).signed_page(game(), &ann, Timestamp(10_000));
        let token = url.split_once("#token=").unwrap().1;
        let secret = "a-web-secret-of-some-length-0123456789";
        assert!(token::check(secret, token, 10 + token::LINK_TTL_SECS - 1).is_ok());
        assert!(token::check(secret, token, 10 + token::LINK_TTL_SECS).is_err());
    }
}
