//! A store failure reaches players as words of ours, never as a library's text.

use std::sync::Arc;

use data::{ChatRef, Platform, SledStore, StoreConfig, StoreError, Timestamp};

use crate::core::{ChatKind, Core, Ctx, Event, Input, Lang};

#[test]
fn a_store_failure_is_told_to_players_without_the_librarys_text() {
    let dir = std::env::temp_dir().join(format!("tabletalk-failed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = StoreConfig::new(&dir);
    config.full_sync = false;
    let core = Core::new(Arc::new(SledStore::open(&config).unwrap()));
    let ev = Event {
        chat: ChatRef { platform: Platform::Telegram, chat: "100".into(), community: None },
        chat_kind: ChatKind::Group,
        user: "7".into(),
        name: "Player 7".into(),
        language: None,
        is_admin: false,
        mentions: Vec::new(),
        username: None,
        unseen: Vec::new(),
        input: Input::Text("/board".into()),
        now: Timestamp(1_000),
    };
    let library = "Read corrupted data at file offset Some(Inline(1908582)) backtrace ()";
    for lang in [Lang::En, Lang::Ru] {
        let ctx = Ctx {
            core: &core,
            ev: &ev,
            me: ev.player(),
            lang,
            profile: None,
            command: "board",
            committed: std::cell::Cell::new(0),
            changed_first: std::cell::Cell::new(false),
        };
        let refusal = ctx.failed(StoreError::Backend(library.into()));
        assert!(!refusal.0.contains("corrupted") && !refusal.0.contains("offset"), "{}", refusal.0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
