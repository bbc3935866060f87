//! The authorization matrix: every command, sent by every kind of sender, is allowed or refused
//! exactly as the table "Who may do what" in `docs/bot.md` says. The test reads that table, so
//! the documentation cannot drift from the behaviour: each row is a command line in a fixed
//! scene, each column a kind of sender, and each cell `yes` (answered, not a refusal) or `no` (a
//! refusal that changes nothing in the store). The bot-account column is the adapters' promise:
//! a message or press from a bot account never becomes an event (the Telegram adapter's
//! `bot_accounts_are_never_heard` checks it), so that column must read `ignored` on every row.

use std::collections::BTreeSet;

use bot::core::commands::COMMANDS;
use data::GameId;

use crate::table::{challenge_id, texts, Table};

/// The kinds of sender, the columns of the table, and who plays each in the scene ("" for the
/// bot account, which the core never hears).
const SENDERS: [(&str, &str); 9] = [
    ("to act", "ann"),
    ("seated", "bob"),
    ("left", "cat"),
    ("challenger", "liz"),
    ("invited", "dan"),
    ("not invited", "fay"),
    ("admin", "mod"),
    ("stranger", "eve"),
    ("bot account", ""),
];

/// The scene every cell starts from, built fresh for each cell (see `docs/bot.md`).
struct Scene {
    table: Table,
    /// POI Control: ann, bob and cat; cat resigned and left; bob then played a whole turn and
    /// ann is to act.
    game: GameId,
    /// Vorcept: ann and bob; ann is to act and has made part of her turn.
    half: GameId,
    /// Gridi: ann and bob, finished by a resignation.
    ended: GameId,
    /// liz challenged dan to Gridi.
    challenge: String,
}

/// Plays the first legal action until `done` says the game is where the scene wants it.
fn play_until(table: &Table, game: GameId, done: impl Fn(&Table) -> bool) {
    for _ in 0..300 {
        if done(table) {
            return;
        }
        let mover = table.to_act(game).expect("a player is to act");
        let action = table.game(game).legal_actions()[0].clone();
        let replies = table.send(&mover, &format!("/move {game} {action}"));
        assert!(!replies.iter().any(|r| r.refusal), "{mover} {action}: {}", texts(&replies));
    }
    panic!("game {game} never reached the scene");
}

fn to_act_is(game: GameId, who: &'static str) -> impl Fn(&Table) -> bool {
    move |table| table.to_act(game).as_deref() == Some(who)
}

fn newest(table: &Table, kind: engine::GameKind) -> GameId {
    table.games().iter().rev().find(|h| h.kind == kind).unwrap().id
}

fn scene(label: &str) -> Scene {
    let links = bot::core::WebLinks {
        url: "https://board.example.org".into(),
        secret: bot::secret::Secret::new("an-access-web-secret-0123456789abcdef"),
        telegram_app: None,
    };
    let table = Table::new(label).with_web_links(links);
    table.send("ann", "/play gridi @bob");
    table.send("bob", "/accept");
    let ended = newest(&table, engine::GameKind::Gridi);
    let loser = table.to_act(ended).unwrap();
    assert!(table.say(&loser, &format!("/resign {ended} confirm")).contains("resigned"));

    table.send("ann", "/play vorcept @bob");
    table.send("bob", "/accept");
    let half = newest(&table, engine::GameKind::Vorcept);
    play_until(&table, half, |t| {
        t.to_act(half).as_deref() == Some("ann") && t.game(half).actions_this_turn() > 0
    });

    table.send("cat", "/play poi @ann @bob");
    table.send("ann", "/accept");
    table.send("bob", "/accept");
    let game = newest(&table, engine::GameKind::Poi);
    play_until(&table, game, to_act_is(game, "cat"));
    assert!(table.say("cat", &format!("/resign {game} confirm")).contains("leaves the table"));
    play_until(&table, game, to_act_is(game, "bob"));
    play_until(&table, game, to_act_is(game, "ann"));

    let challenge = challenge_id(&table.send("liz", "/play gridi @dan"));
    table.admins.borrow_mut().push("mod".into());
    // Boards are drawn from here on (not during the setup, which would be slow): `/replay`
    // needs them.
    let table = table.with_images();
    Scene { table, game, half, ended, challenge }
}

impl Scene {
    /// The row's command line with the scene's ids and a legal action filled in.
    fn fill(&self, row: &str) -> String {
        let action = self.table.game(self.game).legal_actions()[0].clone();
        let letters = action.chars().take_while(char::is_ascii_lowercase).count();
        let digits = action[letters..].chars().take_while(char::is_ascii_digit).count();
        let cell = &action[..letters + digits];
        row.replace("{game}", &self.game.to_string())
            .replace("{half}", &self.half.to_string())
            .replace("{ended}", &self.ended.to_string())
            .replace("{challenge}", &self.challenge)
            .replace("{action}", &action)
            .replace("{cell}", cell)
    }
}

