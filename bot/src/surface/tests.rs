//! The shared glue, tested once for every surface: over a real core on a temporary store.

use std::sync::Arc;

use data::{
    ChatRef, DirectReach, GameId, Platform, PlayerId, PlayerProfile, SledStore, Store, StoreConfig,
    Timestamp,
};

use super::*;
use crate::core::{ChatKind, Event, Handled, Input, Reply, Target};

/// A core over a fresh store; the store's directory is removed when the test is done.
struct Bench {
    core: Arc<Core>,
    dir: std::path::PathBuf,
}

impl Bench {
    fn new(label: &str) -> Bench {
        let dir =
            std::env::temp_dir().join(format!("tabletalk-surface-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = StoreConfig::new(&dir);
        config.full_sync = false;
        let core = Arc::new(Core::new(Arc::new(SledStore::open(&config).unwrap())));
        Bench { core, dir }
    }

    fn store(&self) -> &dyn Store {
        self.core.store().as_ref()
    }

    /// Stores a profile for `user` with direct messages as `direct` says.
    fn player(&self, user: &str, direct: DirectReach) -> PlayerId {
        let id = PlayerId::new(Platform::Telegram, user.to_string());
        let mut profile = PlayerProfile::new(id.clone(), format!("Player {user}"));
        profile.direct = direct;
        self.store().put_player(&profile).unwrap();
        id
    }

    fn direct(&self, player: &PlayerId) -> DirectReach {
        self.store().player(player).unwrap().unwrap().direct
    }
}

impl Drop for Bench {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn event(user: &str, kind: ChatKind, input: Input) -> Event {
    Event {
        chat: ChatRef { platform: Platform::Telegram, chat: "100".into(), community: None },
        chat_kind: kind,
        user: user.into(),
        name: format!("Player {user}"),
        language: None,
        is_admin: false,
        mentions: Vec::new(),
        username: None,
        unseen: Vec::new(),
        input,
        now: Timestamp(1_000),
    }
}

fn text(line: &str) -> Input {
    Input::Text(line.into())
}

fn unreachable() -> DirectReach {
    DirectReach::Unreachable { since: Timestamp(1), told: false }
}

#[tokio::test]
async fn run_core_names_the_command_as_the_table_does() {
    let bench = Bench::new("named-command");
    let handled = run_core(&bench.core, event("1", ChatKind::Group, text("/start"))).await;
    assert_eq!((handled.command, handled.refused), (Some("help"), false));
    assert!(!handled.replies.is_empty());
}

#[tokio::test]
async fn run_core_tells_a_refusal_and_the_game_it_named() {
    let bench = Bench::new("refused");
    let unknown = run_core(&bench.core, event("1", ChatKind::Group, text("/nonsense"))).await;
    assert_eq!((unknown.command, unknown.refused, unknown.replies.len()), (None, true, 1));
    let game = GameId::from_number(7);
    let line = format!("/board {game}");
    let missing = run_core(&bench.core, event("1", ChatKind::Group, text(&line))).await;
    assert_eq!((missing.command, missing.game, missing.refused), (Some("board"), Some(game), true));
    let chatter = run_core(&bench.core, event("1", ChatKind::Group, text("hello all"))).await;
    assert_eq!(chatter, Handled::default());
}

#[tokio::test]
async fn writing_privately_reopens_direct_messages_and_nothing_else_does() {
    let bench = Bench::new("reopen");
    let player = bench.player("1", unreachable());
    run_core(&bench.core, event("1", ChatKind::Group, text("/help"))).await;
    run_core(&bench.core, event("1", ChatKind::Private, Input::Button("/help".into()))).await;
    assert_eq!(bench.direct(&player), unreachable());
    run_core(&bench.core, event("1", ChatKind::Private, text("/help"))).await;
    assert_eq!(bench.direct(&player), DirectReach::Reachable);
}

#[tokio::test]
async fn a_refused_direct_message_marks_its_recipient_unreachable() {
    let bench = Bench::new("unreachable");
    let player = bench.player("1", DirectReach::Reachable);
    let chat = ChatRef { platform: Platform::Telegram, chat: "1".into(), community: None };
    mark_unreachable(&bench.core, &Target::Chat(chat)).await;
    assert_eq!(bench.direct(&player), DirectReach::Reachable);
    mark_unreachable(&bench.core, &Target::User(player.clone())).await;
    assert!(matches!(bench.direct(&player), DirectReach::Unreachable { told: false, .. }));
}

#[test]
fn a_lone_refusal_is_for_the_presser_and_an_edit_step_replaces_the_pressed_message() {
    let chat = ChatRef { platform: Platform::Console, chat: "c".into(), community: None };
    let say = |text: &str| Reply::chat(&chat, text);
    let refusal = say("not your turn").refused();
    assert_eq!(answer_press(vec![refusal.clone()]), PressAnswer::Refused("not your turn".into()));
    let mut step = say("position 3");
    step.edit = true;
    let answer = answer_press(vec![say("note"), step.clone(), say("after")]);
    let rest = vec![say("note"), say("after")];
    assert_eq!(answer, PressAnswer::Done { edit: Some(Box::new(step)), rest });
    let answer = answer_press(vec![refusal.clone(), say("more")]);
    assert_eq!(answer, PressAnswer::Done { edit: None, rest: vec![refusal, say("more")] });
}

#[test]
fn a_mention_is_named_by_the_profile_and_left_out_without_one() {
    let bench = Bench::new("mention");
    let known = bench.player("42", DirectReach::Reachable);
    let stranger = PlayerId::new(Platform::Telegram, "7".to_string());
    let named = named(&bench.core, &[stranger, known]);
    assert_eq!(named, [Named { id: "42".into(), name: "Player 42".into() }]);
}
