//! Every command family answers in Russian to a Russian-speaking user (from the platform's
//! language or from /settings), game names included.

use crate::table::{challenge_id, Table};

fn cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
}

#[test]
fn a_russian_user_gets_russian_replies_everywhere() {
    let table = Table::new("i18n");
    table.russian.borrow_mut().extend(["ivan".to_string(), "olga".to_string()]);
    assert!(table.say("ivan", "/settings dm on").contains("вкл"));
    table.say("olga", "/settings dm on");
    let cid = challenge_id(&table.send("ivan", "/play gridi @olga"));
    let replies = table.send("olga", &format!("/accept {cid}"));
    assert!(replies[0].text.contains("Гриди"), "{}", replies[0].text);
    assert!(
        replies.len() == 2 && replies.iter().all(|r| cyrillic(&r.text)),
        "direct messages speak the player's language too: {replies:?}"
    );
    let gid = table.games().last().unwrap().id;
    let mover = table.to_act(gid).unwrap();
    let other = if mover == "ivan" { "olga" } else { "ivan" };
    let lines = [
        (mover.as_str(), "/help"),
        (mover.as_str(), "/games"),
        (mover.as_str(), "/rules yama"),
        (mover.as_str(), "/board"),
        (mover.as_str(), "/status"),
        (mover.as_str(), "/history"),
        (mover.as_str(), "/hint c1"),
        (mover.as_str(), "/mygames"),
        (mover.as_str(), "/top"),
        (mover.as_str(), "/rating"),
        (mover.as_str(), "/settings"),
        (mover.as_str(), "/config"),
        (mover.as_str(), "/m zz"),
        (mover.as_str(), "/m K@c3"),
        (other, "/m K@c1"),
        (mover.as_str(), "/undo"),
        (mover.as_str(), "/takeback"),
        (mover.as_str(), "/draw"),
        (other, "/draw decline"),
        (mover.as_str(), "/void abcde"),
        (mover.as_str(), "/frob"),
        (mover.as_str(), "/m K@c1"),
        (other, "/resign"),
        (other, "/rematch"),
    ];
    for (user, line) in lines {
        let text = table.say(user, line);
        assert!(cyrillic(&text), "{user} {line}: {text}");
    }
}

#[test]
fn the_language_setting_overrides_the_platform() {
    let table = Table::new("i18n-setting");
    assert!(!cyrillic(&table.say("ann", "/help")));
    assert!(table.say("ann", "/settings language ru").contains("русский"));
    assert!(cyrillic(&table.say("ann", "/help")));
    table.russian.borrow_mut().push("ann".into());
    assert!(table.say("ann", "/settings language en").contains("English"));
    assert!(!cyrillic(&table.say("ann", "/rules poi")));
    assert!(table.say("ann", "/settings language auto").contains("русский"));
}
