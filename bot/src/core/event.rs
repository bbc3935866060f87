//! What goes into the core (an [`Event`]) and what comes out (a list of [`Reply`]s). Plain data,
//! shaped so that the Discord and Telegram adapters only translate: callback data stays short
//! (Telegram allows 64 bytes, Discord 100), mentions are identities, images are bytes.

use data::{ChatRef, MessageOwner, MessageRef, Platform, PlayerId, Timestamp};

/// Longest callback data the core ever puts on a button (Telegram's limit).
pub const MAX_CALLBACK_BYTES: usize = 64;

/// Whether a chat is shared or one-to-one with the bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChatKind {
    /// A server channel, a thread or a group: several people.
    Group,
    /// A direct conversation between one user and the bot.
    Private,
}

/// What the user sent.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    /// A message (a command such as `/move c3-c4`).
    Text(String),
    /// A button press, carrying the button's callback data (itself a command line).
    Button(String),
}

/// A mention the platform resolved to an identity (Discord `<@id>`, Telegram text mention),
/// so `@name` in a command names a verified user, never whoever typed the name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mention {
    /// The token as it appears in the text, with its `@` (`@bob`).
    pub token: String,
    /// The identity behind it.
    pub id: PlayerId,
    /// The display name.
    pub name: String,
    /// Whether it names the bot itself: `/play gridi @bot` is a game against the AI.
    pub this_bot: bool,
}

/// One incoming message or button press.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Event {
    /// Where it happened: platform, chat id and community (server or group).
    pub chat: ChatRef,
    /// Group or private chat.
    pub chat_kind: ChatKind,
    /// Who sent it: the platform's user id (identity is never the display name).
    pub user: String,
    /// The sender's display name, as shown.
    pub name: String,
    /// The sender's language as the platform reports it (`ru`, `en-US`), if known.
    pub language: Option<String>,
    /// Whether the platform says the sender administers this chat (server or group).
    pub is_admin: bool,
    /// Mentions in the text, resolved by the adapter.
    pub mentions: Vec<Mention>,
    /// The sender's username on the platform (lower case, without `@`), if they have one: a
    /// challenge kept by username is answered by whoever holds that username when they answer.
    pub username: Option<String>,
    /// Usernames mentioned in the text that the platform could not tie to a user (Telegram
    /// cannot look up an `@username` the bot has not seen), lower case, without `@`.
    pub unseen: Vec<String>,
    /// The text or the button press.
    pub input: Input,
    /// When it happened (the core never reads the clock itself).
    pub now: Timestamp,
}

impl Event {
    /// The sender's identity.
    pub fn player(&self) -> PlayerId {
        PlayerId::new(self.chat.platform, self.user.clone())
    }

    /// The platform.
    pub fn platform(&self) -> Platform {
        self.chat.platform
    }

    /// The command line: the text, or the button's callback data.
    pub fn line(&self) -> &str {
        match &self.input {
            Input::Text(text) => text,
            Input::Button(data) => owned_button(data).1,
        }
    }

    /// Whether the sender pressed a button shown to someone else (a confirmation belongs to
    /// the player who asked for it; [`Reply::button_for`]).
    pub fn pressed_someone_elses_button(&self) -> bool {
        match &self.input {
            Input::Button(data) => owned_button(data).0.is_some_and(|owner| owner != self.user),
            Input::Text(_) => false,
        }
    }
}

/// Where a reply goes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// Into a chat.
    Chat(ChatRef),
    /// To one person by direct message.
    User(PlayerId),
}

/// What kind of picture an [`Image`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ImageKind {
    /// A still board (PNG): Telegram `sendPhoto`, a Discord attachment.
    #[default]
    Png,
    /// An animated replay (GIF): Telegram `sendAnimation`, a Discord attachment that plays.
    Gif,
}

