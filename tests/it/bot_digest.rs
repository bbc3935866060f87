//! The daily digest (issue 31) through the core and the scheduler on the fake clock: one direct
//! message a day at 09:00 in the player's time zone (across daylight-saving changes), none
//! when nothing waits, stopped by `digest off`, sent once across a restart at its moment.

use bot::core::{Reply, Target};
use data::{GameId, Store, Timestamp};

use crate::table::{challenge_id, id, texts, Table, DAY, HOUR, T0};

/// A game of Gridi between `player` and `opponent` (with `/play` options `extra`), played on
/// until it is `player`'s turn.
fn waiting_for(table: &Table, player: &str, opponent: &str, extra: &str) -> GameId {
    let before: Vec<_> = table.games().into_iter().map(|h| h.id).collect();
    let cid = challenge_id(&table.send(player, &format!("/play gridi @{opponent}{extra}")));
    let accepted = texts(&table.send(opponent, &format!("/accept {cid}")));
    assert!(accepted.contains("begins"), "{accepted}");
    let gid = table.games().into_iter().map(|h| h.id).find(|g| !before.contains(g)).unwrap();
    for _ in 0..4 {
        let mover = table.to_act(gid).unwrap();
        if mover == player {
            return gid;
        }
        let action = table.game(gid).legal_actions()[0].clone();
        table.say(&mover, &format!("/move {gid} {action}"));
    }
    panic!("the turn never came to {player}");
}

/// Makes `player`'s digest due now, as if its moment had come (for the platform tests, whose
/// clock is the real one): the timer loop finds it in the store's digest index once an update
/// wakes it.
pub(crate) fn digest_due_now(core: &bot::core::Core, player: &data::PlayerId) {
    let now = bot::wall_clock::system_now();
    let due = |p: Option<data::PlayerProfile>| data::PlayerProfile {
        digest_due: Some(now),
        ..p.expect("the player has a profile")
    };
    core.store().update_player(player, &mut |p| due(p)).unwrap();
}

/// The digests among `replies`: who got one.
fn digests(replies: &[Reply]) -> Vec<(String, String)> {
    replies
        .iter()
        .filter(|r| r.text.contains("daily digest") || r.text.contains("ежедневная сводка"))
        .map(|r| match &r.to {
            Target::User(p) => (p.user.trim_start_matches("u-").to_string(), r.text.clone()),
            Target::Chat(c) => panic!("a digest in chat {c:?}: {}", r.text),
        })
        .collect()
}

/// Runs the scheduler on the fake clock from wake to wake until `end`; every digest sent, with
/// the moment it came.
fn run_until(table: &Table, end: u64) -> Vec<(String, u64, String)> {
    let mut sent = Vec::new();
    for _ in 0..1_000 {
        let Some(wake) = table.next_wake().filter(|w| w.0 <= end) else { break };
        table.advance(wake.0.saturating_sub(table.now().0));
        for (who, text) in digests(&table.tick()) {
            sent.push((who, table.now().0, text));
        }
    }
    sent
}

/// Sunday 8 March 2026 (New York's clocks go forward at 02:00) and Sunday 29 March 2026
/// (Berlin's, at 02:00): the days after which 09:00 comes an hour earlier in UTC.
const NEW_YORK_SPRING: u64 = T0 + 6 * DAY - 12 * HOUR;
const BERLIN_SPRING: u64 = T0 + 27 * DAY - 12 * HOUR;

