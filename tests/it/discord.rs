//! The Discord adapter end to end: the real poise/serenity client of the service against the
//! fake Discord on loopback (`fake_discord`: REST through `DISCORD_PROXY_URL`, and a gateway
//! websocket), with the store on disk.

use std::path::PathBuf;
use std::sync::Arc;

use bot::core::Core;
use bot::service::{open_core, run_platforms, Config, Platforms};
use data::{Activity, ChatRef, GameHeader, Platform};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use engine::AnyGame;

use crate::fake_discord::{
    autocomplete, button, command, in_channel, member_removed, message, message_in, Call, Failure,
    Fake, Option_, Person, ADMIN, ALICE, BOB, BOT, CHANNEL, EVE, GUILD, GUILD_MEMBERS, OWNER,
};

/// The service running against the fake Discord.
pub(crate) struct Running {
    pub(crate) fake: Fake,
    pub(crate) core: Arc<Core>,
    stop: watch::Sender<bool>,
    task: JoinHandle<Result<(), bot::service::ServiceError>>,
    next: std::sync::atomic::AtomicU64,
    /// Where the web board listens once bound, when `TABLETALK_WEB_URL` is set.
    pub(crate) web: Option<Arc<std::sync::OnceLock<std::net::SocketAddr>>>,
}