/// A picture attached to a reply: a board (PNG) or a replay (GIF).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Image {
    /// PNG or GIF bytes, as `kind` says.
    pub bytes: Vec<u8>,
    /// PNG or GIF.
    pub kind: ImageKind,
    /// A file name for it (`gridi-k7m2p-12.png`).
    pub name: String,
}

/// A button under a reply; pressing it sends `data` back as [`Input::Button`], or, when it
/// [opens](Button::opens) an address, the platform opens that instead.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Button {
    /// The label shown.
    pub label: String,
    /// The callback data: a command line of at most [`MAX_CALLBACK_BYTES`] bytes (empty for a
    /// button that opens an address).
    pub data: String,
    /// Whether it leads nowhere from here (`/browse`'s ◀ at the first position): shown
    /// greyed out where the platform can (Discord), so no two live buttons do the same.
    pub disabled: bool,
    /// The address it opens instead of sending `data`, if it is a link (the web board).
    pub opens: Option<Opens>,
}

impl Button {
    /// A button that sends `data` (a command line) back when pressed.
    pub fn command(label: impl Into<String>, data: impl Into<String>) -> Button {
        Button { label: label.into(), data: data.into(), disabled: false, opens: None }
    }

    /// A button that opens `opens`.
    pub fn opening(label: impl Into<String>, opens: Opens) -> Button {
        Button { label: label.into(), data: String::new(), disabled: false, opens: Some(opens) }
    }
}

/// What a link button opens (the web board, `crate::core::web_link`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Opens {
    /// An address, in a browser (a URL button).
    Link(String),
    /// An address inside the platform, which vouches for the user: a Telegram `web_app`
    /// button (allowed in private chats only).
    App(String),
    /// The Telegram Mini App registered as `app`, opened with `start`: its direct link
    /// `https://t.me/<bot>/<app>?startapp=<start>`, whose bot name the adapter knows.
    TelegramApp {
        /// The Mini App's short name.
        app: String,
        /// Its start parameter (the game's id).
        start: String,
    },
}

/// One outgoing message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reply {
    /// Where it goes.
    pub to: Target,
    /// The text (plain, with names where people are mentioned).
    pub text: String,
    /// A board image, if any.
    pub image: Option<Image>,
    /// Buttons, if any.
    pub buttons: Vec<Button>,
    /// People mentioned, for the adapter to turn names into platform mentions.
    pub mentions: Vec<PlayerId>,
    /// Whether this is the refusal of the event it answers (the command changed nothing). An
    /// adapter may show it only to the sender: Telegram answers a refused button press with
    /// an alert and posts nothing to the group.
    pub refusal: bool,
    /// Whether it replaces the message whose button was pressed (Telegram
    /// `editMessageMedia`/`editMessageText`, a Discord message edit) instead of being posted
    /// anew: a browsable board steps through positions in one message.
    pub edit: bool,
    /// What the message belongs to, if it may be edited later (a challenge card, a game's
    /// board): once it is sent, its platform message id is stored under this owner
    /// (`Store::put_message_ref`) so the card's buttons can be removed in place.
    pub owner: Option<MessageOwner>,
    /// Whether it is the new text of a message posted earlier (a challenge card once answered,
    /// its buttons gone) rather than a post of its own: the delivery loop edits the message
    /// stored under this owner, and has nothing to do if none is stored (the console, a card
    /// never delivered).
    pub replaces: Option<MessageOwner>,
    /// A post this reply points to (a move sent by direct message is confirmed there, pointing
    /// to the board in the game's chat): the delivery loop looks up where that post went and
    /// fills [`Reply::link`], and the adapter shows it as a link of its platform.
    pub points_to: Option<MessageOwner>,
    /// Where the post named by `points_to` is, once the delivery loop found it.
    pub link: Option<MessageRef>,
    /// Whether only the sender of the event it answers may see it (a link signed for them): an
    /// adapter shows it to them alone (a Discord ephemeral answer) and never posts it where
    /// others see it. The core sends such a reply to the sender's direct messages
    /// ([`Target::User`]), so a platform without a private answer delivers it there.
    pub for_sender_only: bool,
}

