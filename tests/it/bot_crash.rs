//! A bot killed with SIGKILL between a commit and its post: the post was owed in the same
//! transaction as the move, so after a restart the delivery loop sends it. Nothing
//! acknowledged is left unposted.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;

use bot::core::{ChatKind, Core, Event, Input, Mention};
use data::{ChatRef, Platform, PlayerId, SledStore, StoreConfig, Timestamp};
use engine::AnyGame;

const CHILD: &str = "TABLETALK_BOT_CRASH_WRITER";
const TEST: &str = "bot_crash::a_bot_killed_between_a_commit_and_its_post_posts_it_after_a_restart";
const NOW: u64 = 1_772_452_800_000;

fn chat() -> ChatRef {
    ChatRef { platform: Platform::Console, chat: "crash".into(), community: None }
}

fn event(user: &str, text: &str) -> Event {
    let mentions = ["ann", "bob"]
        .into_iter()
        .map(|n| Mention {
            token: format!("@{n}"),
            id: PlayerId::new(Platform::Console, n),
            name: n.into(),
            this_bot: false,
        })
        .collect();
    Event {
        chat: chat(),
        chat_kind: ChatKind::Group,
        user: user.into(),
        name: user.into(),
        language: None,
        is_admin: false,
        mentions,
        username: None,
        unseen: Vec::new(),
        input: Input::Text(text.into()),
        now: Timestamp(NOW),
    }
}

/// In the child: a bot core that commits moves but never delivers (as if every process died
/// right after its commit), printing `ack <action>` once each move is acknowledged.
fn play_without_delivering(dir: &str) -> ! {
    let store = Arc::new(SledStore::open(&StoreConfig::new(dir)).unwrap());
    let core = Core::new(store.clone());
    core.handle(&event("ann", "/play gridi @bob rated=no"));
    core.handle(&event("bob", "/accept"));
    let id =
        data::Store::games_in_chat(store.as_ref(), &chat(), data::Activity::Active).unwrap()[0];
    loop {
        let h = data::Store::game_header(store.as_ref(), id).unwrap().unwrap();
        let game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let Some(seat) = game.to_act() else { break };
        let user = h.seats[seat.index()].player().unwrap().user.clone();
        let action = game.legal_actions()[0].clone();
        let replies = core.handle(&event(&user, &format!("/m {action}")));
        assert!(replies.is_empty(), "a move's post is owed, not answered directly");
        println!("ack {action}");
    }
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
}

#[test]
fn a_bot_killed_between_a_commit_and_its_post_posts_it_after_a_restart() {
    if let Ok(dir) = std::env::var(CHILD) {
        play_without_delivering(&dir);
    }
    let dir = std::env::temp_dir().join(format!("tabletalk-it-bot-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", TEST, "--nocapture", "--test-threads=1"])
        .env(CHILD, &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut acked = Vec::new();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    while acked.len() < 5 {
        let line = lines.next().expect("the writer stopped early").unwrap();
        if let Some(action) = line.strip_prefix("ack ") {
            acked.push(action.to_string());
        }
    }
    child.kill().unwrap(); // SIGKILL on Unix: no chance to send anything
    child.wait().unwrap();
    let store = Arc::new(SledStore::open(&StoreConfig::new(&dir)).unwrap());
    let core = Core::new(store);
    let posts = bot::delivery::take_due(&core, Platform::Console, Timestamp(NOW + 1));
    let text: Vec<&str> = posts.iter().map(|r| r.text.as_str()).collect();
    let text = text.join("\n");
    assert!(text.contains("begins"), "the game's first post: {text}");
    for action in &acked {
        assert!(text.contains(&format!("played {action}")), "the post of {action}: {text}");
    }
    assert!(bot::delivery::take_due(&core, Platform::Console, Timestamp(NOW + 2)).is_empty());
    drop(core);
    let _ = std::fs::remove_dir_all(&dir);
}
