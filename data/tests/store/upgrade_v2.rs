//! The upgrade from schema 2: a store written as the schema-2 bot wrote it — challenges with
//! reserved option keys, chat settings in `#chat:<id>` profiles — is upgraded and read back
//! field by field; an interrupted upgrade resumes to the same store.

use data::schema;
use data::{
    Activity, Challenge, ChallengeId, ChatRecord, ChatRef, ClockSettings, Invitee, InviteeId,
    Platform, PlayerId, PlayerProfile, Seated, SledStore, Store, StoreConfig, Timestamp,
};
use engine::{GameKind, Seat};

use crate::common::{self, chat, dump, player, TempDir};

/// Today's (schema 2) records, written byte for byte as the schema-2 code wrote them.
mod v2 {
    use data::{ChatRef, ClockSettings, PlayerId};
    use engine::GameKind;
    use serde_json::{json, Value};

    fn text(out: &mut Vec<u8>, s: &str) {
        out.extend_from_slice(&(s.len() as u32).to_be_bytes());
        out.extend_from_slice(s.as_bytes());
    }

    /// `keys::player`: platform tag ++ user id.
    pub fn player_key(id: &PlayerId) -> Vec<u8> {
        let mut key = vec![id.platform.tag()];
        text(&mut key, &id.user);
        key
    }

    /// `keys::chat`: platform tag ++ chat id.
    pub fn chat_key(chat: &ChatRef) -> Vec<u8> {
        let mut key = vec![chat.platform.tag()];
        text(&mut key, &chat.chat);
        key
    }

    /// A schema-2 challenge as `cmd_play.rs` created it: game options, then `~from`, then one
    /// `~to` per invitee and one `~in` per player seated, each `user\tname`.
    pub struct Challenge<'a> {
        pub number: u64,
        pub from: &'a PlayerId,
        pub from_name: &'a str,
        pub invited: &'a [(&'a str, &'a str)],
        pub joined: &'a [(&'a str, &'a str)],
        pub kind: GameKind,
        pub options: &'a [(&'a str, &'a str)],
        pub chat: &'a ChatRef,
        pub expires: u64,
    }

    impl Challenge<'_> {
        /// The tree entries: (tree, key, value).
        pub fn entries(&self) -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
            let mut options: Vec<(String, String)> =
                self.options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            options.push(("~from".into(), self.from_name.into()));
            for (user, name) in self.invited {
                options.push(("~to".into(), format!("{user}\t{name}")));
            }
            for (user, name) in self.joined {
                options.push(("~in".into(), format!("{user}\t{name}")));
            }
            let to: Option<Value> = self
                .invited
                .first()
                .map(|(user, _)| json!({ "platform": self.chat.platform, "user": user }));
            let record = json!({
                "id": data::ChallengeId::from_number(self.number).to_string(),
                "from": self.from,
                "to": to,
                "kind": self.kind.name(),
                "options": options,
                "clock": ClockSettings::PerMove { seconds: 259_200 },
                "rated": true,
                "chat": self.chat,
                "created": 1_000,
                "expires": self.expires,
            });
            let n = self.number.to_be_bytes();
            vec![
                ("challenges", n.to_vec(), record.to_string().into_bytes()),
                ("challenges_by_chat", [chat_key(self.chat), n.to_vec()].concat(), vec![]),
                ("challenge_expiry", [self.expires.to_be_bytes(), n].concat(), vec![]),
            ]
        }
    }

    /// A schema-2 chat-settings profile as `chat_config.rs` saved it.
    pub fn chat_profile(chat: &ChatRef, settings: &str) -> (&'static str, Vec<u8>, Vec<u8>) {
        let id = PlayerId::new(chat.platform, format!("#chat:{}", chat.chat));
        let record = json!({
            "id": id,
            "display_name": settings,
            "language": "en",
            "notifications": { "your_turn": true, "clock_warning": true, "game_over": true },
            "vacation_days_used": 0,
            "vacation_year": 0,
            "vacation_until": null,
        });
        ("players", player_key(&id), record.to_string().into_bytes())
    }
}

/// Challenge numbers far above anything the store hands out in these tests.
const FIRST: u64 = 1_000;