#[test]
fn a_digest_comes_at_nine_every_day_in_three_time_zones_across_daylight_saving_changes() {
    let table = Table::new("digest-zones");
    for (player, zone) in
        [("ann", "Europe/Berlin"), ("bob", "America/New_York"), ("cy", "Asia/Tokyo")]
    {
        waiting_for(&table, player, "dan", " clock=none");
        table.say(player, &format!("/settings timezone {zone}"));
        let text = table.say(player, "/settings digest daily 09:00");
        assert!(text.contains("Daily digest: daily at 09:00") && text.contains(zone), "{text}");
    }
    // Monday 2 March 12:00 UTC to Tuesday 31 March 23:00 UTC.
    let sent = run_until(&table, T0 + 29 * DAY + 11 * HOUR);
    let at = |who: &str| -> Vec<u64> {
        sent.iter().filter(|(w, ..)| w == who).map(|(_, t, _)| *t).collect()
    };
    let hour_utc = |t: u64| (t % DAY) / HOUR;
    let (berlin, new_york, tokyo) = (at("ann"), at("bob"), at("cy"));
    assert!(at("dan").is_empty(), "no digest without the setting");
    // Berlin: 08:00 UTC in winter time (from 3 March), 07:00 UTC from 29 March.
    assert_eq!(berlin.len(), 29);
    assert_eq!(berlin[0], T0 + DAY - 4 * HOUR);
    for t in &berlin {
        assert_eq!(hour_utc(*t), if *t < BERLIN_SPRING { 8 } else { 7 }, "{t}");
    }
    // New York: 14:00 UTC before 8 March (from 2 March itself, 07:00 there at the start), 13:00 after.
    assert_eq!(new_york.len(), 30);
    assert_eq!(new_york[0], T0 + 2 * HOUR);
    for t in &new_york {
        assert_eq!(hour_utc(*t), if *t < NEW_YORK_SPRING { 14 } else { 13 }, "{t}");
    }
    // Tokyo has no daylight saving: 00:00 UTC every day, from 3 March.
    assert_eq!(tokyo.len(), 29);
    assert!(tokyo.iter().all(|t| hour_utc(*t) == 0));
    for (days, short) in [(&berlin, BERLIN_SPRING), (&new_york, NEW_YORK_SPRING)] {
        let gaps: Vec<u64> = days.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(gaps.iter().filter(|g| **g == 23 * HOUR).count(), 1, "one short night");
        assert!(gaps.iter().all(|g| *g == DAY || *g == 23 * HOUR));
        assert!(days.iter().any(|t| *t > short), "the change is inside the run");
    }
}

#[test]
fn a_digest_lists_each_waiting_game_with_its_opponent_time_left_and_a_sheet_of_boards() {
    let table = Table::new("digest-content").with_images();
    let first = waiting_for(&table, "ann", "bob", " clock=3d");
    let second = waiting_for(&table, "ann", "cy", "");
    let theirs = waiting_for(&table, "bob", "ann", "");
    table.say("ann", "/settings timezone Europe/Berlin");
    table.say("ann", "/settings digest daily 09:00");
    table.advance(DAY - 4 * HOUR);
    let replies = table.tick();
    let sent: Vec<&Reply> = replies
        .iter()
        .filter(|r| r.to == Target::User(id("ann")) && r.text.contains("daily digest"))
        .collect();
    assert_eq!(sent.len(), 1, "one direct message: {}", texts(&replies));
    let text = &sent[0].text;
    assert!(text.contains("2 game(s) wait for your move"), "{text}");
    assert!(
        text.contains(&format!(
            "{first} Gridi vs bob: 2 d 4 h left, until thu 2026-03-05 13:00 (Europe/Berlin)"
        )),
        "{text}"
    );
    assert!(text.contains(&format!("{second} Gridi vs cy")), "{text}");
    assert!(!text.contains(&theirs.to_string()), "a game waiting for bob is not ann's: {text}");
    let image = sent[0].image.as_ref().expect("one image of small boards");
    assert!(image.bytes.starts_with(b"\x89PNG") && image.name == "digest.png");
    if let Ok(dir) = std::env::var("TABLETALK_DIGEST_OUT") {
        std::fs::write(std::path::Path::new(&dir).join("digest.png"), &image.bytes).unwrap();
    }
}

#[test]
fn a_digest_in_russian_names_the_games_in_russian() {
    let table = Table::new("digest-ru");
    table.russian.borrow_mut().push("ann".into());
    waiting_for(&table, "ann", "bob", "");
    table.say("ann", "/settings language ru");
    let text = table.say("ann", "/settings digest daily 09:00");
    assert!(text.contains("Ежедневная сводка: ежедневно в 09:00"), "{text}");
    table.advance(DAY);
    let sent = digests(&table.tick());
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].1.contains("Ваша ежедневная сводка: ждут вашего хода партий — 1.")
            && sent[0].1.contains("против bob"),
        "{}",
        sent[0].1
    );
}

#[test]
fn no_digest_is_sent_on_a_day_when_nothing_waits_and_the_next_day_still_comes() {
    let table = Table::new("digest-nothing");
    let gid = waiting_for(&table, "ann", "bob", " clock=none");
    table.say("bob", "/settings digest daily 09:00");
    table.advance(DAY);
    assert!(digests(&table.tick()).is_empty(), "the game waits for ann, not bob");
    let due = table.store().player(&id("bob")).unwrap().unwrap().digest_due.unwrap();
    assert_eq!(due, Timestamp(T0 + 2 * DAY - 3 * HOUR), "tomorrow's 09:00 UTC");
    let action = table.game(gid).legal_actions()[0].clone();
    table.say("ann", &format!("/move {gid} {action}"));
    table.advance(due.0 - table.now().0);
    assert_eq!(digests(&table.tick()).len(), 1, "now bob's turn: his digest comes");
}

