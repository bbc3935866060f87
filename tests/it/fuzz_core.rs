//! Hostile input through the bot core: random and mutated command lines and button payloads
//! from several users in a chat with games of every kind running. Nothing may panic, every
//! command gets a reply, a refused input leaves the store exactly as it was (player profiles
//! aside: see `SledStore::state_checksum`) and names what was wrong rather than a failure, and
//! every stored game still replays cleanly afterwards. The count is
//! `TABLETALK_FUZZ_INPUTS` (100,000 by default, as CI runs it; `docs/RELIABILITY.md` records
//! larger runs).

use bot::core::commands::COMMANDS;
use data::Store;
use engine::Rng;

use crate::table::Table;

const USERS: [&str; 4] = ["ann", "bob", "cat", "eve"];

/// Words that mean something to some command, and words that mean nothing.
const WORDS: &[&str] = &[
    "gridi",
    "yama",
    "vorcept",
    "poi",
    "accept",
    "decline",
    "confirm",
    "global",
    "from",
    "to",
    "ai",
    "ai=easy",
    "clock=1d",
    "rated=no",
    "players=3",
    "trees=2",
    "language",
    "ru",
    "dm",
    "on",
    "vacation",
    "3",
    "0",
    "-1",
    "99999999999999999999",
    "c3",
    "z9",
    "K@c1",
    "c2-c3",
    "d4>d5",
    "pass",
    "next",
    "end",
    "leave:1:resignation",
    "@bob",
    "@ann",
    "@nobody",
    "<@1>",
    "k7m2p",
    "nope1",
    "кошка",
    "=",
    "==",
    "a=b=c",
    "",
    " ",
    "\t",
    "/",
    "//",
    "@",
    "ü",
    "🙂",
    "\u{200b}",
    "%s",
    "{}",
    "\\",
    "'",
    "\"",
    ";",
    ",",
    "*",
    ">",
    "<",
    "|",
];

fn word(rng: &mut Rng) -> String {
    WORDS[(rng.next_u64() % WORDS.len() as u64) as usize].to_string()
}

/// A line built from a declared command's name or an example, then mutated.
fn line(rng: &mut Rng, ids: &[String]) -> String {
    let spec = &COMMANDS[(rng.next_u64() % COMMANDS.len() as u64) as usize];
    let mut words: Vec<String> = match rng.next_u64() % 4 {
        0 => vec![format!("/{}", spec.name)],
        1 => spec.examples[(rng.next_u64() % spec.examples.len() as u64) as usize]
            .split(' ')
            .map(str::to_string)
            .collect(),
        2 => vec![word(rng), word(rng)],
        _ => vec![
            format!("/{}", spec.name),
            ids.get((rng.next_u64() as usize) % ids.len().max(1)).cloned().unwrap_or_default(),
        ],
    };
    for _ in 0..rng.next_u64() % 4 {
        let at = (rng.next_u64() as usize) % (words.len() + 1);
        match rng.next_u64() % 4 {
            0 => words.insert(at, word(rng)),
            1 if !words.is_empty() => {
                words.remove(at.min(words.len() - 1));
            }
            2 => words.push("x".repeat((rng.next_u64() % 5000) as usize)),
            _ => words.push(word(rng).to_uppercase()),
        }
    }
    words.join(" ")
}

#[test]
fn hostile_command_lines_never_panic_always_get_an_answer_and_leave_the_store_sound() {
    let inputs: usize =
        std::env::var("TABLETALK_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let table = Table::new("fuzz-core");
    for game in ["gridi", "yama", "vorcept"] {
        table.send("ann", &format!("/play {game} @bob rated=no"));
        table.send("bob", "/accept");
    }
    table.send("cat", "/play poi @ann @bob");
    table.send("ann", "/accept");
    table.send("bob", "/accept");
    let ids: Vec<String> = table.games().iter().map(|h| h.id.to_string()).collect();
    let mut rng = Rng::new(20_261_124);
    let (mut answered, mut refused) = (0, 0);
    let mut checksum = table.store().state_checksum().unwrap();
    for i in 0..inputs {
        let user = USERS[(rng.next_u64() % USERS.len() as u64) as usize];
        let text = line(&mut rng, &ids);
        let replies =
            if i % 3 == 0 { table.press(user, &text) } else { table.send_raw(user, &text) };
        if text.trim_start().starts_with('/') && text.trim().len() > 1 && !replies.is_empty() {
            answered += 1;
        }
        for reply in &replies {
            assert!(!reply.text.trim().is_empty(), "{user}: {text:?} got an empty reply");
        }
        let after = table.store().state_checksum().unwrap();
        if let Some(refusal) = replies.first().filter(|r| r.refusal) {
            refused += 1;
            assert_eq!(after, checksum, "{user}: {text:?} was refused but changed the store");
            assert_eq!(replies.len(), 1, "{user}: {text:?}: a refusal comes alone");
            assert!(
                !refusal.text.contains("went wrong on my side"),
                "{user}: {text:?}: a refusal names what was wrong, not a failure: {}",
                refusal.text
            );
        }
        checksum = after;
        if i % 997 == 0 {
            table.advance(3_600_000);
            table.tick();
            checksum = table.store().state_checksum().unwrap();
        }
    }
    assert!(answered > inputs / 4, "most commands were answered ({answered} of {inputs})");
    assert!(refused > inputs / 10, "the refusal checks ran ({refused} refusals)");
    let problems = table.store().check_games().unwrap();
    assert!(problems.is_empty(), "every game still replays: {problems:?}");
}