/// The schema-2 records the tests plant: a directed two-player challenge, a POI Control table
/// of four filling up (open, one seated), a POI Control table of three (directed, one seated),
/// two chat-settings profiles (one chat with a game, one without) and a rating planted for a
/// chat profile.
fn v2_entries(here: &ChatRef, quiet: &ChatRef) -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
    let ann = player("ann");
    let mut entries = Vec::new();
    for c in [
        v2::Challenge {
            number: FIRST,
            from: &ann,
            from_name: "Ann",
            invited: &[("bo", "Bo")],
            joined: &[],
            kind: GameKind::Gridi,
            options: &[],
            chat: here,
            expires: 90_000,
        },
        v2::Challenge {
            number: FIRST + 1,
            from: &ann,
            from_name: "Ann",
            invited: &[],
            joined: &[("cy", "Cy")],
            kind: GameKind::Poi,
            options: &[("players", "4"), ("rounds", "3")],
            chat: here,
            expires: 80_000,
        },
        v2::Challenge {
            number: FIRST + 2,
            from: &ann,
            from_name: "Ann",
            invited: &[("bo", "Bo"), ("di", "Di")],
            joined: &[("di", "Di")],
            kind: GameKind::Poi,
            options: &[("players", "3")],
            chat: quiet,
            expires: 70_000,
        },
    ] {
        entries.extend(c.entries());
    }
    entries.push(v2::chat_profile(here, "clock=7d+1d<=10d;boards=off"));
    entries.push(v2::chat_profile(quiet, "clock=3d;boards=on"));
    entries
}

/// Builds a schema-2 store at `dir`: games, a finished rated game, a profile, written by the
/// store's own code, then the schema-2 records planted raw and the version set to 2.
fn schema_2_store(dir: &TempDir) -> (ChatRef, ChatRef) {
    let here = chat("here", "guild");
    let quiet = ChatRef { community: None, ..chat("quiet", "unused") };
    let store = common::open(dir);
    let kind = GameKind::Gridi;
    let game = store.create_game(common::new_game(kind, 1, &["ann", "bo"], here.clone(), true));
    common::resign(&store, game.unwrap().id, Seat::FIRST, 5_000);
    store.put_player(&PlayerProfile::new(player("ann"), "Ann")).unwrap();
    drop(store);
    common::raw(dir, |db| {
        for (tree, key, value) in v2_entries(&here, &quiet) {
            db.open_tree(tree).unwrap().insert(key, value).unwrap();
        }
        // A rating for a chat profile (none was ever written; the upgrade makes sure).
        let fake = PlayerId::new(Platform::Discord, "#chat:here");
        let rating = data::RatingRecord {
            scope: data::Scope::Global,
            kind,
            player: fake.clone(),
            model: data::RatingModel::Glicko2 {
                rating: 1500.0,
                deviation: 350.0,
                volatility: 0.06,
            },
            games: 0,
            provisional: true,
            updated: Timestamp(0),
        };
        let ratings = db.open_tree("ratings").unwrap();
        let key = common::global_rating_key(kind, &fake);
        ratings.insert(key, serde_json::to_vec(&rating).unwrap()).unwrap();
        db.open_tree("meta").unwrap().insert(schema::SCHEMA_KEY, b"2".to_vec()).unwrap();
    });
    (here, quiet)
}

fn seated(user: &str, name: &str) -> Seated {
    Seated { id: player(user), name: name.into() }
}

fn invitee(user: &str, name: &str) -> Invitee {
    Invitee { who: InviteeId::Player(player(user)), name: name.into() }
}

