//! Starting a game: the table seated in a random order drawn from the game's seed, the game
//! created in the store, its first post owed, and an AI seat that moves first woken (the game
//! is due at once; the scheduler's next tick plays it).

use data::{
    ChallengeId, ChatRef, ClockSettings, GameHeader, GameId, NewGame, SeatHolder, StoreError,
    Timestamp,
};
use engine::{AnyGame, GameKind, Seat};

use super::announce::announce;
use super::outbox::Announcement;
use super::reminders::with_players_reminders;
use super::weekends::with_weekend;
use crate::core::lang::{game_name, Lang};
use crate::core::{Core, Ctx, Outcome, Reply};
use crate::{clock, tr};

/// Everything a new game needs but its seed.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// Which game.
    pub kind: GameKind,
    /// Game options as `key=value` pairs.
    pub options: Vec<(String, String)>,
    /// Who sits, before the seating order is drawn.
    pub seats: Vec<SeatHolder>,
    /// The clock.
    pub clock: ClockSettings,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// The chat it lives in.
    pub chat: ChatRef,
    /// The challenge it comes from, whose id it takes (`None`: a fresh id).
    pub from_challenge: Option<ChallengeId>,
}

/// SplitMix64's finaliser: a well-spread seed from a challenge id and a time.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Starts the game of `table` with `seed`: seats rotated by the seed, created, announced (its
/// first post owed right after creation: the store assigns the id). If an AI seat acts first,
/// the game's `wake` is now, so the scheduler's next tick plays its turn.
pub(crate) fn begin(ctx: &Ctx, table: Table, seed: u64) -> Outcome {
    let id = table.from_challenge.map(|c| GameId::from_number(c.number()));
    let opening = Opening { id, seating: Seating::Drawn, lang: ctx.lang, now: ctx.ev.now };
    open_game(ctx.core, table, seed, opening).map_err(|e| ctx.failed(e))?;
    Ok(Vec::new())
}

/// Who sits where.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Seating {
    /// The seats are rotated by an amount drawn from the seed (challenges, games against the AI).
    Drawn,
    /// The seats stay in the order given (an event's pairing decides who moves first).
    AsGiven,
}

/// How a game is opened, besides its table and seed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opening {
    /// The id to take (a challenge's, or one an event reserved); `None`: a fresh one.
    pub id: Option<GameId>,
    /// Who sits where.
    pub seating: Seating,
    /// The language of its first post.
    pub lang: Lang,
    /// When.
    pub now: Timestamp,
}

/// Creates and announces the game of `table` with `seed`, without a command: for a command
/// ([`begin`]) and for an event's round, which the end of another game pairs.
pub(crate) fn open_game(
    core: &Core,
    table: Table,
    seed: u64,
    opening: Opening,
) -> Result<GameHeader, StoreError> {
    let Table { kind, options, mut seats, clock: clock_settings, rated, chat, .. } = table;
    let Opening { id, seating, lang, now } = opening;
    let placed = crate::core::chat::threads::game_chat(core, &chat, kind, &seats);
    if seating == Seating::Drawn {
        let turn = (seed % seats.len() as u64) as usize;
        seats.rotate_left(turn);
    }
    let store = core.store().as_ref();
    let pairs = super::table_options::engine_pairs(&options);
    let game = AnyGame::new(kind, pairs, seed).map_err(|e| StoreError::Invalid(e.to_string()))?;
    let first = seats[0].player().cloned();
    let start = first.map_or(now, |p| super::vacation::turn_clock_start(store, &p, now, &options));
    let clock_state = clock::initial(&clock_settings, seats.len(), start);
    let clock_state = with_weekend(store, &options, &seats, &game, clock_state);
    let mut clock_state = with_players_reminders(store, &seats, &game, clock_state, now);
    let ai_first = game.to_act().and_then(|seat| seats.get(seat.index()));
    if matches!(ai_first, Some(SeatHolder::Ai { .. })) {
        clock_state.wake = Some(now);
    }
    let header = store.create_game(NewGame {
        id,
        kind,
        options,
        seed,
        initial_position: game.position(),
        seats: seats.clone(),
        chat: placed.chat,
        clock: clock_settings,
        clock_state,
        rated,
        created: now,
        posts: Vec::new(),
    })?;
    let names: Vec<String> =
        Seat::all(seats.len()).map(|s| super::seating::who(&header, &game, s, lang)).collect();
    let names = names.join(" — ");
    let (id, title) = (header.id, game_name(kind, lang));
    let headline = tr!(
        lang,
        "{title} {id} begins: {names}. Moves: /move {id} <actions>; /rules {kind} for help.",
        "{title} {id} начинается: {names}. Ходы: /move {id} <действия>; помощь — /rules {kind}.",
        kind = kind.name()
    );
    let note =
        placed.note.map(|text| Announcement { reply: Reply::chat(&chat, text), board: None });
    let posts: Vec<_> = note
        .into_iter()
        .chain(announce(core, lang, &header, &game, &headline, None))
        .map(|a| a.to_new_post())
        .collect();
    store.enqueue_posts(posts, now)?;
    Ok(header)
}
