//! What the core owes to chats, as the store keeps it. A post caused by a change (a move's
//! announcement, a reminder) is written into the outbox in the same transaction as the change
//! (`docs/store.md`, "The outbox"), so a post is never lost between the commit and the send;
//! the delivery loop (`crate::delivery`) sends it later, at least once.
//!
//! A post is stored without its image: [`BoardSpec`] names the game and the position, and the
//! image is drawn at send time from the stored game ([`owed_reply`]), so the outbox stays
//! small and a board never shows a stale picture.

use data::{ChatRef, GameId, MessageOwner, NewPost, PlayerId, Timestamp};
use engine::{AnyGame, Seat};
use serde::{Deserialize, Serialize};

use super::seating::{holder, names};
use crate::core::analysis::{self, AnalysisSpec, Prepared};
use crate::core::digest::sheet::SheetSpec;
use crate::core::event::{Button, Image, ImageKind, Reply, Target};
use crate::core::lang::Lang;
use crate::core::painter::{BoardView, History};
use crate::core::tournament::{draw_standings, StandingsSpec};
use crate::core::web_link::BoardPlace;
use crate::core::Core;

/// The board to draw with a post, named rather than drawn.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct BoardSpec {
    /// The game.
    pub game: GameId,
    /// How many actions the game had at the post (its history up to there is marked).
    pub upto: u64,
    /// The position at the post (drawn as it is if the game has since been rewound).
    pub position: String,
    /// The seat whose side it is seen from (`None`: the first seat's, as in groups).
    pub viewer: Option<usize>,
    /// The language of its words.
    pub lang: String,
    /// The line under the board.
    pub status: String,
}

/// A post with the board it shows, before it is stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Announcement {
    /// The post (its image is drawn at send time).
    pub reply: Reply,
    /// The board to draw with it, if any.
    pub board: Option<BoardSpec>,
}

/// Where a stored post goes.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
enum To {
    Chat(ChatRef),
    User(PlayerId),
}

/// A post as the outbox keeps it (JSON in [`NewPost::body`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
struct Body {
    to: To,
    text: String,
    #[serde(default)]
    buttons: Vec<(String, String)>,
    #[serde(default)]
    mentions: Vec<PlayerId>,
    #[serde(default)]
    board: Option<BoardSpec>,
    #[serde(default)]
    owner: Option<MessageOwner>,
    #[serde(default)]
    replaces: Option<MessageOwner>,
    #[serde(default)]
    points_to: Option<MessageOwner>,
    /// A sheet of small boards (a daily digest), drawn at send time like a board.
    #[serde(default)]
    sheet: Option<SheetSpec>,
    /// An event's standings image (drawn at send time), for a post after a round.
    #[serde(default)]
    standings: Option<StandingsSpec>,
    /// A part of an analysis (`/analyse`): its text and image are made at send time, once the
    /// analysis is prepared.
    #[serde(default)]
    analysis: Option<AnalysisSpec>,
}

impl Announcement {
    /// The post for the outbox.
    pub fn to_new_post(&self) -> NewPost {
        new_post(&self.reply, Shown::board(self.board.clone()))
    }
}

/// The post for the outbox of `reply` with a sheet of small boards drawn at send time.
pub(crate) fn sheet_post(reply: &Reply, sheet: SheetSpec) -> NewPost {
    new_post(reply, Shown::Sheet(sheet))
}

/// The post for the outbox of `reply` with an event's standings image drawn at send time.
pub(crate) fn standings_post(reply: &Reply, standings: StandingsSpec) -> NewPost {
    new_post(reply, Shown::Standings(standings))
}

/// The post for the outbox of a part of an analysis going to chat `to`: worded and drawn at send time,
/// once prepared, and not ordered against the chat's other posts, so that none waits behind
/// it while it is prepared (`core::analysis`).
pub(crate) fn analysis_post(to: &ChatRef, spec: AnalysisSpec) -> NewPost {
    let mut post = new_post(&Reply::chat(to, String::new()), Shown::Analysis(spec));
    post.chat = None;
    post
}

/// The image a stored post shows, named rather than drawn (at most one); or a part of an
/// analysis, whose text is made at send time too.
enum Shown {
    Nothing,
    Board(BoardSpec),
    Sheet(SheetSpec),
    Standings(StandingsSpec),
    Analysis(AnalysisSpec),
}

impl Shown {
    fn board(board: Option<BoardSpec>) -> Shown {
        board.map_or(Shown::Nothing, Shown::Board)
    }
}

fn new_post(reply: &Reply, shown: Shown) -> NewPost {
    let (platform, chat, to) = match &reply.to {
        Target::Chat(chat) => (chat.platform, Some(chat.clone()), To::Chat(chat.clone())),
        Target::User(p) => (p.platform, None, To::User(p.clone())),
    };
    let (mut board, mut sheet, mut standings, mut analysis) = (None, None, None, None);
    match shown {
        Shown::Nothing => {}
        Shown::Board(spec) => board = Some(spec),
        Shown::Sheet(spec) => sheet = Some(spec),
        Shown::Standings(spec) => standings = Some(spec),
        Shown::Analysis(spec) => analysis = Some(spec),
    }
    let body = Body {
        to,
        text: reply.text.clone(),
        buttons: reply.buttons.iter().map(|b| (b.label.clone(), b.data.clone())).collect(),
        mentions: reply.mentions.clone(),
        board,
        owner: reply.owner,
        replaces: reply.replaces,
        points_to: reply.points_to,
        sheet,
        standings,
        analysis,
    };
    let body = serde_json::to_string(&body).expect("a post body always serialises");
    NewPost { platform, chat, body }
}