fn fresh_dir(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-dc-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

async fn start(label: &str) -> Running {
    start_with(label, &[]).await
}

/// The service with more settings (`extra`) than the test defaults.
pub(crate) async fn start_with(label: &str, extra: &[(&str, &str)]) -> Running {
    let fake = Fake::start().await;
    let data_dir = fresh_dir(label).display().to_string();
    let guild = GUILD.to_string();
    let env = [
        ("DISCORD_TOKEN", "TEST.TOKEN"),
        ("DISCORD_PROXY_URL", fake.url.as_str()),
        ("DISCORD_GUILD_ID", guild.as_str()),
        ("TABLETALK_DATA_DIR", data_dir.as_str()),
    ];
    let config = Config::read(
        &|name| env.iter().chain(extra).find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    let core = open_core(&config).await.unwrap();
    let (stop, stop_rx) = watch::channel(false);
    let task = tokio::spawn(run_platforms(core.clone(), Platforms::configured(&config), stop_rx));
    fake.wait_ready().await;
    let web = config.web.as_ref().map(|w| w.bound.clone());
    Running { fake, core, stop, task, next: 1.into(), web }
}

impl Running {
    pub(crate) async fn stop(self) {
        self.stop.send(true).unwrap();
        self.task.await.unwrap().unwrap();
    }

    fn id(&self) -> u64 {
        self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 500_000
    }

    /// `who`'s games, wherever they are.
    fn games_of(&self, who: &Person) -> Vec<GameHeader> {
        let store = self.core.store();
        let me = data::PlayerId { platform: Platform::Discord, user: who.id.to_string() };
        let ids = store.games_of_player(&me, Activity::Active).unwrap();
        ids.into_iter().map(|id| store.game_header(id).unwrap().unwrap()).collect()
    }

    fn games(&self) -> Vec<GameHeader> {
        let store = self.core.store();
        let chat = chat();
        [Activity::Active, Activity::Ended]
            .into_iter()
            .flat_map(|a| store.games_in_chat(&chat, a).unwrap())
            .map(|id| store.game_header(id).unwrap().unwrap())
            .collect()
    }

    /// Uses a slash command and waits until its interaction is answered and settled (the
    /// callback made, and a deferred answer edited or deleted); returns the calls it caused.
    async fn slash(&self, who: &Person, name: &str, options: &[Option_]) -> Vec<Call> {
        let id = self.id();
        self.interact(command(id, who, name, options), id).await
    }

    /// The autocomplete suggestions for `/move`'s actions as `who` types `typed`.
    async fn suggestions(&self, who: &Person, typed: &str) -> Vec<String> {
        self.suggestions_for(who, ("move", "actions"), typed).await
    }

    /// The autocomplete suggestions for option `option` of slash command `command`.
    async fn suggestions_for(
        &self,
        who: &Person,
        (command, option): (&str, &str),
        typed: &str,
    ) -> Vec<String> {
        let id = self.id();
        self.fake.dispatch("INTERACTION_CREATE", autocomplete(id, who, command, option, typed));
        let callback = format!("/interactions/{id}/token-{id}/callback");
        let calls = self
            .fake
            .wait_for("the suggestions", |calls| calls.iter().any(|c| c.path == callback))
            .await;
        let answer = calls.into_iter().find(|c| c.path == callback).unwrap();
        assert_eq!(answer.callback_type(), Some(8), "an autocomplete result: {answer:?}");
        answer.body["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            .collect()
    }

    /// Presses a button and waits for the press to be answered.
    pub(crate) async fn press(&self, who: &Person, custom_id: &str) -> Vec<Call> {
        let id = self.id();
        self.interact(button(id, who, custom_id, 777), id).await
    }

    async fn interact(&self, event: serde_json::Value, id: u64) -> Vec<Call> {
        let before = self.fake.calls().len();
        self.fake.dispatch("INTERACTION_CREATE", event);
        let token = format!("token-{id}");
        let callback = format!("/interactions/{id}/{token}/callback");
        let calls = self
            .fake
            .wait_for("the interaction's answer", |calls| {
                let Some(cb) = calls.iter().find(|c| c.path == callback) else { return false };
                // A deferred answer settles when the original response is edited or deleted.
                cb.callback_type() != Some(5)
                    || calls
                        .iter()
                        .any(|c| c.path.contains(&token) && c.path.ends_with("@original"))
            })
            .await;
        calls[before..].to_vec()
    }
}

/// The test channel as the core knows it.
fn chat() -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: CHANNEL.to_string(),
        community: Some(GUILD.to_string()),
    }
}

fn text(name: &'static str, value: &str) -> Option_ {
    Option_::Text(name, value.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_registers_one_slash_command_per_declared_command_with_typed_options() {
    let bot = start("register").await;
    let registered = bot.fake.registered();
    let names: Vec<&str> = registered.iter().filter_map(|c| c["name"].as_str()).collect();
    for spec in bot::core::commands::COMMANDS {
        assert!(names.contains(&spec.name), "/{} is registered: {names:?}", spec.name);
    }
    assert!(names.contains(&"m"), "the short alias /m too");
    let play = registered.iter().find(|c| c["name"] == "play").unwrap();
    let options = play["options"].as_array().unwrap();
    let opponent = options.iter().find(|o| o["name"] == "opponent").unwrap();
    assert_eq!(opponent["type"], 6, "opponents are user options (real ids): {play}");
    let game = options.iter().find(|o| o["name"] == "game").unwrap();
    assert_eq!(game["choices"].as_array().unwrap().len(), 4, "the game kinds are choices");
    let mv = registered.iter().find(|c| c["name"] == "move").unwrap();
    let actions =
        mv["options"].as_array().unwrap().iter().find(|o| o["name"] == "actions").unwrap();
    assert_eq!(actions["autocomplete"], true, "actions complete as you type");
    assert!(play["description_localizations"]["ru"].as_str().is_some(), "described in Russian too");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_level_is_a_choice_in_play_and_starts_a_game_against_that_level() {
    let bot = start("ai-level").await;
    let registered = bot.fake.registered();
    let play = registered.iter().find(|c| c["name"] == "play").unwrap();
    let ai = play["options"].as_array().unwrap().iter().find(|o| o["name"] == "ai").unwrap();
    assert_eq!(ai["type"], 3, "a text option with choices, not a switch: {ai}");
    let levels: Vec<&str> =
        ai["choices"].as_array().unwrap().iter().filter_map(|c| c["value"].as_str()).collect();
    assert_eq!(levels, ["easy", "medium", "hard"]);
    bot.slash(&ALICE, "play", &[text("game", "gridi"), text("ai", "hard")]).await;
    let game = bot.games_of(&ALICE).remove(0);
    let strengths: Vec<&str> = game
        .seats
        .iter()
        .filter_map(|s| match s {
            data::SeatHolder::Ai { level, .. } => Some(level.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(strengths, ["hard"], "the chosen level plays");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn administrators_commands_are_shown_by_default_only_to_those_who_manage_the_server() {
    let bot = start("admin-menu").await;
    let registered = bot.fake.registered();
    let permissions = |name: &str| {
        let command = registered.iter().find(|c| c["name"] == name).unwrap();
        command["default_member_permissions"].as_str().map(str::to_string)
    };
    let manage_server = (1u64 << 5).to_string();
    for admin in ["void", "config"] {
        assert_eq!(permissions(admin).as_deref(), Some(manage_server.as_str()), "/{admin}");
    }
    for anyone in ["play", "move", "help"] {
        assert_eq!(permissions(anyone), None, "/{anyone} is everyone's");
    }
    bot.stop().await;
}

/// Alice challenges Bob to Gridi by slash command and Bob accepts by button; returns the game.
pub(crate) async fn gridi_started(bot: &Running) -> GameHeader {
    bot.slash(&ALICE, "play", &[text("game", "gridi"), Option_::User("opponent", BOB)]).await;
    let calls = bot
        .fake
        .wait_for("the challenge card", |calls| {
            calls.iter().any(|c| c.buttons().iter().any(|b| b.starts_with("/accept")))
        })
        .await;
    let accept = calls.iter().flat_map(|c| c.buttons()).find(|b| b.starts_with("/accept")).unwrap();
    bot.press(&BOB, &accept).await;
    bot.fake
        .wait_for("the first board", |calls| calls.iter().any(|c| c.ok && c.has_picture()))
        .await;
    bot.games().remove(0)
}

/// The player with Discord user id `id`.
fn person(id: &str) -> Person {
    *[ALICE, BOB, EVE].iter().find(|p| p.id.to_string() == id).unwrap()
}

/// `who` challenges the others to `kind` by slash command and each accepts by button; returns
/// the game.
async fn started(bot: &Running, kind: &str, who: &Person, others: &[Person]) -> GameHeader {
    started_with(bot, kind, Vec::new(), who, others).await
}

/// [`started`] with more options of `/play` (`options`: "rated=no").
async fn started_with(
    bot: &Running,
    kind: &str,
    more: Vec<Option_>,
    who: &Person,
    others: &[Person],
) -> GameHeader {
    let names = ["opponent", "opponent2", "opponent3"];
    let mut options = vec![text("game", kind)];
    options.extend(others.iter().zip(names).map(|(p, n)| Option_::User(n, *p)));
    options.extend(more);
    bot.slash(who, "play", &options).await;
    let calls = bot
        .fake
        .wait_for("the challenge card", |calls| {
            calls.iter().any(|c| c.buttons().iter().any(|b| b.starts_with("/accept")))
        })
        .await;
    let accept = calls.iter().flat_map(|c| c.buttons()).find(|b| b.starts_with("/accept")).unwrap();
    for other in others {
        bot.press(other, &accept).await;
    }
    bot.fake.wait_for("the game to start", |_| !bot.games().is_empty()).await;
    bot.games().remove(0)
}

/// Who is to act in `game` (Alice or Bob), and who is not.
fn turn(game: &GameHeader) -> (Person, Person) {
    let position = AnyGame::from_position(game.kind, &game.position).unwrap();
    let seat = position.to_act().unwrap();
    let holder = game.seats[seat.index()].player().unwrap();
    if holder.user == ALICE.id.to_string() {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    }
}

/// A legal action of `game` for the player to act.
fn legal(game: &GameHeader) -> String {
    let position = AnyGame::from_position(game.kind, &game.position).unwrap();
    position.legal_actions().remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_card_takes_button_answers_and_a_refused_press_is_shown_only_to_the_presser() {
    let bot = start("challenge").await;
    bot.slash(&ALICE, "play", &[text("game", "gridi"), Option_::User("opponent", BOB)]).await;
    let calls = bot
        .fake
        .wait_for("the challenge card", |calls| {
            calls.iter().any(|c| c.buttons().iter().any(|b| b.starts_with("/accept")))
        })
        .await;
    let card = calls.iter().find(|c| !c.buttons().is_empty()).unwrap();
    assert!(card.path.ends_with("@original"), "the card answers the /play command: {card:?}");
    let accept = card.buttons().into_iter().find(|b| b.starts_with("/accept")).unwrap();
    let refused = bot.press(&EVE, &accept).await;
    let answer = refused.iter().find(|c| c.is_callback()).unwrap();
    assert!(answer.ephemeral(), "only the presser sees the refusal: {answer:?}");
    assert!(answer.content().contains("only they can accept"), "{}", answer.content());
    assert_eq!(refused.iter().filter(|c| !c.is_callback()).count(), 0, "nothing posted");
    assert!(bot.games().is_empty(), "a refused press changes nothing");
    let accepted = bot.press(&BOB, &accept).await;
    assert_eq!(accepted.iter().find(|c| c.is_callback()).unwrap().callback_type(), Some(6));
    let calls = bot
        .fake
        .wait_for("the first board", |calls| calls.iter().any(|c| c.ok && c.has_picture()))
        .await;
    let board = calls.iter().find(|c| c.has_picture()).unwrap();
    let image = board.body["embeds"][0]["image"]["url"].as_str().unwrap();
    assert!(image.starts_with("attachment://gridi-"), "the board shows in an embed: {image}");
    assert_eq!(bot.games().len(), 1);
    let (mover, _) = turn(&bot.games()[0]);
    let mention = format!("<@{}>", mover.id);
    assert!(board.content().contains(&mention), "the player to act is pinged: {}", board.content());
    assert_eq!(board.body["allowed_mentions"]["users"], serde_json::json!([mover.id.to_string()]));
    let calls =
        bot.fake.wait_for("the card closed in place", |calls| calls.iter().any(is_card_edit)).await;
    let closed = calls.iter().find(|c| is_card_edit(c)).unwrap();
    assert!(closed.content().contains("accepted, the game is on"), "{}", closed.content());
    assert!(closed.buttons().is_empty(), "the answered card loses its buttons: {closed:?}");
    bot.stop().await;
}

/// An edit of a message the bot posted earlier (not of a slash command's answer).
fn is_card_edit(call: &Call) -> bool {
    call.method == "PATCH" && call.path.starts_with("/channels/") && call.ok
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_by_slash_command_is_answered_with_the_board_and_an_illegal_one_only_to_its_sender()
{
    let bot = start("move").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    let illegal = bot.slash(&mover, "move", &[text("actions", "z9-z10")]).await;
    let answer = illegal.iter().find(|c| c.is_callback()).unwrap();
    assert!(answer.ephemeral(), "a refusal is ephemeral: {answer:?}");
    assert!(answer.content().contains("z9-z10"), "it names what was wrong: {}", answer.content());
    assert_eq!(bot.games()[0].version, game.version, "nothing changed");
    let action = legal(&game);
    let calls = bot.slash(&mover, "move", &[text("actions", &action)]).await;
    let callback = calls.iter().find(|c| c.is_callback()).unwrap();
    assert_eq!(callback.callback_type(), Some(5), "acknowledged at once (deferred)");
    let board = calls.iter().find(|c| c.path.ends_with("@original")).unwrap();
    assert!(board.has_picture(), "the board is the command's answer: {board:?}");
    assert!(board.content().contains(&action), "{}", board.content());
    assert!(bot.games()[0].version > game.version, "the move is stored");
    // Eve is not in the game: refused, only to her.
    let eve = bot
        .slash(&EVE, "move", &[text("game", &game.id.to_string()), text("actions", &action)])
        .await;
    assert!(eve.iter().find(|c| c.is_callback()).unwrap().ephemeral());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_offers_the_legal_actions_that_start_with_what_was_typed() {
    let bot = start("complete").await;
    let game = gridi_started(&bot).await;
    let position = AnyGame::from_position(game.kind, &game.position).unwrap();
    let action = legal(&game);
    let typed: String = action.chars().take(2).collect();
    let id = bot.id();
    let (mover, other) = turn(&game);
    bot.fake.dispatch("INTERACTION_CREATE", autocomplete(id, &mover, "move", "actions", &typed));
    let callback = format!("/interactions/{id}/token-{id}/callback");
    let calls = bot
        .fake
        .wait_for("the suggestions", |calls| calls.iter().any(|c| c.path == callback))
        .await;
    let answer = calls.iter().find(|c| c.path == callback).unwrap();
    assert_eq!(answer.callback_type(), Some(8), "an autocomplete result: {answer:?}");
    let offered: Vec<String> = answer.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let expected: Vec<String> =
        position.legal_actions().into_iter().filter(|a| a.starts_with(&typed)).take(25).collect();
    assert_eq!(offered, expected);
    assert!(offered.contains(&action));
    // The other player is not to act: nothing to offer them.
    let id = bot.id();
    bot.fake.dispatch("INTERACTION_CREATE", autocomplete(id, &other, "move", "actions", ""));
    let callback = format!("/interactions/{id}/token-{id}/callback");
    let calls =
        bot.fake.wait_for("no suggestions", |calls| calls.iter().any(|c| c.path == callback)).await;
    let answer = calls.iter().find(|c| c.path == callback).unwrap();
    assert_eq!(answer.body["data"]["choices"], serde_json::json!([]));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_autocomplete_offers_the_cells_a_legal_action_starts_on_or_places_onto() {
    let bot = start("hint-cells").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    let cells = bot.suggestions_for(&mover, ("hint", "cell"), "").await;
    let legal = AnyGame::from_position(game.kind, &game.position).unwrap().legal_actions();
    assert!(!cells.is_empty() && cells.len() <= 25, "{cells:?}");
    let touches = |a: &String, cell: &str| {
        a.starts_with(cell) || a.contains(&format!("@{cell}")) || a.contains(&format!("+{cell}"))
    };
    for cell in &cells {
        assert!(
            legal.iter().any(|a| touches(a, cell)),
            "an action starts on or places onto {cell}"
        );
    }
    let typed = &cells[0][..1];
    let narrowed = bot.suggestions_for(&mover, ("hint", "cell"), typed).await;
    assert!(narrowed.iter().all(|c| c.starts_with(typed)), "{narrowed:?}");
    let answer = bot.slash(&mover, "hint", &[text("cell", &cells[0])]).await;
    let said: String = answer.iter().map(Call::content).collect();
    assert!(said.contains(&format!("{}:", cells[0])), "/hint lists its actions: {said}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_refused_with_500_and_429_is_retried_until_it_arrives() {
    let bot = start("faults").await;
    bot.fake.fail_next(&[Failure::ServerError, Failure::TooMany(0.1)]);
    gridi_started(&bot).await;
    let posts: Vec<Call> = bot
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .collect();
    assert!(posts.iter().filter(|c| !c.ok).count() == 2, "two refused tries: {posts:?}");
    assert_eq!(posts.iter().filter(|c| c.ok && c.has_picture()).count(), 1, "then one board");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prefix_command_in_a_direct_message_is_answered_there() {
    let bot = start("prefix").await;
    let id = bot.id();
    bot.fake.dispatch("MESSAGE_CREATE", message(id, &ALICE, "!games", false));
    let dm = format!("/channels/{}/messages", 8_000_000 + ALICE.id);
    let calls =
        bot.fake.wait_for("the answer in the DM", |calls| calls.iter().any(|c| c.path == dm)).await;
    let answer = calls.iter().find(|c| c.path == dm).unwrap();
    assert!(answer.content().contains("Gridi"), "{}", answer.content());
    // Talk that is not a command gets nothing; other bots are never heard.
    bot.fake.dispatch("MESSAGE_CREATE", message(bot.id(), &ALICE, "good game!", false));
    let mut from_bot = message(bot.id(), &BOT, "!games", false);
    from_bot["author"]["bot"] = serde_json::json!(true);
    bot.fake.dispatch("MESSAGE_CREATE", from_bot);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(bot.fake.calls().iter().filter(|c| c.path == dm).count(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prefix_command_in_a_server_knows_the_owner_and_manage_server_from_the_cached_guild() {
    let bot = start_with("prefix-admin", &[("DISCORD_MESSAGE_CONTENT", "on")]).await;
    let here = format!("/channels/{CHANNEL}/messages");
    for (who, allowed) in [(&ALICE, false), (&OWNER, true), (&ADMIN, true)] {
        let before = bot.fake.calls().len();
        bot.fake.dispatch("MESSAGE_CREATE", message(bot.id(), who, "!config boards off", true));
        let calls = bot
            .fake
            .wait_for("the answer", |c| c[before..].iter().any(|c| c.path == here && c.ok))
            .await;
        let answer = calls[before..].iter().find(|c| c.path == here).unwrap().content();
        let changed = answer.contains("boards posted here: off");
        assert_eq!(changed, allowed, "{}: {answer}", who.name);
        bot.slash(&OWNER, "config", &[text("setting-value", "boards on")]).await;
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn number_and_switch_options_reach_the_core_as_the_words_it_reads() {
    let bot = start("options").await;
    let game = gridi_started(&bot).await;
    let id = game.id.to_string();
    let board =
        bot.slash(&EVE, "board", &[text("game", &id), Option_::Number("action-number", 0)]).await;
    let answer = board.iter().find(|c| c.path.ends_with("@original")).unwrap();
    assert!(answer.has_picture() && answer.content().contains("0"), "{answer:?}");
    let (mover, _) = turn(&game);
    let resign = [text("game", &id), Option_::Switch("confirm", true)];
    bot.slash(&mover, "resign", &resign).await;
    bot.fake.wait_for("the result", |_| !bot.games()[0].status.is_active()).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_direct_messages_are_closed_is_marked_unreachable() {
    let bot = start("dms").await;
    for who in [&ALICE, &BOB] {
        bot.slash(who, "settings", &[text("setting-value", "dm on")]).await;
        bot.fake.close_dms(who.id);
    }
    let game = gridi_started(&bot).await;
    let (mover, waiting) = turn(&game);
    bot.slash(&mover, "move", &[text("actions", &legal(&game))]).await;
    let player = data::PlayerId::new(Platform::Discord, waiting.id.to_string());
    bot.fake
        .wait_for("the DM refused", |_| {
            let profile = bot.core.store().player(&player).unwrap().unwrap();
            matches!(profile.direct, data::DirectReach::Unreachable { .. })
        })
        .await;
    let refused = bot.fake.calls().into_iter().filter(|c| !c.ok).count();
    assert!(refused >= 1, "the DM was tried and refused");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_dropped_gateway_connection_the_bot_resumes_and_an_interaction_sent_twice_counts_once(
) {
    let bot = start("resume").await;
    bot.fake.drop_connection();
    bot.fake.wait_for("the bot to resume", |_| bot.fake.sessions() > 0).await;
    assert_eq!(bot.fake.resumed(), 1, "the session resumed (not identified anew)");
    let id = bot.id();
    let play = command(id, &ALICE, "play", &[text("game", "yama"), Option_::User("opponent", BOB)]);
    bot.fake.dispatch("INTERACTION_CREATE", play.clone());
    bot.fake.dispatch("INTERACTION_CREATE", play);
    let callback = format!("/interactions/{id}/token-{id}/callback");
    bot.fake.wait_for("the answer", |calls| calls.iter().any(|c| c.path == callback)).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let answers = bot.fake.calls().iter().filter(|c| c.path == callback).count();
    assert_eq!(answers, 1, "answered once");
    let open = bot.core.store().challenges_in_chat(&chat()).unwrap();
    assert_eq!(open.len(), 1, "one challenge, not two");
    bot.stop().await;
}

/// A small seeded generator for the players' choices (deterministic runs).
struct Choices(u64);

impl Choices {
    fn pick<'a>(&mut self, from: &'a [String]) -> &'a String {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        &from[(self.0 >> 33) as usize % from.len()]
    }
}

/// Plays `kind` to its end through slash commands: each action picked from `/move`'s
/// autocomplete and then played with `/move`, answered with the board; every `resign_after`
/// actions the player to act resigns by the confirmation button (in POI Control the table
/// plays on without them).
async fn whole_game(kind: &str, players: &[Person], resign_after: usize) {
    let bot = start(&format!("whole-{kind}")).await;
    let mut game = started(&bot, kind, &players[0], &players[1..]).await;
    let mut choices = Choices(kind.len() as u64);
    let mut played = 0;
    while game.status.is_active() {
        assert!(played < 400, "{kind}: the game ends");
        let position = AnyGame::from_position(game.kind, &game.position).unwrap();
        let seat = position.to_act().unwrap();
        let mover = person(&game.seats[seat.index()].player().unwrap().user);
        if played > 0 && played % resign_after == 0 {
            let id = game.id.to_string();
            let asked = bot.slash(&mover, "resign", &[text("game", &id)]).await;
            let confirm = asked.iter().flat_map(|c| c.buttons()).find(|b| b.contains("confirm"));
            bot.press(&mover, &confirm.expect("a confirmation button")).await;
        } else {
            let offered = bot.suggestions(&mover, "").await;
            assert!(!offered.is_empty(), "{kind}: suggestions for the player to act");
            let action = choices.pick(&offered).clone();
            let calls = bot.slash(&mover, "move", &[text("actions", &action)]).await;
            let answer = calls.iter().find(|c| c.path.ends_with("@original"));
            let answer = answer.unwrap_or_else(|| panic!("{kind}: {action} answered: {calls:?}"));
            assert!(answer.has_picture(), "{kind}: the board answers {action}: {answer:?}");
        }
        played += 1;
        let next = bot.games().remove(0);
        assert!(next.version > game.version, "{kind}: every action is stored");
        game = next;
    }
    let over = |c: &Call| c.content().contains("is over") || c.content().contains("окончена");
    bot.fake.wait_for("the result", |calls| calls.iter().any(over)).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_each_kind_through_slash_commands_autocomplete_and_buttons() {
    // Random play may wander: a player resigns after a while if nobody has won.
    whole_game("gridi", &[ALICE, BOB], 150).await;
    whole_game("vorcept", &[ALICE, BOB], 40).await;
    whole_game("yama", &[ALICE, BOB], 150).await;
    whole_game("poi", &[ALICE, BOB, EVE], 30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browsing_step_updates_the_pressed_board_in_place_and_posts_nothing() {
    let bot = start("browse").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    bot.slash(
        &mover,
        "move",
        &[text("game", &game.id.to_string()), text("actions", &legal(&game))],
    )
    .await;
    let shown = bot.slash(&EVE, "browse", &[text("game", &game.id.to_string())]).await;
    let buttons: Vec<String> = shown.iter().flat_map(|c| c.buttons()).collect();
    let back = buttons.iter().find(|b| b.starts_with("/browse")).expect("browse buttons");
    let before = bot.fake.calls().len();
    let stepped = bot.press(&EVE, back).await;
    let update = stepped.iter().find(|c| c.is_callback()).unwrap();
    assert_eq!(update.callback_type(), Some(7), "the pressed message is updated: {update:?}");
    assert!(update.has_picture(), "with the earlier position's board: {update:?}");
    assert!(!update.buttons().is_empty(), "the step keeps its buttons");
    let posted = bot.fake.calls()[before..]
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .count();
    assert_eq!(posted, 0, "nothing new is posted");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browse_at_the_first_and_last_positions_is_accepted_with_unique_button_ids() {
    let bot = start("browse-ends").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    let id = game.id.to_string();
    bot.slash(&mover, "move", &[text("game", &id), text("actions", &legal(&game))]).await;
    for at in [0, 1] {
        let shown = bot
            .slash(&EVE, "browse", &[text("game", &id), Option_::Number("action-number", at)])
            .await;
        let answer = shown.iter().find(|c| c.path.ends_with("@original")).expect("an answer");
        assert!(answer.ok, "Discord accepts /browse at action {at}: {answer:?}");
        let ids = answer.buttons();
        let unique: std::collections::HashSet<&String> = ids.iter().collect();
        assert!(ids.len() == 4 && unique.len() == 4, "four distinct ids at {at}: {ids:?}");
        let disabled = answer.body["components"][0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["disabled"] == true)
            .count();
        assert_eq!(disabled, 2, "the two buttons that lead nowhere are disabled at {at}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_by_slash_command_is_agreed_by_its_button() {
    let bot = start("draw").await;
    let game = gridi_started(&bot).await;
    let (mover, other) = turn(&game);
    let offer = bot.slash(&mover, "draw", &[]).await;
    let answer = offer.iter().find(|c| c.is_callback()).unwrap();
    assert_eq!(answer.callback_type(), Some(4), "the offer answers the command: {answer:?}");
    assert!(!answer.ephemeral(), "an offer is public");
    let accept = answer.buttons().into_iter().find(|b| b.ends_with("accept")).unwrap();
    assert!(answer.content().contains(&format!("<@{}>", other.id)), "{}", answer.content());
    bot.press(&other, &accept).await;
    let over = |c: &Call| c.content().contains("draw") || c.content().contains("ничья");
    bot.fake.wait_for("the draw", |calls| calls.iter().rev().take(3).any(over)).await;
    assert!(!bot.games()[0].status.is_active(), "the game ended");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_declined_by_a_typed_command_loses_its_buttons() {
    let bot = start("draw-typed").await;
    let game = gridi_started(&bot).await;
    let (mover, other) = turn(&game);
    bot.slash(&mover, "draw", &[]).await;
    bot.slash(&other, "draw", &[text("answer", "decline")]).await;
    // The card, answered by the command (Bob's client is Russian): edited in its channel.
    let closed = |c: &Call| {
        let settled = c.content().contains("draw offer") || c.content().contains("ничьей в");
        c.method == "PATCH" && c.path.starts_with("/channels/") && settled
    };
    let calls = bot.fake.wait_for("the card edited", |calls| calls.iter().any(closed)).await;
    let edit = calls.into_iter().find(closed).unwrap();
    assert!(edit.buttons().is_empty(), "the card loses its buttons: {edit:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_given_a_shard_range_identifies_as_those_shards() {
    let bot = start_with("shards", &[("DISCORD_SHARDS", "1"), ("DISCORD_SHARD_COUNT", "4")]).await;
    assert_eq!(bot.fake.identified_shards(), [serde_json::json!([1, 4])]);
    let calls = bot.slash(&EVE, "games", &[]).await;
    assert!(calls.iter().any(|c| c.is_callback()), "the shard takes commands");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_on_an_accepted_challenge_opens_a_thread_named_after_the_game_and_it_lives_there(
) {
    let bot = start("threads").await;
    let refused = bot.slash(&ALICE, "config", &[text("setting-value", "threads on")]).await;
    assert!(refused.iter().any(|c| c.ephemeral()), "only administrators change settings");
    let set = bot.slash(&ADMIN, "config", &[text("setting-value", "threads on")]).await;
    let said: String = set.iter().map(Call::content).collect();
    assert!(said.contains("a thread per game: on"), "{said}");
    bot.slash(&ALICE, "play", &[text("game", "gridi"), Option_::User("opponent", BOB)]).await;
    let calls = bot
        .fake
        .wait_for("the challenge card", |calls| {
            calls.iter().any(|c| c.buttons().iter().any(|b| b.starts_with("/accept")))
        })
        .await;
    let accept = calls.iter().flat_map(|c| c.buttons()).find(|b| b.starts_with("/accept")).unwrap();
    bot.press(&BOB, &accept).await;
    bot.fake.wait_for("the game to start", |_| !bot.games_of(&ALICE).is_empty()).await;
    let game = bot.games_of(&ALICE).remove(0);
    assert!(bot.games().is_empty(), "the game is not in the channel itself");
    let threads = bot.fake.threads();
    assert_eq!(threads.len(), 1, "one thread for the game: {threads:?}");
    let (thread, asked) = &threads[0];
    assert_eq!(asked["name"], "Gridi: alice vs bob");
    assert_eq!(
        (asked["type"].as_u64(), asked["auto_archive_duration"].as_u64()),
        (Some(11), Some(10080))
    );
    assert_eq!(game.chat.chat, thread.to_string(), "the game's chat is its thread");
    assert_eq!(game.chat.community.as_deref(), Some(GUILD.to_string().as_str()));
    let in_thread = format!("/channels/{thread}/messages");
    let calls = bot
        .fake
        .wait_for("the board in the thread", |c| {
            c.iter().any(|c| c.path == in_thread && c.has_picture())
        })
        .await;
    let noted = calls.iter().any(|c| {
        c.content().contains("played in its thread")
            && c.content().contains(&format!("<#{thread}>"))
    });
    assert!(noted, "the channel is told where the game went, as a link to the thread");
    let (mover, _) = turn(&game);
    let action = legal(&game);
    let id = bot.id();
    let slash = command(id, &mover, "move", &[text("actions", &action)]);
    bot.interact(in_channel(slash, *thread), id).await;
    let moved = bot.games_of(&ALICE).remove(0);
    assert_eq!(moved.action_count, 1, "a /move typed in the thread plays its game");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slash_command_the_bot_no_longer_has_is_answered_only_to_its_sender() {
    let bot = start("stale-command").await;
    let calls = bot.slash(&ALICE, "frobnicate", &[]).await;
    let answer = calls.iter().find(|c| c.is_callback()).expect("the command is answered");
    assert!(answer.ephemeral(), "only to the sender: {answer:?}");
    assert!(answer.content().contains("/frobnicate is no longer offered"), "{}", answer.content());
    assert!(answer.content().contains("/help"), "{}", answer.content());
    bot.stop().await;
}

#[test]
fn a_message_link_opens_the_post_in_its_server_or_direct_chat() {
    let chat = |community: Option<&str>| ChatRef {
        platform: Platform::Discord,
        chat: "222".into(),
        community: community.map(str::to_string),
    };
    let post = |c| data::MessageRef { chat: c, message: "333".into(), thread: None };
    let in_server = bot::discord::message_link(&post(chat(Some("111"))));
    assert_eq!(in_server, "https://discord.com/channels/111/222/333");
    let direct = bot::discord::message_link(&post(chat(None)));
    assert_eq!(direct, "https://discord.com/channels/@me/222/333");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resign_confirmation_is_shown_only_to_the_player_who_asked() {
    let bot = start("resign-ephemeral").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    let asked = bot.slash(&mover, "resign", &[text("game", &game.id.to_string())]).await;
    let answer = asked.iter().find(|c| c.is_callback()).expect("the command is answered");
    assert!(answer.ephemeral(), "the confirmation is the asker's alone: {answer:?}");
    let confirm = answer.buttons().into_iter().find(|b| b.contains("confirm"));
    let pressed = bot.press(&mover, &confirm.expect("a confirmation button")).await;
    let update = pressed.iter().find(|c| c.is_callback()).unwrap();
    assert_eq!(update.callback_type(), Some(7), "the confirmation is updated: {update:?}");
    assert!(update.buttons().is_empty(), "and loses its button: {update:?}");
    bot.fake.wait_for("the game to end", |_| !bot.games()[0].status.is_active()).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_challenge_to_someone_the_bot_has_never_seen_pings_them() {
    let bot = start("first-ping").await;
    bot.slash(&ALICE, "play", &[text("game", "gridi"), Option_::User("opponent", EVE)]).await;
    let calls = bot
        .fake
        .wait_for("the challenge card", |calls| {
            calls.iter().any(|c| c.buttons().iter().any(|b| b.starts_with("/accept")))
        })
        .await;
    let card = calls.iter().rfind(|c| c.buttons().iter().any(|b| b.starts_with("/accept")));
    let card = card.unwrap();
    assert!(card.content().contains(&format!("<@{}>", EVE.id)), "{}", card.content());
    let users = &card.body["allowed_mentions"]["users"];
    assert_eq!(users, &serde_json::json!([EVE.id.to_string()]), "Eve is notified: {card:?}");
    bot.stop().await;
}

/// Issue 27 item 7: the bot named as the opponent of a slash `/play` is a game against the AI,
/// as `ai` asks, not a challenge nobody can accept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_named_as_the_opponent_plays_as_the_ai() {
    let bot = start("bot-opponent").await;
    bot.slash(&ALICE, "play", &[text("game", "gridi"), Option_::User("opponent", BOT)]).await;
    the_ai_plays(bot).await;
}

/// Waits for the first board of the game just started, checks it has an AI seat, and stops.
async fn the_ai_plays(bot: Running) {
    bot.fake
        .wait_for("the first board", |calls| calls.iter().any(|c| c.ok && c.has_picture()))
        .await;
    let game = bot.games().remove(0);
    assert!(game.seats.iter().any(|s| matches!(s, data::SeatHolder::Ai { .. })), "{game:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_named_as_the_opponent_in_a_message_command_plays_as_the_ai() {
    let bot = start("bot-opponent-message").await;
    let line = format!("<@{}> play gridi <@{}>", BOT.id, BOT.id);
    bot.fake.dispatch("MESSAGE_CREATE", message_in(bot.id(), &ALICE, &line, CHANNEL, &[BOT]));
    the_ai_plays(bot).await;
}

/// An event run on a Discord server with slash commands only: an administrator creates and
/// starts a double round robin of two, each game is resigned by slash command, and the final
/// standings match the points counted here from the stored games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_round_robin_runs_to_its_final_standings_on_a_discord_server() {
    let bot = start("tourney").await;
    let action = |line: &str| [text("action", line)];
    let refused = bot.slash(&EVE, "tournament", &action("new Cup gridi format=drr")).await;
    let refused = refused.iter().map(|c| c.content()).collect::<Vec<_>>().join("\n");
    assert!(refused.contains("administrators"), "{refused}");
    bot.slash(&ADMIN, "tournament", &action("new Cup gridi format=drr rated=no")).await;
    for who in [&ALICE, &BOB] {
        bot.slash(who, "tournament", &action("join Cup")).await;
    }
    bot.slash(&ADMIN, "tournament", &action("start Cup")).await;
    let store = bot.core.store().clone();
    let event = || store.tournament(&chat(), "Cup").unwrap().unwrap();
    let mut wins: std::collections::BTreeMap<String, u32> = Default::default();
    for round in 1..=2 {
        bot.fake.wait_for("the round's game", |_| event().played.len() == round).await;
        let id = event().played[round - 1][0].game.unwrap();
        let game = store.game_header(id).unwrap().unwrap();
        let (mover, other) = turn(&game);
        *wins.entry(other.name.to_string()).or_default() += 1;
        wins.entry(mover.name.to_string()).or_default();
        let resign = [text("game", &id.to_string()), Option_::Switch("confirm", true)];
        bot.slash(&mover, "resign", &resign).await;
    }
    bot.fake.wait_for("the end", |_| event().state == data::TournamentState::Finished).await;
    let asked = bot.slash(&EVE, "standings", &[text("event", "Cup")]).await;
    let standings = asked.iter().map(|c| c.content()).collect::<Vec<_>>().join("\n");
    assert!(standings.contains("final standings"), "{standings}");
    for (who, won) in &wins {
        assert!(standings.contains(&format!("{who} — {won} (")), "{who} {won}: {standings}");
    }
    bot.stop().await;
}

/// Issue 30: a POI Control event on a Discord server by slash commands — one table of three,
/// its seats leaving one by one by `/resign` — ends with the standings at table points (2, 1
/// and 0: a point per player placed below).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poi_control_event_seats_a_table_of_three_on_a_discord_server() {
    let bot = start("poi-event").await;
    let action = |line: &str| [text("action", line)];
    bot.slash(&ADMIN, "tournament", &action("new Trio poi table=3 rounds=1 rated=no")).await;
    for who in [&ALICE, &BOB, &EVE] {
        bot.slash(who, "tournament", &action("join Trio")).await;
    }
    bot.slash(&ADMIN, "tournament", &action("start Trio")).await;
    let store = bot.core.store().clone();
    let event = || store.tournament(&chat(), "Trio").unwrap().unwrap();
    bot.fake.wait_for("the round's table", |_| event().played.len() == 1).await;
    let board = event().played[0][0].clone();
    let id = board.game.expect("one table");
    let seats = store.game_header(id).unwrap().unwrap().seats;
    assert_eq!(seats.len(), 3, "a table of three");
    let order: Vec<Person> = seats.iter().map(|s| person(&s.player().unwrap().user)).collect();
    // The first seat leaves first (last place), then the second; the third wins.
    for leaver in &order[..2] {
        let resign = [text("game", &id.to_string()), Option_::Switch("confirm", true)];
        bot.slash(leaver, "resign", &resign).await;
    }
    bot.fake.wait_for("the end", |_| event().state == data::TournamentState::Finished).await;
    let asked = bot.slash(&EVE, "standings", &[text("event", "Trio")]).await;
    let standings = asked.iter().map(|c| c.content()).collect::<Vec<_>>().join("\n");
    for (points, who) in [(2, &order[2]), (1, &order[1]), (0, &order[0])] {
        let line = format!("{} — {points} (", who.name);
        assert!(standings.contains(&line), "{line}: {standings}");
    }
    assert!(standings.contains("A table: 1 per player placed below"), "{standings}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_digest_is_one_direct_message_with_boards_linking_the_game_in_its_server() {
    let bot = start("digest").await;
    let game = gridi_started(&bot).await;
    let (mover, _) = turn(&game);
    bot.slash(&mover, "settings", &[text("setting-value", "digest daily 09:00")]).await;
    // The digest's moment comes; the next interaction wakes the timer loop, which finds it in
    // the store's digest index.
    let player = data::PlayerId::new(Platform::Discord, mover.id.to_string());
    crate::bot_digest::digest_due_now(&bot.core, &player);
    bot.slash(&mover, "settings", &[]).await;
    // The direct channel the fake opens for the player (`POST /users/@me/channels`).
    let dm = format!("/channels/{}/messages", 9_000_000 + mover.id);
    // In the mover's language: the seats are drawn, and the fake's Bob speaks Russian.
    let words = |text: String| text.contains("daily digest") || text.contains("ежедневная сводка");
    let is_digest = |c: &Call| c.path == dm && words(c.content());
    let calls = bot.fake.wait_for("the digest", |calls| calls.iter().any(is_digest)).await;
    let digests: Vec<&Call> = calls.iter().filter(|c| is_digest(c)).collect();
    assert_eq!(digests.len(), 1, "one message");
    assert!(digests[0].has_picture(), "with one image of small boards");
    let board = bot.core.store().message_ref(&data::MessageOwner::Board(game.id)).unwrap().unwrap();
    let link =
        format!("https://discord.com/channels/{GUILD}/{}/{}", board.chat.chat, board.message);
    assert!(digests[0].content().contains(&link), "{}", digests[0].content());
    bot.stop().await;
}

/// Issue 30: a member removed from the server (`GUILD_MEMBER_REMOVE`, heard with the Server
/// Members intent, `DISCORD_SERVER_MEMBERS=on`) quits the events of the server's channels:
/// withdrawn from a running one (their game resigned, the channel told they left — in their
/// language), their entry dropped from an open one; their game outside the events goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_leaves_the_server_quits_its_events_and_keeps_other_games() {
    let bot = start_with("member-left", &[("DISCORD_SERVER_MEMBERS", "on")]).await;
    assert_ne!(bot.fake.intents() & GUILD_MEMBERS, 0, "the bot asks for the Server Members intent");
    let casual = gridi_started(&bot).await;
    let action = |line: &str| [text("action", line)];
    bot.slash(&ADMIN, "tournament", &action("new Cup gridi format=rr rated=no")).await;
    bot.slash(&ADMIN, "tournament", &action("new Later gridi")).await;
    for who in [&ALICE, &BOB, &EVE] {
        bot.slash(who, "tournament", &action("join Cup")).await;
    }
    bot.slash(&BOB, "tournament", &action("join Later")).await;
    bot.slash(&ADMIN, "tournament", &action("start Cup")).await;
    let store = bot.core.store().clone();
    let event = |name: &str| store.tournament(&chat(), name).unwrap().unwrap();
    bot.fake.wait_for("round 1", |_| event("Cup").played.len() == 1).await;
    // Three entrants: Alice rests in round 1, Bob plays Eve.
    let game = event("Cup").played[0].iter().find_map(|b| b.game).expect("Bob's game");
    bot.fake.dispatch("GUILD_MEMBER_REMOVE", member_removed(&BOB));
    let bob = data::PlayerId::new(Platform::Discord, BOB.id.to_string());
    bot.fake.wait_for("the departure", |_| event("Later").entrant(&bob).is_none()).await;
    let cup = event("Cup");
    assert!(cup.entries[cup.entrant(&bob).unwrap() as usize].withdrawn.is_some(), "{cup:?}");
    // In Bob's language: the fake's Bob speaks Russian.
    let withdrawn = "bob больше нет в чате — выбывает из «Cup»";
    let dropped = "bob больше нет в чате, поэтому запись в «Later» снята";
    bot.fake
        .wait_for("the announcements", |calls| {
            let said: Vec<String> = calls.iter().map(|c| c.content()).collect();
            let said = said.join("\n");
            said.contains(withdrawn) && said.contains(dropped)
        })
        .await;
    assert!(!store.game_header(game).unwrap().unwrap().status.is_active(), "resigned");
    assert!(store.game_header(casual.id).unwrap().unwrap().status.is_active(), "not touched");
    bot.stop().await;
}

/// Without the Server Members intent the bot does not ask for it (Discord would refuse a bot
/// whose intent is not enabled in the developer portal) and hears no member leave.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_server_members_intent_the_bot_does_not_ask_for_it() {
    let bot = start("no-members-intent").await;
    assert_eq!(bot.fake.intents() & GUILD_MEMBERS, 0, "{:b}", bot.fake.intents());
    bot.stop().await;
}

/// Issue 29: `/analyse` by slash command answers at once that it is working, and the analysis
/// follows as posts in the channel, its value curve a picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_by_slash_command_is_answered_at_once_and_posted_when_ready() {
    let bot = start("analyse").await;
    let mut game = gridi_started(&bot).await;
    for _ in 0..6 {
        let (mover, _) = turn(&game);
        bot.slash(&mover, "move", &[text("actions", &legal(&game))]).await;
        game = bot.games().remove(0);
    }
    let (mover, _) = turn(&game);
    let id = game.id.to_string();
    let resign = [text("game", &id), Option_::Switch("confirm", true)];
    bot.slash(&mover, "resign", &resign).await;
    let asked = bot.slash(&EVE, "analyse", &[text("game", &id)]).await;
    let answer = asked.iter().map(|c| c.content()).collect::<Vec<_>>().join("\n");
    assert!(answer.contains("Analysing"), "answered at once: {answer}");
    let curve = |c: &Call| c.content().contains("the value curve") && c.has_picture();
    let calls = bot.fake.wait_for("the analysis's curve", |calls| calls.iter().any(curve)).await;
    let analysis = calls.iter().find(|c| c.content().contains(", analysed"));
    assert!(analysis.is_some_and(|c| c.content().contains(&format!("Gridi {id}"))), "the lessons");
    bot.stop().await;
}

/// Issue 29: `/suggest` by slash command in an unrated game: the AI's turn on a board, with the
/// line that plays it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suggest_by_slash_command_shows_the_ais_turn_in_an_unrated_game() {
    let bot = start("suggest").await;
    let unrated = vec![text("options", "rated=no")];
    let game = started_with(&bot, "gridi", unrated, &ALICE, &[BOB]).await;
    assert!(!game.rated, "{game:?}");
    let (mover, _) = turn(&game);
    let asked = bot.slash(&mover, "suggest", &[text("game", &game.id.to_string())]).await;
    let said: Vec<String> = asked.iter().map(|c| c.content()).collect();
    // Bob reads Russian.
    let says = if mover.id == BOB.id {
        "ИИ (средний) сыграл бы"
    } else {
        "AI (medium) would play"
    };
    let answer = asked.iter().find(|c| c.content().contains(says));
    let answer = answer.unwrap_or_else(|| panic!("the advice: {said:?}"));
    assert!(answer.has_picture(), "the board after the turn: {answer:?}");
    assert!(answer.content().contains(&format!("/move {} ", game.id)), "{answer:?}");
    bot.stop().await;
}