/// One cell of the table: a row's line and a sender with what the table says.
struct Cell {
    row: String,
    sender: &'static str,
    who: &'static str,
    expected: String,
}

/// The rows of the table between the `access:start` and `access:end` markers.
fn documented_cells() -> Vec<Cell> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/bot.md"))
        .expect("docs/bot.md");
    let start = doc.find("<!-- access:start").expect("the access table's start marker");
    let end = doc.find("<!-- access:end -->").expect("the access table's end marker");
    let mut lines = doc[start..end].lines().filter(|l| l.starts_with('|'));
    let header: Vec<String> = cells_of(lines.next().expect("a header row"));
    let names: Vec<&str> = SENDERS.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(header[1..], names, "the table's columns are the kinds of sender, in order");
    lines.next(); // the --- row
    let mut cells = Vec::new();
    for line in lines {
        let row = cells_of(line);
        assert_eq!(row.len(), SENDERS.len() + 1, "{line}");
        let command = row[0].trim_matches('`').to_string();
        for ((sender, who), expected) in SENDERS.iter().zip(&row[1..]) {
            cells.push(Cell { row: command.clone(), sender, who, expected: expected.clone() });
        }
    }
    cells
}

fn cells_of(line: &str) -> Vec<String> {
    line.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
}

/// What actually happens to a cell: `yes`, `no`, or a description of what went wrong.
fn outcome(cell: &Cell, label: &str) -> String {
    if cell.who.is_empty() {
        return "ignored".into();
    }
    let scene = scene(label);
    let line = scene.fill(&cell.row);
    let before = scene.table.store().state_checksum().unwrap();
    let replies = scene.table.send(cell.who, &line);
    let Some(first) = replies.first() else {
        return format!("no answer to {line}");
    };
    if !first.refusal {
        return "yes".into();
    }
    if scene.table.store().state_checksum().unwrap() != before {
        return format!("a refusal that changed the store: {}", first.text);
    }
    if replies.len() > 1 {
        return format!("a refusal with more replies: {}", texts(&replies));
    }
    "no".into()
}

#[test]
fn every_command_and_every_kind_of_sender_is_allowed_or_refused_as_docs_bot_md_says() {
    let cells = documented_cells();
    let rows: BTreeSet<&str> =
        cells.iter().map(|c| c.row.split_whitespace().next().unwrap()).collect();
    for spec in COMMANDS {
        assert!(rows.contains(format!("/{}", spec.name).as_str()), "no row for /{}", spec.name);
    }
    let (first, second) = cells.split_at(cells.len() / 2);
    let wrong = std::thread::scope(|s| {
        let other = s.spawn(|| mismatches(first, "access-a"));
        let mut wrong = mismatches(second, "access-b");
        wrong.extend(other.join().unwrap());
        wrong
    });
    assert!(
        wrong.is_empty(),
        "{} cells differ from docs/bot.md:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The cells whose outcome is not what the table says, described.
fn mismatches(cells: &[Cell], label: &str) -> Vec<String> {
    cells
        .iter()
        .filter_map(|cell| {
            let got = outcome(cell, label);
            (got != cell.expected).then(|| {
                format!("{} by {}: documented {}, got {got}", cell.row, cell.sender, cell.expected)
            })
        })
        .collect()
}

#[test]
fn an_admin_refusal_names_the_platforms_own_kind_of_community() {
    let table = Table::new("admin-words");
    let text = table.say("eve", "/config clock 1h");
    assert!(text.contains("administrators of this server"), "{text}");
    assert!(!text.contains("group"), "{text}");
    let group = data::ChatRef {
        platform: data::Platform::Telegram,
        chat: "-100".into(),
        community: Some("-100".into()),
    };
    let text = texts(&table.send_in("eve", "/config clock 1h", &group, bot::core::ChatKind::Group));
    assert!(text.contains("administrators of this group"), "{text}");
    assert!(!text.contains("server"), "{text}");
}

/// Issue 27, item 1: a confirmation acts as whoever presses it, so it belongs to the player it
/// was shown to. Another player's press is refused and changes nothing; the asker's press works.
#[test]
fn a_resign_confirmation_is_only_for_the_player_who_asked() {
    let table = Table::new("resign-owner");
    table.send("ann", "/play gridi @bob");
    table.send("bob", "/accept");
    let game = newest(&table, engine::GameKind::Gridi);
    let asked = table.send("bob", &format!("/resign {game}"));
    let data = asked
        .iter()
        .flat_map(|r| r.buttons.iter())
        .find(|b| b.data.contains("confirm"))
        .expect("the question carries a confirmation button")
        .data
        .clone();
    let version = table.header(game).version;
    let refused = table.press("ann", &data);
    assert!(refused.len() == 1 && refused[0].refusal, "{refused:?}");
    assert!(refused[0].text.contains("not yours"), "{}", refused[0].text);
    assert_eq!(table.header(game).version, version, "another player's press changed the game");
    let done = table.press("bob", &data);
    assert!(done.iter().any(|r| r.text.contains("resigned")), "{done:?}");
}
