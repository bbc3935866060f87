//! The Telegram adapter end to end: the real teloxide client of the service against the fake
//! Bot API server on loopback (`fake_telegram`), with the store on disk.

use std::path::PathBuf;
use std::sync::Arc;

use bot::core::Core;
use bot::service::{open_core, run_platforms, run_telegram, Config, Platforms};
use bot::telegram::TelegramSettings;
use bot::web::WebSettings;
use data::{Activity, ChatRef, DirectReach, GameHeader, Platform, PlayerId, SeatHolder};
use engine::AnyGame;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::fake_telegram::{
    edited, member_left, press, private, text, Call, Failure, Fake, Place, User, ALICE, BOB, EVE,
    GROUP, NO_TOPICS,
};

/// The service running against a fake server.
pub(crate) struct Running {
    pub(crate) fake: Fake,
    pub(crate) core: Arc<Core>,
    stop: watch::Sender<bool>,
    task: JoinHandle<Result<(), bot::service::ServiceError>>,
    dir: PathBuf,
}

pub(crate) fn fresh_dir(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-tg-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn start(fake: Fake, dir: PathBuf) -> Running {
    start_with(fake, dir, None).await
}

/// The service against `fake`, with the web board when `web` is given (its Telegram token is
/// the fake's).
pub(crate) async fn start_with(fake: Fake, dir: PathBuf, web: Option<WebSettings>) -> Running {
    let data_dir = dir.display().to_string();
    let env = [("TELEGRAM_TOKEN", "123:TEST"), ("TABLETALK_DATA_DIR", data_dir.as_str())];
    let mut config = Config::read(
        &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    // The core links to the board exactly when it is served, as the service's own start does.
    config.web = web.clone();
    let core = open_core(&config).await.unwrap();
    let settings = TelegramSettings {
        token: config.telegram_token.clone().unwrap(),
        api_url: Some(fake.url.clone()),
        throttle: false,
        data_dir: config.data_dir.clone(),
        poll_seconds: 1,
        webhook: None,
    };
    let (stop, stop_rx) = watch::channel(false);
    let web = web.map(|web| WebSettings { telegram_token: config.telegram_token.clone(), ..web });
    let platforms = Platforms { telegram: Some(settings), web, ..Platforms::default() };
    let task = tokio::spawn(run_platforms(core.clone(), platforms, stop_rx));
    fake.wait_for("setMyCommands", |calls| calls.iter().any(|c| c.method == "setMyCommands")).await;
    Running { fake, core, stop, task, dir }
}

impl Running {
    /// Stops the service gracefully and waits for it; the store is closed.
    pub(crate) async fn stop(self) -> (Fake, PathBuf) {
        self.stop.send(true).unwrap();
        self.task.await.unwrap().unwrap();
        drop(self.core);
        (self.fake, self.dir)
    }

    fn chat(&self, place: Place) -> ChatRef {
        bot::telegram::chat_ref(
            teloxide_chat(place.chat),
            place.topic.map(teloxide_thread),
            place.chat < 0,
        )
    }

    fn games(&self, place: Place) -> Vec<GameHeader> {
        let store = self.core.store();
        let chat = self.chat(place);
        [Activity::Active, Activity::Ended]
            .into_iter()
            .flat_map(|a| store.games_in_chat(&chat, a).unwrap())
            .map(|id| store.game_header(id).unwrap().unwrap())
            .collect()
    }

    /// Sends a message and waits until the bot has taken it and posted `posts` more messages.
    pub(crate) async fn say(
        &self,
        place: Place,
        from: User,
        line: &str,
        posts: usize,
    ) -> Vec<Call> {
        self.act(text(place, from, line), posts).await
    }

    pub(crate) async fn act(&self, update: serde_json::Value, posts: usize) -> Vec<Call> {
        let before = self.fake.calls().len();
        let posted_before = self.fake.calls().iter().filter(|c| c.is_post()).count();
        self.fake.push(update);
        self.fake.wait_taken().await;
        let calls = self
            .fake
            .wait_for("the posts", |calls| {
                calls.iter().filter(|c| c.is_post()).count() >= posted_before + posts
            })
            .await;
        calls[before..].to_vec()
    }
}

fn teloxide_chat(id: i64) -> teloxide::types::ChatId {
    teloxide::types::ChatId(id)
}

fn teloxide_thread(id: i64) -> teloxide::types::ThreadId {
    teloxide::types::ThreadId(teloxide::types::MessageId(id as i32))
}

fn posts(calls: &[Call]) -> Vec<&Call> {
    calls.iter().filter(|c| c.is_post()).collect()
}

fn bodies(calls: &[Call]) -> String {
    posts(calls).iter().map(|c| c.body()).collect::<Vec<_>>().join("\n---\n")
}

/// The callback data of the first button whose command line starts with `prefix` (a
/// confirmation's data names its owner first: `~<user> /resign …`).
fn button(calls: &[Call], prefix: &str) -> String {
    let line = |data: &str| -> String {
        match data.strip_prefix('~').and_then(|rest| rest.split_once(' ')) {
            Some((_, line)) => line.to_string(),
            None => data.to_string(),
        }
    };
    calls
        .iter()
        .flat_map(Call::buttons)
        .find(|b| line(b).starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button in {}", bodies(calls)))
}

/// Alice challenges Bob to Gridi in `place`; Bob accepts by button. Returns the game.
async fn start_gridi(bot: &Running, place: Place) -> GameHeader {
    start_gridi_by(bot, place, ALICE).await
}

/// `challenger` challenges Bob to Gridi in `place`; Bob accepts by button. Returns the game.
pub(crate) async fn start_gridi_by(bot: &Running, place: Place, challenger: User) -> GameHeader {
    start_game_by(bot, place, challenger, "gridi").await
}

/// `challenger` challenges Bob to a game of `kind` in `place`; Bob accepts by button.
pub(crate) async fn start_game_by(
    bot: &Running,
    place: Place,
    challenger: User,
    kind: &str,
) -> GameHeader {
    bot.say(place, BOB, "/help", 1).await;
    let card = bot.say(place, challenger, &format!("/play@tabletalk_bot {kind} @bob"), 1).await;
    let accept = button(&card, "/accept");
    bot.act(press(place, BOB, &accept), 1).await;
    bot.fake
        .wait_for("the answered press", |c| c.iter().any(|c| c.method == "answerCallbackQuery"))
        .await;
    bot.games(place).pop().expect("the game started")
}

fn user_of(h: &GameHeader, seat: usize) -> User {
    match &h.seats[seat] {
        SeatHolder::Player { id, .. } if id.user == ALICE.id.to_string() => ALICE,
        SeatHolder::Player { id, .. } if id.user == BOB.id.to_string() => BOB,
        SeatHolder::Player { id, .. } if id.user == EVE.id.to_string() => EVE,
        other => panic!("unexpected seat {other:?}"),
    }
}

/// A Gridi game started in the group, who moves first and a legal first move.
async fn a_game_to_move(label: &str) -> (Running, GameHeader, User, String) {
    let bot = start(Fake::start().await, fresh_dir(label)).await;
    let h = start_gridi(&bot, GROUP).await;
    let (mover, action) = next_move(&h, 0);
    (bot, h, mover, action)
}

/// The boards posted for `action`.
pub(crate) fn boards_for<'a>(calls: &'a [Call], action: &str) -> Vec<&'a Call> {
    calls.iter().filter(|c| c.method == "sendPhoto" && c.body().contains(action)).collect()
}

/// Who acts next in `h`, and one of their legal actions (the `pick`-th, wrapping).
pub(crate) fn next_move(h: &GameHeader, pick: usize) -> (User, String) {
    let game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let legal = game.legal_actions();
    (user_of(h, game.to_act().unwrap().index()), legal[pick % legal.len()].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_menu_is_registered_in_english_and_russian() {
    let bot = start(Fake::start().await, fresh_dir("menu")).await;
    let commands = bot.fake.calls_of("setMyCommands");
    assert_eq!(commands.len(), 2, "English and Russian menus");
    assert!(commands.iter().any(|c| c.text("language_code") == "ru"));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_menus_are_ones_telegram_takes() {
    let bot = start(Fake::start().await, fresh_dir("menu-fits")).await;
    let menus = bot.fake.calls_of("setMyCommands");
    assert!(menus.iter().all(|c| c.ok), "refused: {menus:?}");
    bot.stop().await;
}

/// Plays `kind` to its end in the group: `players[0]` challenges the others by `@username`,
/// they accept by button, then every action is a `/move` answered with the board as a photo
/// (HTML caption, the players linked); every `resign_after` actions the player to act resigns
/// by the confirmation button (a POI Control table plays on without them). Ends with the
/// leaderboard. Every player has chosen `language`. With `TABLETALK_TRANSCRIPT=<file>` the
/// group's posts are written there to read.
async fn whole_game(kind: &str, players: &[User], resign_after: usize, language: &str) {
    let bot = start(Fake::start().await, fresh_dir(&format!("whole-{kind}"))).await;
    for p in players {
        bot.say(GROUP, *p, &format!("/settings language {language}"), 1).await;
    }
    let named: Vec<String> =
        players[1..].iter().map(|p| format!("@{}", p.username.unwrap())).collect();
    let card = bot.say(GROUP, players[0], &format!("/play {kind} {}", named.join(" ")), 1).await;
    let accept = button(&card, "/accept");
    for p in &players[1..] {
        bot.act(press(GROUP, *p, &accept), 1).await;
    }
    let mut h = bot.games(GROUP).pop().expect("the game started");
    assert!(bodies(&bot.fake.calls()).contains("tg://user?id="), "players are mentioned");
    let mut played = 0;
    while h.status.is_active() {
        assert!(played < 400, "{kind}: the game ends");
        let (mover, action) = next_move(&h, played * 7);
        if played > 0 && played % resign_after == 0 {
            let calls = bot.say(GROUP, mover, &format!("/resign {}", h.id), 1).await;
            let confirm = button(&calls, "/resign");
            bot.act(press(GROUP, mover, &confirm), 1).await;
        } else {
            let calls = bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
            let photo = calls.iter().find(|c| c.method == "sendPhoto");
            let photo =
                photo.unwrap_or_else(|| panic!("no board after {action}: {}", bodies(&calls)));
            let file = photo.file.as_ref();
            assert!(file.is_some_and(|(name, size)| name.ends_with(".png") && *size > 1000));
            assert_eq!(photo.text("parse_mode"), "HTML");
        }
        played += 1;
        let next = bot.core.store().game_header(h.id).unwrap().unwrap();
        assert!(next.version > h.version, "{kind}: every action is stored");
        h = next;
    }
    let top = bodies(&bot.say(GROUP, EVE, &format!("/top {kind}"), 1).await);
    for p in players {
        assert!(top.contains(p.name), "{kind}: {} on the leaderboard: {top}", p.name);
    }
    if let Ok(path) = std::env::var("TABLETALK_TRANSCRIPT") {
        let transcript = format!("=== {kind}\n{}\n", bodies(&bot.fake.calls()));
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).unwrap();
        std::io::Write::write_all(&mut file, transcript.as_bytes()).unwrap();
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_each_kind_in_a_group_with_photos_keyboards_and_a_leaderboard() {
    // Random play may wander: a player resigns after a while if nobody has won.
    whole_game("gridi", &[ALICE, BOB], 150, "en").await;
    whole_game("vorcept", &[ALICE, BOB], 40, "ru").await;
    whole_game("yama", &[ALICE, BOB], 150, "en").await;
    whole_game("poi", &[ALICE, BOB, EVE], 30, "ru").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_by_someone_who_may_not_act_is_an_alert_and_nothing_is_posted() {
    let bot = start(Fake::start().await, fresh_dir("wrong-user")).await;
    bot.say(GROUP, BOB, "/help", 1).await;
    let card = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
    let accept = button(&card, "/accept");
    let before = bot.fake.calls();
    bot.fake.push(press(GROUP, EVE, &accept));
    let calls = bot
        .fake
        .wait_for("the alert", |c| c.iter().any(|c| c.method == "answerCallbackQuery"))
        .await;
    let answer = calls.iter().find(|c| c.method == "answerCallbackQuery").unwrap();
    assert_eq!(answer.params.get("show_alert"), Some(&serde_json::json!(true)));
    assert!(!answer.text("text").is_empty());
    // The next command's reply is the next post: nothing was posted for the press.
    let after = bot.say(GROUP, ALICE, "/challenges", 1).await;
    let between = &bot.fake.calls()[before.len()..bot.fake.calls().len() - after.len()];
    assert!(posts(between).is_empty(), "{}", bodies(between));
    assert!(bot.games(GROUP).is_empty(), "the challenge was not accepted");
    bot.stop().await;
}

/// The posts among `calls` made before the last `marker` posts (a marker command's reply comes
/// after whatever the updates pushed before it caused).
fn posts_before<'a>(calls: &'a [Call], marker: &[Call]) -> Vec<&'a Call> {
    posts(&calls[..calls.len() - marker.len()])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_addressed_to_another_bot_is_ignored_and_one_to_this_bot_is_carried_out() {
    let (bot, h, mover, action) = a_game_to_move("other-bot").await;
    let before = bot.fake.calls().len();
    for line in [
        format!("/m@SomeOtherBot {} {action}", h.id),
        "/board@SomeOtherBot".into(),
        "/help@X".into(),
    ] {
        bot.fake.push(text(GROUP, mover, &line));
    }
    // The chat's updates are handled in order: the marker's reply comes after theirs.
    let marker = bot.say(GROUP, EVE, "/games", 1).await;
    let calls = bot.fake.calls();
    let ignored = posts_before(&calls[before..], &marker);
    assert!(ignored.is_empty(), "no reply to another bot's commands: {ignored:?}");
    let unchanged = bot.core.store().game_header(h.id).unwrap().unwrap();
    assert_eq!(unchanged.action_count, h.action_count, "the move was not played");
    let ours = bot.say(GROUP, mover, &format!("/m@TableTalk_Bot {} {action}", h.id), 1).await;
    assert!(!boards_for(&ours, &action).is_empty(), "{}", bodies(&ours));
    let moved = bot.core.store().game_header(h.id).unwrap().unwrap();
    assert_eq!(moved.action_count, h.action_count + 1, "our own name is ours");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_is_confirmed_by_button_and_a_draw_is_agreed_by_buttons() {
    let bot = start(Fake::start().await, fresh_dir("table")).await;
    let h = start_gridi(&bot, GROUP).await;
    // A draw: offered by typing, accepted by the other player's button.
    let offer = bot.say(GROUP, ALICE, &format!("/draw {}", h.id), 1).await;
    let accept = button(&offer, "/draw");
    bot.act(press(GROUP, BOB, &accept), 1).await;
    let h = bot.core.store().game_header(h.id).unwrap().unwrap();
    assert!(!h.status.is_active(), "drawn: {:?}", h.status);
    // A resign in a second game: asked, then confirmed by button.
    let h2 = {
        let card = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
        bot.act(press(GROUP, BOB, &button(&card, "/accept")), 1).await;
        bot.games(GROUP).into_iter().find(|g| g.status.is_active()).unwrap()
    };
    let asked = bot.say(GROUP, BOB, &format!("/resign {}", h2.id), 1).await;
    assert!(bot.core.store().game_header(h2.id).unwrap().unwrap().status.is_active());
    let confirm = button(&asked, "/resign");
    let done = bot.act(press(GROUP, BOB, &confirm), 1).await;
    assert!(bodies(&done).contains("resigned"), "{}", bodies(&done));
    assert!(!bot.core.store().game_header(h2.id).unwrap().unwrap().status.is_active());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_a_500_and_a_dropped_connection_are_retried_until_the_board_is_delivered() {
    let (bot, h, mover, action) = a_game_to_move("retry").await;
    bot.fake.fail_next(&[Failure::TooMany(1), Failure::ServerError, Failure::Dropped]);
    bot.fake.push(text(GROUP, mover, &format!("/move {} {action}", h.id)));
    let calls = bot
        .fake
        .wait_for("the board after a 429, a 500 and a drop", |calls| {
            boards_for(calls, &action).iter().any(|c| c.ok)
        })
        .await;
    let tries = boards_for(&calls, &action);
    assert_eq!(tries.len(), 4, "429, 500, dropped, then delivered");
    assert!(tries[..3].iter().all(|c| !c.ok) && tries[3].ok);
    // The fake records a call as it arrives; the bot settles the post once it is answered.
    for _ in 0..500 {
        if bot.core.store().owed_post_count().unwrap() == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(bot.core.store().owed_post_count().unwrap(), 0);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_update_delivered_twice_is_applied_once_even_across_a_restart() {
    let (bot, h, mover, action) = a_game_to_move("twice").await;
    let update = text(GROUP, mover, &format!("/move {} {action}", h.id));
    bot.fake.push(update.clone());
    bot.fake.wait_taken().await;
    let (fake, dir) = bot.stop().await;
    let count = |fake: &Fake| boards_for(&fake.calls(), &action).len();
    let delivered = count(&fake);
    assert_eq!(delivered, 1, "the move's board was posted before the stop");
    // Telegram sends the same update (same id) again after the restart, and once more.
    let bot = start(fake, dir).await;
    let last =
        bot.fake.calls_of("getUpdates").last().unwrap().text("offset").parse::<u32>().unwrap();
    let mut redelivered = update.clone();
    redelivered["update_id"] = serde_json::json!(last - 1);
    bot.fake.push_again(redelivered.clone());
    bot.fake.push_again(redelivered);
    let marker = bot.say(GROUP, EVE, "/games", 1).await;
    assert!(!marker.is_empty());
    let h2 = bot.core.store().game_header(h.id).unwrap().unwrap();
    assert_eq!(h2.action_count, h.action_count + 1, "applied once");
    assert_eq!(count(&bot.fake), delivered, "answered once");
    // An edited message is not a command.
    let before = bot.fake.calls().len();
    bot.fake.push(edited(text(GROUP, mover, "/games")));
    bot.say(GROUP, EVE, "/games", 1).await;
    assert_eq!(posts(&bot.fake.calls()[before..]).len(), 1, "the edit got no reply");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_refused_with_403_marks_the_player_unreachable() {
    let bot = start(Fake::start().await, fresh_dir("dm")).await;
    // Bob used the bot privately once, so he has a profile; then he blocked it.
    bot.say(private(BOB), BOB, "/help", 1).await;
    bot.fake.block(BOB.id as i64);
    let player = PlayerId::new(Platform::Telegram, BOB.id.to_string());
    let reply = bot::core::Reply::user(&player, "your turn");
    let outlet = bot::telegram::TelegramOutlet::new(
        bot::telegram::api(&settings_for(&bot)).unwrap(),
        bot.core.clone(),
        tokio::runtime::Handle::current(),
        Default::default(),
    );
    let sent = outlet.post(&reply).await;
    assert!(matches!(sent, bot::delivery::Sent::Never(_)), "{sent:?}");
    let profile = bot.core.store().player(&player).unwrap().unwrap();
    assert!(
        matches!(profile.direct, DirectReach::Unreachable { told: false, .. }),
        "{:?}",
        profile.direct
    );
    // Writing to the bot privately opens direct messages again.
    bot.fake.push(text(private(BOB), BOB, "/help"));
    bot.fake.wait_taken().await;
    bot.fake.wait_for("the reply attempt", |c| c.iter().filter(|c| c.is_post()).count() >= 3).await;
    let profile = bot.core.store().player(&player).unwrap().unwrap();
    assert_eq!(profile.direct, DirectReach::Reachable);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caption_over_1024_characters_goes_out_as_the_photo_and_the_rest_as_messages() {
    let bot = start(Fake::start().await, fresh_dir("long-caption")).await;
    let line = "Moves: c2-c3 & d4-d5 <then> e1-e2.\n";
    let caption = line.repeat(60);
    let chat = bot.chat(GROUP);
    let mut reply = bot::core::Reply::chat(&chat, caption.clone()).button("Board", "/board");
    reply.image = Some(bot::core::Image {
        bytes: vec![0x89, b'P', b'N', b'G'],
        kind: bot::core::ImageKind::Png,
        name: "board.png".into(),
    });
    let outlet = bot::telegram::TelegramOutlet::new(
        bot::telegram::api(&settings_for(&bot)).unwrap(),
        bot.core.clone(),
        tokio::runtime::Handle::current(),
        Default::default(),
    );
    let sent = outlet.post(&reply).await;
    assert!(matches!(sent, bot::delivery::Sent::Delivered(_)), "{sent:?}");
    let calls = bot.fake.calls();
    let parts: Vec<&Call> = posts(&calls);
    assert_eq!(parts.len(), 2, "{}", bodies(&calls));
    assert!(parts.iter().all(|c| c.ok), "Telegram took every part: {}", bodies(&calls));
    assert_eq!(parts[0].method, "sendPhoto");
    let first = parts[0].text("caption");
    assert!(first.ends_with("e1-e2."), "split at a line end: {first:?}");
    assert!(parts[0].buttons().is_empty() && !parts[1].buttons().is_empty(), "keyboard last");
    let unescape = |t: String| t.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
    let joined = format!("{}\n{}", unescape(first), unescape(parts[1].text("text")));
    assert_eq!(joined.trim_end(), caption.trim_end(), "nothing lost or doubled");
    bot.stop().await;
}

fn settings_for(bot: &Running) -> TelegramSettings {
    let env = [("TELEGRAM_TOKEN", "123:TEST")];
    let config = Config::read(
        &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    TelegramSettings {
        token: config.telegram_token.unwrap(),
        api_url: Some(bot.fake.url.clone()),
        throttle: false,
        data_dir: bot.dir.clone(),
        poll_seconds: 1,
        webhook: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_started_in_a_forum_topic_lives_in_that_topic() {
    let bot = start(Fake::start().await, fresh_dir("topic")).await;
    let topic = Place { chat: GROUP.chat, topic: Some(42) };
    let h = start_gridi(&bot, topic).await;
    assert_eq!(h.chat.chat, format!("{}/42", GROUP.chat));
    assert_eq!(h.chat.community.as_deref(), Some(GROUP.chat.to_string().as_str()));
    let in_topic = bot
        .fake
        .calls()
        .into_iter()
        .filter(Call::is_post)
        .all(|c| c.text("message_thread_id") == "42");
    assert!(in_topic, "every post went to the topic");
    assert!(bot.games(GROUP).is_empty(), "the group's main chat has no game");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn administrators_come_from_get_chat_member() {
    let bot = start(Fake::start().await, fresh_dir("admins")).await;
    bot.fake.make_admin(GROUP.chat, ALICE.id);
    let refused = bot.say(GROUP, EVE, "/config boards off", 1).await;
    assert!(bodies(&refused).contains("administrators"), "{}", bodies(&refused));
    let asked = bot.fake.calls_of("getChatMember");
    assert!(asked.iter().any(|c| c.text("user_id") == EVE.id.to_string()));
    let changed = bot.say(GROUP, ALICE, "/config boards off", 1).await;
    assert!(!bodies(&changed).contains("administrators"), "{}", bodies(&changed));
    let record = bot.core.store().chat(&bot.chat(GROUP)).unwrap().expect("the setting is kept");
    assert!(!record.boards);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newly_promoted_administrator_is_not_refused_from_the_cache() {
    let bot = start(Fake::start().await, fresh_dir("promoted")).await;
    let refused = bot.say(GROUP, EVE, "/config boards off", 1).await;
    assert!(bodies(&refused).contains("administrators"), "{}", bodies(&refused));
    bot.fake.make_admin(GROUP.chat, EVE.id);
    let changed = bot.say(GROUP, EVE, "/config boards off", 1).await;
    assert!(!bodies(&changed).contains("administrators"), "{}", bodies(&changed));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_an_unseen_username_is_kept_by_username_and_taken_only_by_its_holder() {
    let bot = start(Fake::start().await, fresh_dir("usernames")).await;
    let card = bot.say(GROUP, ALICE, "/play gridi @Bob", 1).await;
    assert!(bodies(&card).contains("challenges @bob"), "{}", bodies(&card));
    let accept = button(&card, "/accept");
    bot.fake.push(press(GROUP, EVE, &accept));
    let calls = bot
        .fake
        .wait_for("the alert", |c| c.iter().any(|c| c.method == "answerCallbackQuery"))
        .await;
    let alert = calls.iter().find(|c| c.method == "answerCallbackQuery").unwrap();
    assert!(alert.text("text").contains("is for @bob"), "{}", alert.text("text"));
    assert!(bot.games(GROUP).is_empty(), "someone else cannot take Bob's seat");
    bot.act(press(GROUP, BOB, &accept), 1).await;
    let game = bot.games(GROUP).pop().expect("the holder of @bob accepted");
    let bob = data::PlayerId::new(data::Platform::Telegram, BOB.id.to_string());
    assert!(game.players().any(|p| *p == bob), "Bob sits by his id: {:?}", game.seats);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seen_username_is_resolved_to_its_user_and_linked() {
    let bot = start(Fake::start().await, fresh_dir("seen-username")).await;
    bot.say(GROUP, BOB, "/help", 1).await;
    let seen = bot.say(GROUP, ALICE, "/play gridi @BOB", 1).await;
    let linked = format!("tg://user?id={}", BOB.id);
    assert!(bodies(&seen).contains(&linked), "Bob is linked by id: {}", bodies(&seen));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_photo_telegram_refuses_degrades_to_the_text_and_the_post_is_not_lost() {
    let (bot, h, mover, action) = a_game_to_move("upload").await;
    bot.fake.fail_next(&[Failure::PhotoRefused]);
    // Two calls: the refused photo, then its caption as a message.
    let calls = bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 2).await;
    let refused = boards_for(&calls, &action);
    assert_eq!(refused.len(), 1, "the photo was tried once");
    let text = calls.iter().find(|c| c.method == "sendMessage" && c.body().contains(&action));
    assert!(text.is_some(), "the caption went out as a message: {}", bodies(&calls));
    // The post is settled (marked delivered) just after the fake has it.
    let store = bot.core.store().clone();
    bot.fake.wait_for("the post settled", |_| store.owed_post_count().unwrap() == 0).await;
    bot.stop().await;
}

/// The message id the fake gave the last post it accepted (it numbers them from 1).
fn last_message_id(calls: &[Call]) -> String {
    calls.iter().filter(|c| c.is_post() && c.ok).count().to_string()
}

/// The edit of message `id`, once the bot has made it.
async fn edit_of(bot: &Running, id: &str) -> Call {
    let calls = bot
        .fake
        .wait_for("the card edited", |c| {
            c.iter().any(|c| c.method == "editMessageText" && c.text("message_id") == id)
        })
        .await;
    calls.into_iter().find(|c| c.method == "editMessageText" && c.text("message_id") == id).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answered_challenge_card_is_edited_in_place_to_say_how_it_ended_without_buttons() {
    let bot = start(Fake::start().await, fresh_dir("card-closed")).await;
    bot.say(GROUP, BOB, "/help", 1).await;
    for (answer, ended) in [
        ("decline", "declined by Bob"),
        ("cancel", "withdrawn"),
        ("accept", "accepted, the game is on"),
    ] {
        let calls = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
        assert!(posts(&calls)[0].buttons().len() == 2, "the card: {}", bodies(&calls));
        let id = last_message_id(&bot.fake.calls());
        let button = format!("/{answer}");
        if answer == "cancel" {
            bot.say(GROUP, ALICE, "/cancel", 1).await;
        } else {
            bot.fake.push(press(GROUP, BOB, &self::button(&calls, &button)));
        }
        let edit = edit_of(&bot, &id).await;
        assert!(edit.text("text").contains(ended), "{answer}: {}", edit.text("text"));
        assert!(edit.buttons().is_empty(), "{answer}: the card loses its buttons: {edit:?}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browsing_step_edits_the_pressed_board_in_place() {
    let (bot, h, mover, action) = a_game_to_move("browse").await;
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    let shown = bot.say(GROUP, EVE, &format!("/browse {}", h.id), 1).await;
    let back = button(&shown, "/browse");
    let before = bot.fake.calls().len();
    bot.fake.push(press(GROUP, EVE, &back));
    let calls =
        bot.fake.wait_for("the edit", |c| c.iter().any(|c| c.method == "editMessageMedia")).await;
    let edit = calls.iter().find(|c| c.method == "editMessageMedia").unwrap();
    assert_eq!(edit.text("message_id"), "7", "the pressed message is edited");
    assert!(edit.file.as_ref().is_some_and(|(name, _)| name.ends_with(".png")), "{edit:?}");
    assert!(!edit.buttons().is_empty(), "the step keeps its buttons");
    assert!(posts(&calls[before..]).is_empty(), "nothing new is posted");
    bot.stop().await;
}

/// `GET /metrics` from the exporter at `addr`, as text.
async fn scrape(addr: std::net::SocketAddr) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).await.unwrap();
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_endpoint_counts_commands_moves_refusals_latency_and_delivery() {
    // A free port: the exporter listens on it (one recorder per process: only this test).
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    bot::metrics::install(addr).unwrap();
    let (bot, h, mover, action) = a_game_to_move("metrics").await;
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    bot.say(GROUP, EVE, &format!("/move {} {action}", h.id), 1).await;
    let text = scrape(addr).await;
    // The recorder is the process's: other tests running beside this one count too, so the
    // figures are at least this test's.
    let has = |line: &str| text.lines().any(|l| l.starts_with(line));
    let value = |name: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(name)).unwrap_or_default();
        line.rsplit(' ').next().and_then(|v| v.parse().ok()).unwrap_or(0.0)
    };
    assert!(value("tabletalk_moves_total{platform=\"telegram\"}") >= 1.0, "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("tabletalk_commands_total")
            && l.contains("command=\"move\"")
            && l.contains("refused=\"true\"")),
        "Eve's move is a refusal: {text}"
    );
    assert!(has("tabletalk_command_seconds_bucket{platform=\"telegram\",le=\"0.001\"}"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("tabletalk_delivery_posts_total")
            && l.contains("result=\"delivered\"")),
        "{text}"
    );
    assert!(has("tabletalk_delivery_backlog "), "{text}");
    bot.stop().await;
}

/// POSTs `body` to the bot's webhook at `addr` with `secret`; returns the HTTP status line.
async fn post_update(addr: std::net::SocketAddr, secret: &str, body: &serde_json::Value) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = body.to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST /telegram HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         X-Telegram-Bot-Api-Secret-Token: {secret}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer.lines().next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_webhook_mode_updates_come_by_post_with_the_secret_and_count_once() {
    let fake = Fake::start().await;
    let dir = fresh_dir("webhook");
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let (url, listen, data_dir) =
        (format!("http://{addr}/telegram"), addr.to_string(), dir.display().to_string());
    let env = [
        ("TELEGRAM_TOKEN", "123:TEST"),
        ("TABLETALK_DATA_DIR", data_dir.as_str()),
        ("TELEGRAM_WEBHOOK_URL", url.as_str()),
        ("TELEGRAM_WEBHOOK_LISTEN", listen.as_str()),
        ("TELEGRAM_WEBHOOK_SECRET", "s3cret_token"),
    ];
    let config = Config::read(
        &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    let core = open_core(&config).await.unwrap();
    let settings = TelegramSettings {
        api_url: Some(fake.url.clone()),
        throttle: false,
        poll_seconds: 1,
        ..bot::service::Platforms::configured(&config).telegram.unwrap()
    };
    let (stop, stop_rx) = watch::channel(false);
    let task = tokio::spawn(run_telegram(core.clone(), settings, stop_rx));
    let calls = fake.wait_for("setWebhook", |c| c.iter().any(|c| c.method == "setWebhook")).await;
    let hook = calls.iter().find(|c| c.method == "setWebhook").unwrap();
    assert_eq!((hook.text("url"), hook.text("secret_token")), (url.clone(), "s3cret_token".into()));
    assert!(calls.iter().all(|c| c.method != "getUpdates"), "no polling in webhook mode");
    let mut update = text(GROUP, ALICE, "/games");
    update["update_id"] = serde_json::json!(77);
    assert!(post_update(addr, "wrong", &update).await.contains("401"), "the secret is checked");
    assert!(post_update(addr, "s3cret_token", &update).await.contains("200"));
    fake.wait_for("the answer", |c| c.iter().any(|c| c.method == "sendMessage")).await;
    // Telegram sending the same update again (say, after a timeout) is not answered twice.
    assert!(post_update(addr, "s3cret_token", &update).await.contains("200"));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(fake.calls_of("sendMessage").len(), 1);
    stop.send(true).unwrap();
    task.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_are_refused_in_a_group_without_topics_and_a_refused_topic_is_told_in_words() {
    let bot = start(Fake::start().await, fresh_dir("no-topics")).await;
    bot.fake.make_admin(NO_TOPICS.chat, ALICE.id);
    let refused = bot.say(NO_TOPICS, ALICE, "/config threads on", 1).await;
    assert!(bodies(&refused).contains("This group has no topics"), "{}", bodies(&refused));
    let store = bot.core.store();
    assert!(store.chat(&bot.chat(NO_TOPICS)).unwrap().is_none_or(|r| !r.threads), "not set");
    // Set before the check existed: the topic Telegram refuses is told in words, not its error.
    bot.say(NO_TOPICS, ALICE, "/config boards on", 1).await;
    let mut record = store.chat(&bot.chat(NO_TOPICS)).unwrap().unwrap();
    record.threads = true;
    store.put_chat(&record).unwrap();
    bot.say(NO_TOPICS, BOB, "/help", 1).await;
    let card = bot.say(NO_TOPICS, ALICE, "/play gridi @bob", 1).await;
    let before = bot.fake.calls().len();
    bot.fake.push(press(NO_TOPICS, BOB, &button(&card, "/accept")));
    let calls = bot.fake.wait_for("the note", |c| bodies(c).contains("could not open")).await;
    let said = bodies(&calls[before..]);
    assert!(bot.fake.calls_of("createForumTopic").iter().all(|c| !c.ok), "{said}");
    for leak in ["Bad Request", "not a forum", "JSON", "error"] {
        assert!(!said.contains(leak), "no library text ({leak}) reaches players: {said}");
    }
    assert_eq!(bot.games(NO_TOPICS).len(), 1, "the game is played in the group");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_forum_group_threads_on_opens_a_topic_per_game() {
    let bot = start(Fake::start().await, fresh_dir("forum")).await;
    bot.fake.make_admin(GROUP.chat, ALICE.id);
    let set = bot.say(GROUP, ALICE, "/config threads on", 1).await;
    assert!(bodies(&set).contains("a thread per game: on"), "{}", bodies(&set));
    bot.say(GROUP, BOB, "/help", 1).await;
    let card = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
    bot.act(press(GROUP, BOB, &button(&card, "/accept")), 1).await;
    let opened = bot.fake.calls_of("createForumTopic");
    assert!(opened.len() == 1 && opened[0].ok, "{opened:?}");
    assert!(bot.games(GROUP).is_empty(), "the game lives in its topic");
    let boards = bot.fake.wait_for("the board in the topic", |c| {
        c.iter().any(|c| c.method == "sendPhoto" && !c.text("message_thread_id").is_empty())
    });
    let boards = boards.await;
    let board = boards.iter().find(|c| c.method == "sendPhoto").expect("a board");
    let link = format!("https://t.me/c/500/{}", board.text("message_thread_id"));
    let told =
        bot.fake.wait_for("the link to the topic", |c| c.iter().any(|c| c.body().contains(&link)));
    told.await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_by_direct_message_for_a_group_game_is_confirmed_in_the_direct_chat() {
    let (bot, h, mover, action) = a_game_to_move("dm-move").await;
    let calls = bot.say(private(mover), mover, &format!("/m {} {action}", h.id), 2).await;
    let dm = posts(&calls).into_iter().find(|c| c.text("chat_id") == mover.id.to_string());
    let dm = dm.unwrap_or_else(|| panic!("a reply in the direct chat: {}", bodies(&calls)));
    let said = dm.body();
    assert!(said.contains(&format!("in game {}", h.id)) && said.contains(&action), "{said}");
    assert!(said.contains("posted in the game's chat"), "{said}");
    let board = boards_for(&calls, &action);
    assert!(
        board.iter().any(|c| c.text("chat_id") == GROUP.chat.to_string()),
        "board in the group"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_quoted_back_arrives_as_html_code_with_its_characters_escaped() {
    let (bot, h, mover, _) = a_game_to_move("code-spans").await;
    let calls = bot.say(GROUP, mover, &format!("/m {} z<9&", h.id), 1).await;
    let refusal = posts(&calls)[0];
    assert_eq!(refusal.text("parse_mode"), "HTML");
    let html = refusal.body();
    assert!(!html.contains('`'), "no Markdown backquotes: {html}");
    assert!(html.contains("<code>z&lt;9&amp;</code>"), "the input as code, escaped: {html}");
    assert!(refusal.ok, "Telegram parses it");
    bot.stop().await;
}

/// Issue 33 item 4: when the data directory cannot be written (full, deleted), an update cannot
/// be recorded as taken, so it is not handled; the player hears that nothing was done instead
/// of silence, and once the directory can be written again commands work as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_update_that_cannot_be_recorded_is_answered_with_an_apology_and_nothing_is_done() {
    let bot = start(Fake::start().await, fresh_dir("unrecorded")).await;
    // Taking an update appends it to `telegram/inbox.jsonl`: a directory in its place makes
    // every write fail, as a full or deleted data directory does (permissions would not stop a
    // root test run).
    let blocker = bot.dir.join("telegram").join("inbox.jsonl");
    let _ = std::fs::remove_file(&blocker);
    std::fs::create_dir_all(&blocker).unwrap();
    let calls = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
    let answer = calls.iter().find(|c| c.is_post()).expect("an answer").body();
    assert!(answer.contains("can't take commands right now"), "{answer}");
    assert!(answer.contains("Nothing was done"), "{answer}");
    assert!(bot.core.store().challenges_in_chat(&bot.chat(GROUP)).unwrap().is_empty());
    std::fs::remove_dir_all(&blocker).unwrap();
    let card = bot.say(GROUP, ALICE, "/play gridi @bob", 1).await;
    let text = card.iter().find(|c| c.is_post()).unwrap().body();
    assert!(text.contains("challenges"), "{text}");
    bot.stop().await;
}

/// Issue 33 item 6: on SIGTERM the update in hand finishes and what waits behind it in a chat
/// stays in the inbox, so the stop does not wait for a long queue (240 `/replay`s once took 45 s
/// against the documented 30) and drops nothing: after the restart the rest is run, every
/// update answered exactly once, with no word of a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_finishes_the_update_in_hand_and_the_queue_behind_it_runs_after_the_restart() {
    let bot = start(Fake::start().await, fresh_dir("stop-queue")).await;
    start_gridi(&bot, GROUP).await;
    let posted_before = bot.fake.calls().iter().filter(|c| c.is_post()).count();
    const QUEUED: usize = 40;
    for _ in 0..QUEUED {
        bot.fake.push(text(GROUP, ALICE, "/board"));
    }
    bot.fake
        .wait_for("the first board", |calls| {
            calls.iter().filter(|c| c.is_post()).count() > posted_before
        })
        .await;
    let (fake, dir) = bot.stop().await;
    let answered =
        |fake: &Fake| fake.calls().iter().filter(|c| c.is_post()).count() - posted_before;
    let before_restart = answered(&fake);
    assert!(before_restart < QUEUED, "the stop did not wait for the whole queue");
    let bot = start(fake, dir).await;
    let wait =
        |calls: &[Call]| calls.iter().filter(|c| c.is_post()).count() >= posted_before + QUEUED;
    bot.fake.wait_for("the rest of the queue after the restart", wait).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let answers: Vec<String> = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.is_post())
        .skip(posted_before)
        .map(|c| c.body())
        .collect();
    assert_eq!(answers.len(), QUEUED, "every update answered once: {answers:?}");
    assert!(answers.iter().all(|a| !a.contains("restart") && !a.contains("down")), "{answers:?}");
    bot.stop().await;
}

/// The next edit of a pressed message, after `before` edits (the fake's presses are all on
/// message 7).
async fn next_edit(bot: &Running, before: usize) -> Call {
    let edits = |c: &Call| c.method == "editMessageText";
    let calls = bot
        .fake
        .wait_for("the pressed card edited", |c| c.iter().filter(|c| edits(c)).count() > before)
        .await;
    calls.into_iter().filter(edits).nth(before).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answered_draw_takeback_or_resign_card_loses_its_buttons() {
    let (bot, h, mover, action) = a_game_to_move("offer-cards").await;
    let other = if mover.id == ALICE.id { BOB } else { ALICE };
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    let edits = || bot.fake.calls_of("editMessageText").len();
    // A draw offer declined by its button: the card says it is settled, without buttons.
    let card = bot.say(GROUP, mover, "/draw", 1).await;
    assert_eq!(posts(&card)[0].buttons().len(), 2, "{}", bodies(&card));
    let before = edits();
    let decline = button(&card, &format!("/draw {} decline", h.id));
    bot.act(press(GROUP, other, &decline), 1).await;
    let edit = next_edit(&bot, before).await;
    assert_eq!(edit.text("message_id"), "7", "the pressed card is edited");
    assert!(edit.text("text").contains("draw offer"), "{}", edit.text("text"));
    assert!(edit.buttons().is_empty(), "the draw card loses its buttons: {edit:?}");
    // A takeback request refused by its button.
    let card = bot.say(GROUP, mover, "/takeback", 1).await;
    assert_eq!(posts(&card)[0].buttons().len(), 2, "Allow and Refuse: {}", bodies(&card));
    let before = edits();
    let refuse = button(&card, &format!("/takeback {} decline", h.id));
    bot.act(press(GROUP, other, &refuse), 1).await;
    let edit = next_edit(&bot, before).await;
    assert!(edit.text("text").contains("takeback request"), "{}", edit.text("text"));
    assert!(edit.buttons().is_empty(), "the takeback card loses its buttons: {edit:?}");
    // A resignation confirmed by its button: the pressed confirmation loses its button.
    let card = bot.say(GROUP, other, "/resign", 1).await;
    let before = edits();
    bot.act(press(GROUP, other, &button(&card, "/resign")), 1).await;
    let edit = next_edit(&bot, before).await;
    assert!(edit.text("text").contains("confirmed"), "{}", edit.text("text"));
    assert!(edit.buttons().is_empty(), "the confirmation loses its button: {edit:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_card_answered_by_a_typed_command_loses_its_buttons_too() {
    let (bot, h, mover, action) = a_game_to_move("typed-offer-cards").await;
    let other = if mover.id == ALICE.id { BOB } else { ALICE };
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    let edits = || bot.fake.calls_of("editMessageText").len();
    for (offer, answer, says) in [
        ("/draw", format!("/draw {} decline", h.id), "draw offer"),
        ("/takeback", format!("/takeback {} decline", h.id), "takeback request"),
    ] {
        let card = bot.say(GROUP, mover, offer, 1).await;
        assert_eq!(posts(&card)[0].buttons().len(), 2, "{}", bodies(&card));
        let before = edits();
        bot.say(GROUP, other, &answer, 1).await;
        let edit = next_edit(&bot, before).await;
        assert!(edit.text("text").contains(says), "{}", edit.text("text"));
        assert!(edit.buttons().is_empty(), "the card loses its buttons: {edit:?}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_by_direct_message_is_confirmed_there_with_a_link_to_the_board() {
    let (bot, h, mover, action) = a_game_to_move("dm-move-link").await;
    bot.say(private(mover), mover, &format!("/m {} {action}", h.id), 2).await;
    let calls = bot.fake.calls();
    let posted: Vec<&Call> = calls.iter().filter(|c| c.is_post() && c.ok).collect();
    // The fake numbers the posts it accepts from 1, in order.
    let board = posted.iter().position(|c| boards_for(&[(*c).clone()], &action).len() == 1);
    let board = board.expect("the board in the group") + 1;
    let dm = posted.iter().rfind(|c| c.text("chat_id") == mover.id.to_string()).unwrap();
    let link = format!("https://t.me/c/500/{board}");
    assert!(dm.body().contains(&link), "{link} in {}", dm.body());
    bot.stop().await;
}

/// Issue 27 item 7: the bot named as the opponent (`/play gridi @tabletalk_bot`) is a game
/// against the AI, as `/play gridi ai` is, not "I don't know @tabletalk_bot".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_named_as_the_opponent_plays_as_the_ai() {
    let bot = start(Fake::start().await, fresh_dir("bot-opponent")).await;
    let calls = bot.say(GROUP, ALICE, "/play gridi @tabletalk_bot", 1).await;
    let first = posts(&calls)[0].body();
    assert!(first.contains("begins") && first.contains("tabletalk AI"), "{first}");
    let game = bot.games(GROUP).pop().expect("a game against the AI");
    assert!(game.seats.iter().any(|s| matches!(s, SeatHolder::Ai { .. })), "{game:?}");
    bot.stop().await;
}

/// An event run in a Telegram group with commands only: an administrator creates and starts a
/// round robin of three, each round's game is created in the group, every game ends by a typed
/// resignation, and the final standings match the points counted here from the stored games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_runs_to_its_final_standings_in_a_telegram_group() {
    let bot = start(Fake::start().await, fresh_dir("tourney")).await;
    bot.fake.make_admin(GROUP.chat, ALICE.id);
    let refused = bot.say(GROUP, EVE, "/tournament new Cup gridi format=rr", 1).await;
    assert!(bodies(&refused).contains("administrators"), "{}", bodies(&refused));
    let made = bot.say(GROUP, ALICE, "/tournament new Cup gridi format=rr rated=no", 1).await;
    assert!(bodies(&made).contains("created"), "{}", bodies(&made));
    for who in [ALICE, BOB, EVE] {
        let joined = bot.say(GROUP, who, "/tournament join Cup", 1).await;
        assert!(bodies(&joined).contains("joins"), "{}", bodies(&joined));
    }
    bot.say(GROUP, ALICE, "/tournament start Cup", 1).await;
    let chat = bot.chat(GROUP);
    let store = bot.core.store().clone();
    let mut points: std::collections::BTreeMap<String, u32> = Default::default();
    // The event moves on in the same update as the game's end, while the delivery loop may
    // already be sending that update's first posts: wait for the store to say so.
    let event_when = |done: &dyn Fn(&data::Tournament) -> bool| {
        for _ in 0..250 {
            let event = store.tournament(&chat, "Cup").unwrap().unwrap();
            if done(&event) {
                return event;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        panic!("the event never got there");
    };
    for round in 1..=3 {
        let event = event_when(&|e| e.played.len() == round);
        let board = event.played.last().unwrap().iter().find(|b| b.game.is_some()).unwrap();
        let id = board.game.unwrap();
        let h = store.game_header(id).unwrap().unwrap();
        let (loser, winner) = (user_of(&h, 0), user_of(&h, 1));
        *points.entry(winner.name.to_string()).or_default() += 1;
        points.entry(loser.name.to_string()).or_default();
        bot.say(GROUP, loser, &format!("/resign {id} confirm"), 2).await;
    }
    event_when(&|e| e.state == data::TournamentState::Finished);
    let said = bot
        .fake
        .wait_for("the final standings", |calls| bodies(calls).contains("Cup: final standings"))
        .await;
    let said = bodies(&said);
    assert!(said.contains("Cup, round 3 of 3"), "{said}");
    let standings = bodies(&bot.say(GROUP, BOB, "/standings Cup", 1).await);
    assert!(standings.contains("final standings"), "{standings}");
    for (who, won) in &points {
        assert!(standings.contains(&format!("{who} — {won} (")), "{who} {won}: {standings}");
    }
    bot.stop().await;
}

/// Issue 30: a ladder in a Telegram group with commands only — made by an administrator, joined
/// at the bottom, a challenge by rung, the won challenge announced with the ladder's picture —
/// and its order kept across a restart of the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_in_a_telegram_group_swaps_rungs_on_a_won_challenge_and_keeps_them_across_a_restart(
) {
    let bot = start(Fake::start().await, fresh_dir("ladder")).await;
    bot.fake.make_admin(GROUP.chat, ALICE.id);
    let made = bot.say(GROUP, ALICE, "/tournament new Club gridi format=ladder rated=no", 1).await;
    assert!(bodies(&made).contains("it runs now"), "{}", bodies(&made));
    for (rung, who) in [ALICE, BOB, EVE].into_iter().enumerate() {
        let joined = bodies(&bot.say(GROUP, who, "/tournament join Club", 1).await);
        assert!(joined.contains(&format!("on rung {}", rung + 1)), "{joined}");
    }
    let said = bodies(&bot.say(GROUP, EVE, "/tournament challenge Club 1", 2).await);
    assert!(said.contains("challenges") && said.contains("for rung 1"), "{said}");
    let chat = bot.chat(GROUP);
    let event = bot.core.store().tournament(&chat, "Club").unwrap().unwrap();
    let game = event.ladder.unwrap().challenges[0].board.game.unwrap();
    bot.say(GROUP, ALICE, &format!("/resign {game} confirm"), 2).await;
    let calls = bot
        .fake
        .wait_for("the ladder's result", |calls| bodies(calls).contains("takes rung 1"))
        .await;
    let post = calls.iter().find(|c| c.body().contains("takes rung 1")).unwrap();
    assert_eq!(post.method, "sendPhoto", "the result comes with the ladder's picture");
    let (fake, dir) = bot.stop().await;
    let bot = start(fake, dir).await;
    let shown = bodies(&bot.say(GROUP, BOB, "/standings Club", 1).await);
    assert!(
        shown.contains("1. Eve") && shown.contains("2. Bob") && shown.contains("3. Alice"),
        "{shown}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_digest_is_one_direct_photo_linking_each_waiting_games_board() {
    let (bot, h, mover, _) = a_game_to_move("digest").await;
    let set = bot.say(private(mover), mover, "/settings digest daily 09:00", 1).await;
    assert!(bodies(&set).contains("Daily digest: daily at 09:00 (UTC"), "{}", bodies(&set));
    // The digest's moment comes: the timer loop finds it in the store's digest index once an
    // update wakes it (as it would at 09:00 by itself).
    let player = PlayerId::new(Platform::Telegram, mover.id.to_string());
    crate::bot_digest::digest_due_now(&bot.core, &player);
    bot.fake.push(text(private(mover), mover, "/help"));
    bot.fake.wait_taken().await;
    let is_digest = |c: &Call| c.method == "sendPhoto" && c.body().contains("daily digest");
    let calls = bot.fake.wait_for("the digest", |c| c.iter().any(is_digest)).await;
    let digest: Vec<&Call> = calls.iter().filter(|c| is_digest(c)).collect();
    assert_eq!(digest.len(), 1, "one message");
    let digest = digest[0];
    assert_eq!(digest.text("chat_id"), mover.id.to_string(), "sent directly");
    assert!(digest.file.is_some(), "with one image of small boards");
    let board = bot.core.store().message_ref(&data::MessageOwner::Board(h.id)).unwrap().unwrap();
    let caption = digest.body();
    assert!(caption.contains(&h.id.to_string()), "{caption}");
    assert!(caption.contains(&format!("https://t.me/c/500/{}", board.message)), "{caption}");
    bot.stop().await;
}

/// Issue 30: a member who leaves the group (a `chat_member` update, which the bot asks for in
/// `allowed_updates`) quits its events: withdrawn from a running one (their game resigned, the
/// chat told they left), their entry dropped from an open one; their game outside the events
/// goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_leaves_the_group_quits_its_events_and_keeps_other_games() {
    let bot = start(Fake::start().await, fresh_dir("member-left")).await;
    bot.fake.make_admin(GROUP.chat, ALICE.id);
    let casual = start_gridi(&bot, GROUP).await;
    bot.say(GROUP, ALICE, "/tournament new Cup gridi format=rr rated=no", 1).await;
    bot.say(GROUP, ALICE, "/tournament new Later gridi", 1).await;
    for who in [ALICE, BOB, EVE] {
        bot.say(GROUP, who, "/tournament join Cup", 1).await;
    }
    bot.say(GROUP, BOB, "/tournament join Later", 1).await;
    bot.say(GROUP, ALICE, "/tournament start Cup", 1).await;
    let (chat, store) = (bot.chat(GROUP), bot.core.store().clone());
    let event = |name: &str| store.tournament(&chat, name).unwrap().unwrap();
    // Three entrants: Alice rests in round 1, Bob plays Eve.
    let game = event("Cup").played[0].iter().find_map(|b| b.game).expect("Bob's game");
    bot.fake.push(member_left(GROUP, BOB, BOB));
    let withdrawn = "Bob left the chat and withdraws from “Cup”";
    let dropped = "Bob left the chat, so their entry in “Later” is dropped";
    bot.fake
        .wait_for("the departure", |calls| {
            let said = bodies(calls);
            said.contains(withdrawn) && said.contains(dropped)
        })
        .await;
    let bob = PlayerId::new(Platform::Telegram, BOB.id.to_string());
    let cup = event("Cup");
    assert!(cup.entries[cup.entrant(&bob).unwrap() as usize].withdrawn.is_some(), "{cup:?}");
    assert_eq!(event("Later").entrant(&bob), None, "dropped from the open event");
    assert!(!store.game_header(game).unwrap().unwrap().status.is_active(), "resigned");
    assert!(store.game_header(casual.id).unwrap().unwrap().status.is_active(), "not touched");
    let asked = bot.fake.calls_of("getUpdates");
    let wants = |c: &Call| c.params["allowed_updates"].to_string().contains("\"chat_member\"");
    assert!(asked.iter().all(wants), "every poll asks for chat_member: {:?}", asked[0].params);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_answered_at_once_and_posted_with_its_curve_when_ready() {
    let bot = start(Fake::start().await, fresh_dir("analyse")).await;
    let mut h = start_gridi(&bot, GROUP).await;
    for pick in 0..8 {
        let (mover, action) = next_move(&h, pick * 7);
        bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
        h = bot.core.store().game_header(h.id).unwrap().unwrap();
    }
    let (mover, _) = next_move(&h, 0);
    let asked = bot.say(GROUP, mover, &format!("/resign {}", h.id), 1).await;
    bot.act(press(GROUP, mover, &button(&asked, "/resign")), 1).await;
    let before = bot.fake.calls().len();
    bot.say(GROUP, EVE, &format!("/analyse {}", h.id), 3).await;
    // The lessons may run past a photo caption's 1,024 characters and go on in a message of
    // their own, so the curve is waited for by its caption, not by a count of posts.
    let curve_posted =
        |calls: &[Call]| calls[before..].iter().any(|c| c.body().contains("the value curve"));
    let calls = bot.fake.wait_for("the curve", curve_posted).await[before..].to_vec();
    let said = posts(&calls);
    assert!(said[0].body().contains("Analysing"), "answered at once: {}", bodies(&calls));
    let analysis = bodies(&calls);
    assert!(analysis.contains(&format!("Gridi {}, analysed", h.id)), "{analysis}");
    let curve = said.iter().find(|c| c.body().contains("the value curve")).expect("the curve");
    assert_eq!(curve.method, "sendPhoto", "the curve is a picture");
    assert!(curve.file.as_ref().is_some_and(|(name, _)| name.ends_with("-analysis.png")));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suggest_shows_the_player_to_act_the_ais_turn_on_a_board_in_an_unrated_game() {
    let bot = start(Fake::start().await, fresh_dir("suggest")).await;
    let h = start_game_by(&bot, GROUP, ALICE, "gridi rated=no").await;
    let (mover, _) = next_move(&h, 0);
    let calls = bot.say(GROUP, mover, &format!("/suggest {}", h.id), 1).await;
    let board = calls.iter().find(|c| c.method == "sendPhoto").expect("the board after the turn");
    assert!(board.body().contains("would play"), "{}", board.body());
    assert!(board.body().contains(&format!("/move {} ", h.id)), "{}", board.body());
    bot.say(GROUP, mover, "/settings language ru", 1).await;
    let russian = bodies(&bot.say(GROUP, mover, &format!("/suggest {}", h.id), 1).await);
    assert!(russian.contains("ИИ (средний) сыграл бы") && russian.contains("/move"), "{russian}");
    bot.stop().await;
}
