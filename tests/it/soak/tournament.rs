//! Whole events through the fake platforms, with the soak's parts (the platform's [`Ground`],
//! the bot as a child process, the [`World`]'s players): an administrator creates a Swiss of
//! nine over four rounds or a round robin of five with commands, the players join, the
//! administrator starts it, and the players play each round's games with `/move` and end them
//! by resignation or an agreed draw. One player withdraws mid-game, another leaves the group or
//! server (the platform's report: Telegram's `chat_member`, Discord's `GUILD_MEMBER_REMOVE`);
//! one game ends on time (its players stay away and the next bot process runs a day later,
//! `TABLETALK_CLOCK_SKEW_MS`).
//! The bot is killed with SIGKILL twice: once as soon as it has taken round 1's lines (the next
//! bot runs what it had taken), and once with a round's last game ended and the next round not
//! yet paired — the test commits that game's end to the store while the bot is down, exactly as
//! a kill right after the game's commit leaves it. Between steps the bot is down and the test
//! reads the store to plan the next lines.
//!
//! At the end the final standings posted in the chat (the text, and that an image came with
//! it) are checked against points counted from the stored games ([`crate::standings_by_hand`],
//! apart from the bot's standings code), and the audit checks that no round was paired twice,
//! no game created twice, and every entrant still in had one board a round.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use bot::clock::HOUR_MS;
use data::{Activity, ChatRef, GameId, Store, Timestamp, Tournament, TournamentState};
use engine::{Outcome, Rng, WinReason};

use super::audit::Post;
use super::world::{active_games, ChatPlan, Person, SentMove, World};
use super::{
    discard, discord::Discord, open, scratch, telegram::Telegram, BotProcess, Driven, Ground,
};
use crate::standings_by_hand::{check_standings, points_by_hand, resigned_in_store, seat_name};

/// One event to run.
struct Spec {
    name: &'static str,
    /// `/tournament new`'s options after the game.
    options: &'static str,
    entrants: usize,
    rounds: usize,
    /// What a bye is worth, in half points.
    bye_halves: u32,
}

const SWISS: Spec = Spec {
    name: "Cup",
    options: "format=swiss rounds=4 rated=yes clock=1d vacation=no",
    entrants: 9,
    rounds: 4,
    bye_halves: 2,
};

const ROUND_ROBIN: Spec = Spec {
    name: "Spring",
    options: "format=rr rated=no clock=1d vacation=no",
    entrants: 5,
    rounds: 5,
    bye_halves: 0,
};