#[test]
fn a_schema_2_store_is_upgraded_with_every_challenge_chat_and_profile_kept() {
    let dir = TempDir::new("upgrade-v2");
    let (here, quiet) = schema_2_store(&dir);
    let store = common::open(&dir);
    assert_eq!(store.schema_version().unwrap(), schema::CURRENT);
    let common = |number: u64, kind, options: &[(&str, &str)], chat: &ChatRef, expires| Challenge {
        id: ChallengeId::from_number(number),
        from: player("ann"),
        from_name: "Ann".into(),
        invited: vec![],
        accepted: vec![],
        seats: 2,
        kind,
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        clock: ClockSettings::PerMove { seconds: 259_200 },
        rated: true,
        chat: chat.clone(),
        created: Timestamp(1_000),
        expires: Timestamp(expires),
        ai_seats: vec![],
    };
    let directed = Challenge {
        invited: vec![invitee("bo", "Bo")],
        ..common(FIRST, GameKind::Gridi, &[], &here, 90_000)
    };
    let open_table = Challenge {
        accepted: vec![seated("cy", "Cy")],
        seats: 4,
        ..common(FIRST + 1, GameKind::Poi, &[("players", "4"), ("rounds", "3")], &here, 80_000)
    };
    let three = Challenge {
        invited: vec![invitee("bo", "Bo"), invitee("di", "Di")],
        accepted: vec![seated("di", "Di")],
        seats: 3,
        ..common(FIRST + 2, GameKind::Poi, &[("players", "3")], &quiet, 70_000)
    };
    for c in [&directed, &open_table, &three] {
        assert_eq!(store.challenge(c.id).unwrap().as_ref(), Some(c));
    }
    assert_eq!(
        store.challenges_in_chat(&here).unwrap(),
        vec![directed.clone(), open_table.clone()]
    );
    let ids = |who: &str| -> Vec<ChallengeId> {
        store.challenges_of_player(&player(who)).unwrap().iter().map(|c| c.id).collect()
    };
    assert_eq!(ids("ann"), vec![directed.id, open_table.id, three.id]);
    assert_eq!(ids("bo"), vec![directed.id, three.id]);
    assert_eq!(ids("cy"), vec![open_table.id]);
    assert_eq!(store.expired_challenges(Timestamp(85_000)).unwrap(), vec![three.id, open_table.id]);

    // Chat settings: the chat of a game gets its community back from the game.
    let expected_here = ChatRecord {
        default_clock: Some("7d+1d<=10d".into()),
        boards: false,
        ..ChatRecord::new(here.clone())
    };
    assert_eq!(store.chat(&here).unwrap(), Some(expected_here));
    let expected_quiet =
        ChatRecord { default_clock: Some("3d".into()), ..ChatRecord::new(quiet.clone()) };
    assert_eq!(store.chat(&quiet).unwrap(), Some(expected_quiet));
    // The fake profiles and their planted rating are gone; the real profile is untouched.
    for c in [&here, &quiet] {
        let fake = PlayerId::new(Platform::Discord, format!("#chat:{}", c.chat));
        assert_eq!(store.player(&fake).unwrap(), None);
        assert_eq!(store.rating(&data::Scope::Global, GameKind::Gridi, &fake).unwrap(), None);
    }
    assert_eq!(
        store.player(&player("ann")).unwrap(),
        Some(PlayerProfile::new(player("ann"), "Ann"))
    );
    let board = store.leaderboard(&data::Scope::Global, GameKind::Gridi, 10).unwrap();
    assert_eq!(board.len(), 2, "the two players of the finished game, nobody else");
    assert_eq!(store.games_in_chat(&here, Activity::Ended).unwrap().len(), 1);
    assert!(store.check_games().unwrap().is_empty(), "{:?}", store.check_games());
    // The upgraded challenges take partial acceptances under the same id.
    let mut next = open_table.clone();
    next.accepted.push(seated("di", "Di"));
    assert!(store.update_challenge(&open_table, &next).unwrap());
}

/// An upgrade killed after it had converted the first challenge and the first chat profile
/// (schema still 2) resumes on the next start and ends with the same store as one run in one
/// go; killed after the last step but before the version was written, it runs again
/// harmlessly.
#[test]
fn an_interrupted_upgrade_from_schema_2_resumes_to_the_same_store() {
    let whole = TempDir::new("upgrade-v2-whole");
    let (here, _) = schema_2_store(&whole);
    drop(common::open(&whole));
    let whole_path = whole.path().join("db");
    let expected = dump(&whole_path);

    let cut = TempDir::new("upgrade-v2-cut");
    schema_2_store(&cut);
    {
        // What the first challenge's and the first chat's transactions had written.
        let done = common::raw_open(&whole_path);
        let db = common::raw_open(&cut.path().join("db"));
        let first = FIRST.to_be_bytes();
        let copy = |tree: &str, key: &[u8]| {
            let value = done.open_tree(tree).unwrap().get(key).unwrap().unwrap();
            db.open_tree(tree).unwrap().insert(key, value).unwrap();
        };
        copy("challenges", &first);
        for name in ["ann", "bo"] {
            copy("challenges_by_player", &[v2::player_key(&player(name)), first.to_vec()].concat());
        }
        copy("chats", &v2::chat_key(&here));
        let fake = PlayerId::new(Platform::Discord, "#chat:here");
        db.open_tree("players").unwrap().remove(v2::player_key(&fake)).unwrap().unwrap();
        db.flush().unwrap();
    }
    let cut_path = cut.path().join("db");
    let store = SledStore::open(&StoreConfig::new(&cut_path)).unwrap();
    assert_eq!(store.schema_version().unwrap(), schema::CURRENT);
    drop(store);
    assert_eq!(dump(&cut_path), expected);

    let db = common::raw_open(&cut_path);
    db.open_tree("meta").unwrap().insert(schema::SCHEMA_KEY, b"2".to_vec()).unwrap();
    db.flush().unwrap();
    drop(db);
    let store = SledStore::open(&StoreConfig::new(&cut_path)).unwrap();
    assert!(store.check_games().unwrap().is_empty());
    drop(store);
    assert_eq!(dump(&cut_path), expected);
}
