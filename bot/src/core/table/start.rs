//! Starting a game: the table seated in a random order drawn from the game's seed, the game
//! created in the store, its first post owed, and an AI seat that moves first woken (the game
//! is due at once; the scheduler's next tick plays it).

use data::{ChallengeId, ChatRef, ClockSettings, GameId, NewGame, SeatHolder};
use engine::{AnyGame, GameKind, Seat};

use super::announce::announce;
use super::outbox::Announcement;
use super::reminders::with_players_reminders;
use super::weekends::with_weekend;
use crate::core::lang::game_name;
use crate::core::{Ctx, Outcome, Reply};
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
    let Table { kind, options, mut seats, clock: clock_settings, rated, chat, from_challenge } =
        table;
    let id = from_challenge.map(|c| GameId::from_number(c.number()));
    let lang = ctx.lang;
    let placed = crate::core::chat::threads::game_chat(ctx.core, &chat, kind, &seats);
    let turn = (seed % seats.len() as u64) as usize;
    seats.rotate_left(turn);
    let pairs = super::table_options::engine_pairs(&options);
    let game = AnyGame::new(kind, pairs, seed).map_err(|e| ctx.failed(e))?;
    let first = seats[0].player().cloned();
    let start = first
        .map_or(ctx.ev.now, |p| super::vacation::turn_clock_start(ctx.store(), &p, ctx.ev.now));
    let clock_state = clock::initial(&clock_settings, seats.len(), start);
    let clock_state = with_weekend(ctx.store(), &options, &seats, &game, clock_state);
    let mut clock_state =
        with_players_reminders(ctx.store(), &seats, &game, clock_state, ctx.ev.now);
    let ai_first = game.to_act().and_then(|seat| seats.get(seat.index()));
    if matches!(ai_first, Some(SeatHolder::Ai { .. })) {
        clock_state.wake = Some(ctx.ev.now);
    }
    let header = ctx
        .store()
        .create_game(NewGame {
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
            created: ctx.ev.now,
            posts: Vec::new(),
        })
        .map_err(|e| ctx.failed(e))?;
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
        .chain(announce(ctx.core, lang, &header, &game, &headline, None))
        .map(|a| a.to_new_post())
        .collect();
    ctx.store().enqueue_posts(posts, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    Ok(Vec::new())
}