impl Reply {
    /// A text reply into a chat.
    pub fn chat(chat: &ChatRef, text: impl Into<String>) -> Reply {
        Reply {
            to: Target::Chat(chat.clone()),
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            mentions: Vec::new(),
            refusal: false,
            edit: false,
            owner: None,
            replaces: None,
            points_to: None,
            link: None,
            for_sender_only: false,
        }
    }

    /// A direct message to one person.
    pub fn user(player: &PlayerId, text: impl Into<String>) -> Reply {
        Reply {
            to: Target::User(player.clone()),
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            mentions: Vec::new(),
            refusal: false,
            edit: false,
            owner: None,
            replaces: None,
            points_to: None,
            link: None,
            for_sender_only: false,
        }
    }

    /// The same reply with a button (data longer than [`MAX_CALLBACK_BYTES`] is left out).
    pub fn button(mut self, label: impl Into<String>, data: impl Into<String>) -> Reply {
        let data = data.into();
        if data.len() <= MAX_CALLBACK_BYTES {
            self.buttons.push(Button::command(label, data));
        }
        self
    }

    /// The same reply shown to the sender of the event it answers and nobody else
    /// ([`Reply::for_sender_only`]).
    pub fn only_for_sender(mut self) -> Reply {
        self.for_sender_only = true;
        self
    }

    /// The same reply with a button that is shown but cannot be pressed when `leads_nowhere`.
    pub fn button_unless(
        mut self,
        leads_nowhere: bool,
        label: impl Into<String>,
        data: impl Into<String>,
    ) -> Reply {
        let before = self.buttons.len();
        self = self.button(label, data);
        if let Some(added) = self.buttons.get_mut(before) {
            added.disabled = leads_nowhere;
        }
        self
    }

    /// Adds a button that only `owner` (a platform user id) may press: everyone else pressing
    /// it is refused, and nothing is done. For confirmations, which act as the presser (a
    /// "Yes, resign" pressed by anyone else would resign them). The owner travels in the
    /// callback data, before the command line: `~<owner> /resign abcde confirm`.
    pub fn button_for(
        self,
        owner: &str,
        label: impl Into<String>,
        data: impl Into<String>,
    ) -> Reply {
        self.button(label, format!("{OWNER_MARK}{owner} {}", data.into()))
    }

    /// Whether it is a confirmation for the one player who asked: every button is theirs
    /// ([`Reply::button_for`]). Discord shows such a reply to them alone; Telegram cannot in a
    /// group, and refuses anyone else's press.
    pub fn is_confirmation(&self) -> bool {
        !self.buttons.is_empty() && self.buttons.iter().all(|b| owned_button(&b.data).0.is_some())
    }

    /// The same reply marked as a refusal (see [`Reply::refusal`]).
    pub fn refused(mut self) -> Reply {
        self.refusal = true;
        self
    }

    /// The same reply mentioning `players`.
    pub fn mention(mut self, players: impl IntoIterator<Item = PlayerId>) -> Reply {
        self.mentions.extend(players);
        self
    }

    /// The same reply, its message kept under `owner` once delivered so it can be edited later
    /// ([`Reply::owner`]).
    pub fn owned_by(mut self, owner: MessageOwner) -> Reply {
        self.owner = Some(owner);
        self
    }
}

/// What starts callback data that names the only user who may press the button.
const OWNER_MARK: char = '~';

/// Callback data split into the user it belongs to (if it names one) and its command line.
fn owned_button(data: &str) -> (Option<&str>, &str) {
    match data.strip_prefix(OWNER_MARK).and_then(|rest| rest.split_once(' ')) {
        Some((owner, line)) => (Some(owner), line),
        None => (None, data),
    }
}