#[test]
fn digest_off_stops_the_digest() {
    let table = Table::new("digest-off");
    waiting_for(&table, "ann", "bob", "");
    table.say("ann", "/settings digest daily 09:00");
    table.advance(DAY);
    assert_eq!(digests(&table.tick()).len(), 1);
    let text = table.say("ann", "/settings digest off");
    assert!(text.contains("Daily digest: off."), "{text}");
    assert!(table.say("ann", "/settings").contains("Daily digest: off."));
    assert_eq!(table.store().player(&id("ann")).unwrap().unwrap().digest_due, None);
    table.advance(DAY);
    assert!(digests(&table.tick()).is_empty());
    assert_eq!(table.store().next_digest_due().unwrap(), None, "nothing left in the index");
}

#[test]
fn a_wrong_digest_time_is_refused_with_the_way_to_write_it() {
    let table = Table::new("digest-refuse");
    for wrong in ["daily 25:00", "weekly 09:00", "noon"] {
        let text = table.say("ann", &format!("/settings digest {wrong}"));
        assert!(
            text.contains("is not a digest time") && text.contains("/settings digest daily 09:00"),
            "{text}"
        );
    }
    let text = table.say("ann", "/settings digest 7:30");
    assert!(text.contains("daily at 07:30 (UTC"), "{text}");
}

#[test]
fn a_restart_at_the_digests_moment_sends_it_once() {
    let table = Table::new("digest-restart");
    waiting_for(&table, "ann", "bob", "");
    table.say("ann", "/settings digest daily 09:00");
    table.advance(DAY - 3 * HOUR);
    // Stopped at the moment, before the scheduler ran: sent on the way back up.
    table.restart();
    assert_eq!(digests(&table.tick()).len(), 1);
    table.restart();
    assert!(digests(&table.tick()).is_empty(), "not again after another restart");
    // Stopped after the digest was owed (with its next moment) and before it was delivered.
    table.advance(DAY);
    assert!(digests(&table.tick_undelivered()).is_empty(), "owed, not yet sent");
    table.restart();
    assert_eq!(digests(&table.tick()).len(), 1, "delivered from the outbox, once");
    table.restart();
    assert!(digests(&table.tick()).is_empty());
}

#[test]
fn a_new_time_zone_moves_the_digest_to_nine_there() {
    let table = Table::new("digest-zone-change");
    waiting_for(&table, "ann", "bob", "");
    table.say("ann", "/settings digest daily 09:00");
    table.say("ann", "/settings timezone Asia/Tokyo");
    let due = table.store().player(&id("ann")).unwrap().unwrap().digest_due.unwrap();
    assert_eq!(due, Timestamp(T0 + 12 * HOUR), "09:00 in Tokyo is 00:00 UTC");
}

#[test]
fn help_settings_shows_the_digest_with_its_values_in_both_languages() {
    let table = Table::new("digest-help");
    let text = table.say("ann", "/help settings");
    assert!(
        text.contains("digest daily 09:00|off") && text.contains("/settings digest daily 09:00"),
        "{text}"
    );
    table.russian.borrow_mut().push("bob".into());
    let text = table.say("bob", "/help settings");
    assert!(text.contains("одно личное сообщение в день"), "{text}");
}

/// With the web board served, each waiting game's line carries the player's own signed link
/// to its page (the digest is a direct message; the link lasts a day, until the next one).
#[test]
fn a_digest_links_each_waiting_game_to_the_web_board_signed_for_the_player() {
    let links = bot::core::WebLinks {
        url: "https://board.example.org".into(),
        secret: bot::secret::Secret::new("a-digest-web-secret-0123456789abcdef"),
        telegram_app: None,
    };
    let table = Table::new("digest-web").with_web_links(links);
    let game = waiting_for(&table, "ann", "bob", "");
    table.say("ann", "/settings digest daily 09:00");
    let sent = run_until(&table, table.now().0 + DAY);
    let (who, _, text) = sent.first().expect("a digest");
    assert_eq!(who, "ann");
    let page = format!("play by taps: https://board.example.org/g/{game}#token=");
    assert!(text.contains(&page), "{text}");
}
