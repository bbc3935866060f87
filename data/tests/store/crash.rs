use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use data::{GameId, NewPost, Platform, Store, Timestamp};
use engine::{AnyGame, Rng};

use crate::common::{self, chat, TempDir};

const CHILD: &str = "TABLETALK_CRASH_WRITER";
const TEST: &str = "crash::a_writer_killed_with_sigkill_loses_no_acknowledged_action";

/// In the child: commit actions for ever (a new game when one ends), each with a post owed,
/// printing `ack <game> <index> <action>` after each commit returns, until killed.
fn write_until_killed(dir: &str) -> ! {
    let store = data::SledStore::open(&data::StoreConfig::new(dir)).unwrap();
    let kind = common::kinds()[0];
    let mut rng = Rng::new(std::process::id().into());
    let mut out = std::io::stdout().lock();
    loop {
        let seed = rng.next_u64();
        let header = store
            .create_game(common::new_game(kind, seed, &["a", "b", "c", "d"], chat("c", "g"), false))
            .unwrap();
        let mut game = AnyGame::from_position(kind, &header.position).unwrap();
        let mut version = header.version;
        while let Some(action) = common::pick_action(&game, &mut rng) {
            let mut commit = common::action_commit(&mut game, &header, &action, 7);
            let body = format!("{} {}", header.id, version.0);
            commit.posts = vec![NewPost { platform: Platform::Discord, chat: None, body }];
            version = store.commit_action(header.id, version, &commit).unwrap();
            let text = &commit.actions[0].action;
            writeln!(out, "ack {} {} {text}", header.id, version.0 - 1).unwrap();
            out.flush().unwrap();
            if game.outcome().is_some() {
                break;
            }
        }
    }
}

/// Runs this test's binary as a writer child, kills it with SIGKILL after a random number of
/// acknowledgements (three times over the same store), and checks that every acknowledged
/// action is in the store when it is reopened, with the post it owed still owed.
#[test]
fn a_writer_killed_with_sigkill_loses_no_acknowledged_action() {
    if let Ok(dir) = std::env::var(CHILD) {
        write_until_killed(&dir);
    }
    let dir = TempDir::new("crash");
    let db = dir.path().join("db");
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64;
    let mut rng = Rng::new(seed);
    let mut acked: Vec<(GameId, u64, String)> = Vec::new();
    for round in 0..3 {
        let kill_after = 1 + rng.next_u64() % 40;
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", TEST, "--nocapture", "--test-threads=1"])
            .env(CHILD, &db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut this_round = 0;
        while this_round < kill_after {
            let line = lines.next().expect("the writer stopped early").unwrap();
            let Some(rest) = line.strip_prefix("ack ") else { continue };
            let mut parts = rest.splitn(3, ' ');
            let id: GameId = parts.next().unwrap().parse().unwrap();
            let index: u64 = parts.next().unwrap().parse().unwrap();
            acked.push((id, index, parts.next().unwrap().to_string()));
            this_round += 1;
        }
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let store = data::SledStore::open(&data::StoreConfig::new(&db)).unwrap();
        for (id, index, action) in &acked {
            let game =
                store.game(*id).unwrap().unwrap_or_else(|| panic!("game {id} lost (seed {seed})"));
            assert_eq!(
                game.actions.get(*index as usize).map(|a| &a.action),
                Some(action),
                "round {round}, game {id}, action {index} (seed {seed})"
            );
        }
        let owed: std::collections::HashSet<String> = store
            .claim_posts(Platform::Discord, Timestamp(u64::MAX - 1), 0, usize::MAX)
            .unwrap()
            .into_iter()
            .map(|p| p.post.body)
            .collect();
        for (id, index, _) in &acked {
            assert!(owed.contains(&format!("{id} {index}")), "post of {id} {index} lost");
        }
        assert!(store.check_games().unwrap().is_empty());
    }
}