/// What a stored post is at send time.
#[derive(Debug)]
pub enum Owed {
    /// The reply to send.
    Ready(Box<Reply>),
    /// Not yet: its analysis is being prepared; look again in
    /// [`crate::core::analysis::PREPARING_POLL_MS`].
    Preparing,
}

/// The reply a stored post stands for, with its board drawn now from the stored game and the
/// post it points to looked up now (delivered earlier in the same round, if it went first). An
/// unreadable body, or an analysis that cannot be made, is an error (the delivery loop drops
/// such a post and logs why); a board that cannot be drawn leaves the reply without an image.
/// A board post gets the button that opens the web board when it is served (issued `now`, so a
/// signed link lasts from the send).
pub fn owed_reply(core: &Core, body: &str, now: Timestamp) -> Result<Owed, String> {
    let body: Body = serde_json::from_str(body).map_err(|e| format!("unreadable post: {e}"))?;
    let to = match body.to {
        To::Chat(chat) => Target::Chat(chat),
        To::User(player) => Target::User(player),
    };
    let (mut text, mut image) = (body.text, None);
    if let Some(spec) = &body.analysis {
        match analysis::prepared(core, spec) {
            Prepared::Ready { text: made, image: drawn } => (text, image) = (made, drawn),
            Prepared::NotYet => return Ok(Owed::Preparing),
            Prepared::Failed(why) => return Err(format!("an analysis that cannot be made: {why}")),
        }
    }
    let mut buttons: Vec<Button> =
        body.buttons.into_iter().map(|(label, data)| Button::command(label, data)).collect();
    let lang = |spec: &BoardSpec| Lang::parse(&spec.lang).unwrap_or(Lang::En);
    let open = |spec: &BoardSpec| open_board(core, &to, spec.game, lang(spec), now);
    buttons.extend(body.board.as_ref().and_then(open));
    let image = match (&body.board, &body.sheet, &body.standings) {
        (Some(spec), _, _) => draw(core, spec),
        (None, Some(sheet), _) => sheet.draw(core),
        (None, None, Some(standings)) => draw_standings(core, standings),
        (None, None, None) => image,
    };
    Ok(Owed::Ready(Box::new(Reply {
        to,
        text,
        image,
        buttons,
        mentions: body.mentions,
        edit: false,
        owner: body.owner,
        replaces: body.replaces,
        refusal: false,
        link: body.points_to.and_then(|owner| core.store().message_ref(&owner).ok().flatten()),
        points_to: body.points_to,
        for_sender_only: false,
    })))
}

/// The "Open board" button for a post of game `game`'s board going `to`, when the web board
/// is served ([`crate::core::web_link`]); the console's is signed for the player to act.
pub(crate) fn open_board(
    core: &Core,
    to: &Target,
    game: GameId,
    lang: Lang,
    now: Timestamp,
) -> Option<Button> {
    let links = core.web_links()?;
    let place = match to {
        Target::Chat(chat) => BoardPlace::Chat(chat.clone()),
        Target::User(player) => BoardPlace::User(player.clone()),
    };
    let console = matches!(to, Target::Chat(c) if c.platform == data::Platform::Console);
    let to_act = console.then(|| player_to_act(core, game)).flatten();
    links.board_button(&place, game, to_act.as_ref(), lang, now)
}

/// Who is to act in stored game `id` now, if a player is.
fn player_to_act(core: &Core, id: GameId) -> Option<PlayerId> {
    let h = core.store().game_header(id).ok().flatten()?;
    let seat = AnyGame::from_position(h.kind, &h.position).ok()?.to_act()?;
    holder(&h, seat).cloned()
}

/// Draws a named board: the stored game's history up to the post when it still leads to the
/// posted position (the last turn is marked), else the posted position alone.
pub(crate) fn draw(core: &Core, spec: &BoardSpec) -> Option<Image> {
    let painter = core.painter()?;
    let record = core.store().game(spec.game).ok().flatten()?;
    let h = &record.header;
    let game = AnyGame::from_position(h.kind, &spec.position).ok()?;
    let initial = AnyGame::from_position(h.kind, &h.initial_position).ok()?;
    let actions: Vec<String> =
        record.actions.iter().take(spec.upto as usize).map(|a| a.action.clone()).collect();
    let same_road = actions.len() as u64 == spec.upto && {
        let mut replay = initial.clone();
        actions.iter().all(|a| replay.play(a).is_ok()) && replay.position() == spec.position
    };
    let history = same_road.then_some(History { initial: &initial, actions: &actions });
    let view = BoardView {
        game: &game,
        history,
        viewer: spec.viewer.and_then(Seat::new),
        names: names(h),
        status: spec.status.clone(),
        lang: Lang::parse(&spec.lang).unwrap_or(Lang::En),
    };
    let png = painter.paint(&view)?;
    Some(Image {
        bytes: png,
        kind: ImageKind::Png,
        name: format!("{}-{}-{}.png", h.kind.name(), h.id, spec.upto),
    })
}