/// The round whose lines the bot is killed right after taking.
const KILL_ROUND: usize = 1;
/// The round in which a player withdraws mid-game; from it on, a round's last game may be
/// ended in the store while the bot is down.
const LEAVE_ROUND: usize = 2;
/// The round in which a game is left to run out of time.
const TIMEOUT_ROUND: usize = 3;
/// The round in which a player leaves the group or server mid-game.
const DEPART_ROUND: usize = 4;
/// The index in the world's people of the administrator; the entrants follow.
const ADMIN: usize = 0;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_runs_through_telegram_with_a_withdrawal_a_departure_a_timeout_and_kills() {
    event_through::<Telegram>(&SWISS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_five_runs_through_discord_with_a_withdrawal_a_departure_a_timeout_and_kills(
) {
    event_through::<Discord>(&ROUND_ROBIN).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_five_runs_through_telegram_with_a_withdrawal_a_departure_a_timeout_and_kills(
) {
    event_through::<Telegram>(&ROUND_ROBIN).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_runs_through_discord_with_a_withdrawal_a_departure_a_timeout_and_kills() {
    event_through::<Discord>(&SWISS).await;
}

/// How a step's bot process ends.
#[derive(Clone, Copy, PartialEq, Debug)]
enum End {
    /// SIGTERM once everything is answered and delivered.
    Stop,
    /// SIGKILL as soon as the bot has taken the step's lines (mid-work).
    KillAtOnce,
    /// SIGKILL once everything is answered and delivered.
    KillWhenDone,
}

/// The event's run so far: the platform, the players, the bot's data and clock.
struct Run<'a, G: Ground> {
    ground: &'a G,
    world: &'a World,
    data: PathBuf,
    skew: u64,
    rng: Rng,
    kills: usize,
    sent: Vec<SentMove>,
}

impl<G: Ground> Run<'_, G> {
    /// A bot process started on the event's data at the run's clock, connected.
    async fn bot(&self) -> BotProcess {
        let bot = BotProcess::start(&self.data, None, (G::NAME, &self.ground.url()), self.skew);
        self.ground.connected().await;
        bot
    }

    /// Starts a bot process, types `plan`'s lines through the platform, and ends the process.
    async fn step(&mut self, plan: ChatPlan, end: End) {
        let bot = self.bot().await;
        let mut driven = Driven::default();
        let (world, rng, sent) = (self.world, &mut self.rng, &mut self.sent);
        self.ground.play(world, vec![plan], rng, &mut driven, sent, None).await;
        let quiet = if end == End::KillAtOnce { Duration::ZERO } else { Duration::from_secs(2) };
        self.ground.settle(quiet).await;
        if end == End::Stop {
            bot.stop();
        } else {
            bot.kill();
            self.kills += 1;
        }
    }

    /// Person `who` leaves the group or server while a bot runs.
    async fn leave_chat(&mut self, who: usize) {
        let bot = self.bot().await;
        self.ground.leave_chat(self.world, 0, who);
        self.ground.settle(Duration::from_secs(2)).await;
        bot.stop();
    }

    /// The bot's clock now (the real one plus the skew).
    fn now(&self) -> Timestamp {
        Timestamp(bot::wall_clock::system_now().0 + self.skew)
    }
}

/// What the test did to the event, for the audit.
#[derive(Default, Debug)]
struct Done {
    withdrawn: Option<usize>,
    departed: Option<Person>,
    timed_out: Option<GameId>,
    ended_in_store: Option<GameId>,
}

/// Runs event `spec` through platform `G` to its final standings, and audits it.
async fn event_through<G: Ground>(spec: &Spec) {
    let label = format!("event-{}-{}", G::NAME, spec.name);
    let root = scratch(&label);
    let ground = G::start().await;
    let world = World::one_group(spec.entrants + 1, G::address(0));
    let chat = world.chats[0].address.clone();
    ground.make_admin(0, world.people[ADMIN].id);
    let mut run = Run {
        ground: &ground,
        world: &world,
        data: root.join("data"),
        skew: 0,
        rng: Rng::new(30),
        kills: 0,
        sent: Vec::new(),
    };
    run.step(opening(spec), End::Stop).await;
    let mut done = Done::default();
    for _ in 0..4 * spec.rounds {
        let store = open(&run.data, None);
        let event = store.tournament(&chat, spec.name).unwrap().expect("the event was created");
        if event.state == TournamentState::Finished {
            break;
        }
        assert_eq!(event.state, TournamentState::Running, "the event started");
        let round = event.played.len();
        let games = round_games(store.as_ref(), &chat, &event);
        if round == DEPART_ROUND && done.departed.is_none() {
            // A player of the round's first game leaves the group or server; the round's lines
            // are planned again once the bot has withdrawn them.
            let gone = world.seated(&games[0], engine::Seat::new(1).expect("two seats"));
            drop(store);
            eprintln!("event: round {round}, player{gone} leaves the chat");
            run.leave_chat(gone).await;
            done.departed = Some(world.people[gone]);
            continue;
        }
        let mut plan = ChatPlan::default();
        let may_end_in_store = round >= LEAVE_ROUND && round != TIMEOUT_ROUND;
        let in_store = (may_end_in_store && done.ended_in_store.is_none() && games.len() > 1)
            .then(|| games[games.len() - 1].id);
        let mut away = None;
        for (i, h) in games.iter().enumerate() {
            let game = world.turn_each(h, &mut run.rng, &mut plan);
            let to_act = world.seated(h, game.to_act().expect("a game still played"));
            let other = world.seated(h, game.to_act().unwrap().opponent());
            if Some(h.id) == in_store {
                continue;
            }
            // A round whose lines were not all taken (a refusal) comes again: its withdrawal
            // and its game left to time out are done once.
            match i {
                0 if round == LEAVE_ROUND && done.withdrawn.is_none() => {
                    plan.say(other, format!("/tournament leave {}", spec.name));
                    done.withdrawn = Some(other);
                }
                0 if round == TIMEOUT_ROUND && done.timed_out.is_none() => away = Some(h.id),
                _ if i % 3 == 1 => {
                    plan.say(to_act, format!("/draw {}", h.id));
                    plan.say(other, format!("/draw {} accept", h.id));
                }
                _ => plan.say(to_act, format!("/resign {} confirm", h.id)),
            }
        }
        drop(store);
        let end = match in_store {
            Some(_) => End::KillWhenDone,
            None if round == KILL_ROUND && run.kills == 0 => End::KillAtOnce,
            None => End::Stop,
        };
        eprintln!("event: round {round}, {} games, {end:?}", games.len());
        run.step(plan, end).await;
        if end == End::KillAtOnce {
            // The bot comes back and runs the lines it had taken, before the next plan.
            run.step(ChatPlan::default(), End::Stop).await;
        }
        if let Some(id) = in_store {
            end_in_store(&run, &chat, spec, id, &mut done);
        }
        if away.is_some() {
            // The players of that game stay away for a day: the next bot times it out.
            run.skew += 25 * HOUR_MS;
            run.step(ChatPlan::default(), End::Stop).await;
            done.timed_out = away;
        }
    }
    // The last bot delivers whatever a kill left owed.
    run.step(ChatPlan::default(), End::Stop).await;
    let store = open(&run.data, None);
    assert_eq!(store.owed_post_count().unwrap(), 0, "every owed post was delivered");
    let event = store.tournament(&chat, spec.name).unwrap().unwrap();
    assert_eq!(event.state, TournamentState::Finished, "the event ended: {event:?}");
    let posts: Vec<Post> = ground.posts().into_iter().filter(|p| p.chat == chat.chat).collect();
    audit(store.as_ref(), &chat, spec, &event, &posts, &done);
    assert_eq!(run.kills, 2, "killed with SIGKILL twice");
    println!("event ({}, {}): {done:?}, {} kills", G::NAME, spec.name, run.kills);
    drop(store);
    discard(&root);
}

/// The administrator creates event `spec`, the entrants join, the administrator starts it.
fn opening(spec: &Spec) -> ChatPlan {
    let mut plan = ChatPlan::default();
    plan.say(ADMIN, format!("/tournament new {} gridi {}", spec.name, spec.options));
    for who in 1..=spec.entrants {
        plan.say(who, format!("/tournament join {}", spec.name));
    }
    plan.say(ADMIN, format!("/tournament start {}", spec.name));
    plan
}

/// The current round's games still being played.
fn round_games(store: &dyn Store, chat: &ChatRef, event: &Tournament) -> Vec<data::GameHeader> {
    let round: HashSet<GameId> =
        event.played.last().into_iter().flatten().filter_map(|b| b.game).collect();
    active_games(store, chat).into_iter().filter(|h| round.contains(&h.id)).collect()
}

/// With the bot killed, ends game `id` by a resignation committed straight to the store — if
/// the rest of its round is over (as it is unless a line was refused), so that the kill falls
/// between the round's last game's end and the next round's pairing; otherwise the game is
/// played on and a later round tries again.
fn end_in_store<G: Ground>(
    run: &Run<'_, G>,
    chat: &ChatRef,
    spec: &Spec,
    id: GameId,
    done: &mut Done,
) {
    let store = open(&run.data, None);
    let event = store.tournament(chat, spec.name).unwrap().unwrap();
    let others = round_games(store.as_ref(), chat, &event).into_iter().filter(|h| h.id != id);
    if others.count() == 0 && store.game_header(id).unwrap().unwrap().status.is_active() {
        resigned_in_store(store.as_ref(), id, 0, run.now());
        done.ended_in_store = Some(id);
    }
}

/// Checks the finished event against the store and the chat: its final standings, every
/// round paired once, every game created once, one board per entrant still in per round, the
/// withdrawal and the timeout seen.
fn audit(
    store: &dyn Store,
    chat: &ChatRef,
    spec: &Spec,
    event: &Tournament,
    posts: &[Post],
    done: &Done,
) {
    assert_eq!(event.played.len(), spec.rounds, "every round paired once");
    let title = format!("{}: final standings", spec.name);
    let last = posts.iter().rfind(|p| p.text.contains(&title)).expect("the final standings");
    assert!(last.image, "the final standings came with their image: {}", last.text);
    check_standings(&last.text, &points_by_hand(store, event, spec.bye_halves));
    // Every game the event names is in the chat once, and the chat has no other.
    let boards: Vec<GameId> = event.played.iter().flatten().filter_map(|b| b.game).collect();
    let distinct: HashSet<GameId> = boards.iter().copied().collect();
    assert_eq!(distinct.len(), boards.len(), "no game named twice: {boards:?}");
    let mut in_chat: Vec<GameId> = store.games_in_chat(chat, Activity::Ended).unwrap();
    in_chat.extend(store.games_in_chat(chat, Activity::Active).unwrap());
    let in_chat: HashSet<GameId> = in_chat.into_iter().collect();
    assert_eq!(in_chat, distinct, "the chat's games are the event's, each created once");
    for (r, round) in event.played.iter().enumerate() {
        let round_no = r as u32 + 1;
        let mut seen = HashSet::new();
        for b in round {
            for who in std::iter::once(b.first).chain(b.second) {
                assert!(seen.insert(who), "entrant {who} twice in round {round_no}");
            }
            if let (Some(id), Some(second)) = (b.game, b.second) {
                let h = store.game_header(id).unwrap().unwrap();
                let names: Vec<String> = (0..2).map(|s| seat_name(&h, s)).collect();
                let paired =
                    [&event.entries[b.first as usize].name, &event.entries[second as usize].name];
                assert_eq!([&names[0], &names[1]], paired, "game {id} seats its board");
            }
        }
        for (i, entry) in event.entries.iter().enumerate() {
            let still_in = entry.withdrawn.is_none_or(|w| w > round_no);
            assert!(
                !still_in || seen.contains(&(i as u32)),
                "{} has no board in round {round_no}",
                entry.name
            );
        }
        // The round's pairings were posted, and every delivery of them says the same.
        let heading = format!("{}, round {round_no} of {}", spec.name, spec.rounds);
        let pairings: HashSet<&str> =
            posts.iter().filter(|p| p.text.contains(&heading)).map(|p| p.text.as_str()).collect();
        assert_eq!(pairings.len(), 1, "round {round_no} paired once: {pairings:?}");
    }
    let gone = done.withdrawn.expect("a player withdrew");
    assert!(event.entries.iter().any(|e| e.withdrawn.is_some()), "{gone} withdrawn in the store");
    assert!(posts.iter().any(|p| p.text.contains("withdraws")), "the withdrawal shown");
    let departed = done.departed.expect("a player left the chat");
    let id = data::PlayerId::new(chat.platform, departed.id.to_string());
    let entry = event.entrant(&id).map(|e| &event.entries[e as usize]);
    assert!(entry.is_some_and(|e| e.withdrawn.is_some()), "{departed:?} withdrawn: {entry:?}");
    let shown = format!("{} left the chat and withdraws from “{}”", departed.name, spec.name);
    assert!(posts.iter().any(|p| p.text.contains(&shown)), "shown: {shown}");
    let timed_out = done.timed_out.expect("a game was left to run out of time");
    let outcome = store.game_header(timed_out).unwrap().unwrap().status.outcome();
    let on_time = matches!(outcome, Some(Outcome::Win { reason: WinReason::Timeout, .. }));
    assert!(on_time, "game {timed_out} ended on time: {outcome:?}");
    assert!(done.ended_in_store.is_some(), "a round's last game ended while the bot was down");
}
