//! A thread per game (`/config threads on`) through the core, with a scripted platform opener:
//! where the platform cannot open threads the setting is refused; where it refuses one thread the
//! game stays in the channel and the channel is told why. (The Discord adapter's real thread is
//! in `discord.rs`.)

use std::sync::Arc;

use bot::core::{ThreadError, ThreadOpener};
use data::{Activity, ChatRef, Store};

use crate::table::{texts, Table};

/// Opens every thread as `Ok(id)`, or refuses every one with `Err(why)`.
#[derive(Debug)]
struct Opener(Result<&'static str, &'static str>);

impl ThreadOpener for Opener {
    fn open(&self, parent: &ChatRef, _name: &str) -> Result<ChatRef, ThreadError> {
        let thread = self.0.map_err(|why| ThreadError::Refused(why.to_string()))?;
        Ok(ChatRef { chat: thread.into(), ..parent.clone() })
    }

    fn link(&self, thread: &ChatRef) -> Option<String> {
        Some(format!("<#{}>", thread.chat))
    }
}

fn threads_on(opener: Result<&'static str, &'static str>) -> Table {
    let table = Table::new("threads");
    table.open_threads_with(Arc::new(Opener(opener)));
    table.admins.borrow_mut().push("root".into());
    assert!(table.say("root", "/config threads on").contains("a thread per game: on"));
    table
}

#[test]
fn threads_are_refused_where_the_platform_cannot_open_them() {
    let table = Table::new("no-threads");
    table.admins.borrow_mut().push("root".into());
    let text = table.say("root", "/config threads on");
    assert!(text.contains("can't have threads of their own here"), "{text}");
    assert!(table.say("root", "/config").contains("a thread per game: off"), "nothing changed");
}

#[test]
fn with_threads_on_a_game_lives_in_the_thread_the_platform_opened() {
    let table = threads_on(Ok("thread-9"));
    table.send("ann", "/play gridi @bob");
    let said = texts(&table.send("bob", "/accept"));
    assert!(said.contains("played in its thread “Gridi: ann vs bob”"), "{said}");
    assert!(said.contains("<#thread-9>"), "the thread is announced as a link: {said}");
    let store = table.store();
    let thread = ChatRef { chat: "thread-9".into(), ..table.chat.clone() };
    assert_eq!(store.games_in_chat(&thread, Activity::Active).unwrap().len(), 1);
    assert!(table.games().is_empty(), "nothing left in the channel");
}

#[test]
fn a_thread_the_platform_refuses_leaves_the_game_in_the_channel_with_words_not_its_error() {
    let table = threads_on(Err("Missing Permissions"));
    table.send("ann", "/play gridi @bob");
    let said = texts(&table.send("bob", "/accept"));
    assert!(said.contains("could not open a thread for this game, so"), "{said}");
    assert!(!said.contains("Missing Permissions"), "the platform's error is logged, not shown");
    assert_eq!(table.games().len(), 1, "the game is played in the channel");
}

#[test]
fn a_game_in_its_thread_is_pointed_to_from_the_channel_it_was_made_in_with_a_link() {
    let table = threads_on(Ok("thread-9"));
    table.send("ann", "/play gridi @bob");
    table.send("bob", "/accept");
    let thread = ChatRef { chat: "thread-9".into(), ..table.chat.clone() };
    let gid = table.store().games_in_chat(&thread, Activity::Active).unwrap()[0];
    let text = table.say("ann", "/m c2-c3");
    assert!(
        text.contains(&format!("your game {gid} is played in its own thread <#thread-9>")),
        "{text}"
    );
    assert!(text.contains(&format!("/move {gid}")), "{text}");
}
