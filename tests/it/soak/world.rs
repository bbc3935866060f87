//! The soak's players and chats, and what they do in one round: read from the store while the
//! bot is stopped, each chat's people challenge (or ask for a rematch of a finished game),
//! accept, move, take back an unfinished turn or ask for a finished one back, offer and accept
//! draws, resign and go on vacation, as Telegram updates in the order they would type them.

use data::{Activity, ChatRef, GameHeader, GameId, InviteeId, Store};
use engine::{AnyGame, GameKind, Rng};
use serde_json::Value;

use crate::fake_telegram::{text, Place, User};

/// How many games a chat keeps going at once (a pending challenge counts as one).
const GAMES_PER_CHAT: usize = 2;
/// Actions a game gets per round at most.
const MOVES_PER_ROUND: usize = 4;
/// From this many actions on, the player to act may resign or offer a draw.
const DECIDE_AFTER: u64 = 16;

/// A move the soak sent: the audit looks for it in the posts and in the store.
#[derive(Clone, Debug)]
pub struct SentMove {
    pub game: GameId,
    pub action: String,
}

/// The people and the group chats they play in.
pub struct World {
    pub people: Vec<User>,
    /// Each group and the indices of its members in `people`.
    pub chats: Vec<(Place, Vec<usize>)>,
}

/// One chat's updates for a round, in order, with the moves among them by position.
#[derive(Default)]
pub struct ChatPlan {
    pub updates: Vec<Value>,
    pub moves: Vec<(usize, SentMove)>,
}

impl World {
    /// `players` people in `chats` groups of four; neighbouring groups share members, so some
    /// people play in several groups at once.
    pub fn new(players: usize, chats: usize) -> World {
        let people = (0..players)
            .map(|i| {
                let name: &'static str = Box::leak(format!("player{i}").into_boxed_str());
                User { id: 10_000 + i as u64, name, username: Some(name), language: Some("en") }
            })
            .collect();
        let chats = (0..chats)
            .map(|c| {
                let place = Place { chat: -1_000_000 - c as i64, topic: None };
                (place, (0..4).map(|k| (c * 3 + k) % players).collect())
            })
            .collect();
        World { people, chats }
    }

    /// Every member says something in each of their groups, so the bot knows their usernames.
    pub fn introductions(&self) -> Vec<Value> {
        let mut updates = Vec::new();
        for (place, members) in &self.chats {
            for &m in members {
                updates.push(text(*place, self.people[m], "/challenges"));
            }
        }
        updates
    }

    fn person(&self, user: &str) -> Option<User> {
        self.people.iter().copied().find(|p| p.id.to_string() == user)
    }

    /// What every chat does this round, given the store as it is.
    pub fn plan(&self, store: &dyn Store, rng: &mut Rng) -> Vec<ChatPlan> {
        self.chats
            .iter()
            .map(|(place, members)| self.plan_chat(store, *place, members, rng))
            .collect()
    }

    fn plan_chat(
        &self,
        store: &dyn Store,
        place: Place,
        members: &[usize],
        rng: &mut Rng,
    ) -> ChatPlan {
        let chat = bot::telegram::chat_ref(teloxide::types::ChatId(place.chat), None, true);
        let mut plan = ChatPlan::default();
        let challenges = store.challenges_in_chat(&chat).unwrap();
        for c in &challenges {
            for invitee in &c.invited {
                let InviteeId::Player(id) = &invitee.who else { continue };
                if c.accepted.iter().any(|s| &s.id == id) {
                    continue;
                }
                if let Some(who) = self.person(&id.user) {
                    plan.updates.push(text(place, who, &format!("/accept {}", c.id)));
                }
            }
        }
        let games = active_games(store, &chat);
        if games.len() + challenges.len() < GAMES_PER_CHAT {
            let ended = store.games_in_chat(&chat, Activity::Ended).unwrap();
            match ended.last().filter(|_| rng.below(3) == 0) {
                Some(id) => {
                    self.rematch(place, &store.game_header(*id).unwrap().unwrap(), &mut plan)
                }
                None => self.challenge(place, members, rng, &mut plan),
            }
        }
        if rng.below(10) == 0 {
            // Someone goes away for two days, or comes back early.
            let who = self.people[members[rng.below(members.len() as u64) as usize]];
            let days = ["2", "off"][rng.below(2) as usize];
            plan.updates.push(text(place, who, &format!("/settings vacation {days}")));
        }
        for h in &games {
            // A player away for a round lets the clock run: reminders, and in time a timeout.
            if rng.below(4) != 0 {
                self.play(place, h, rng, &mut plan);
            }
        }
        plan
    }

    /// A random member challenges one or two others, who accept at once.
    fn challenge(&self, place: Place, members: &[usize], rng: &mut Rng, plan: &mut ChatPlan) {
        let kind = GameKind::ALL[rng.below(GameKind::ALL.len() as u64) as usize];
        let mut seats = members.to_vec();
        rng.shuffle(&mut seats);
        seats.truncate(if kind == GameKind::Poi { 3 } else { 2 });
        let who = |i: usize| self.people[seats[i]];
        let mentions: Vec<String> =
            seats[1..].iter().map(|&s| format!("@{}", self.people[s].name)).collect();
        let clock = ["8h", "1d", "3d"][rng.below(3) as usize];
        let line = format!("/play {} {} clock={clock}", kind.name(), mentions.join(" "));
        plan.updates.push(text(place, who(0), &line));
        for i in 1..seats.len() {
            plan.updates.push(text(place, who(i), "/accept"));
        }
    }

    /// The players of a finished game ask for a rematch, each in turn (the second request
    /// accepts the first).
    fn rematch(&self, place: Place, old: &GameHeader, plan: &mut ChatPlan) {
        for p in old.players() {
            if let Some(who) = self.person(&p.user) {
                plan.updates.push(text(place, who, &format!("/rematch {}", old.id)));
            }
        }
    }

    /// The players of one game take up to [`MOVES_PER_ROUND`] actions, or end it; now and then
    /// a player takes back the unfinished turn they began this round (`/undo`), or asks for a
    /// turn just finished back and the other player allows it (`/takeback`).
    fn play(&self, place: Place, h: &GameHeader, rng: &mut Rng, plan: &mut ChatPlan) {
        let mut game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let user_of = |seat: engine::Seat| {
            h.seats[seat.index()].player().and_then(|p| self.person(&p.user)).unwrap()
        };
        let mut turn_start: Option<AnyGame> = None;
        for _ in 0..MOVES_PER_ROUND {
            let Some(seat) = game.to_act() else { return };
            let mover = user_of(seat);
            if game.actions_this_turn() == 0 {
                turn_start = Some(game.clone());
            } else if let Some(start) = turn_start.as_ref().filter(|_| rng.below(8) == 0) {
                plan.updates.push(text(place, mover, &format!("/undo {}", h.id)));
                game = start.clone();
                continue;
            }
            if h.action_count > DECIDE_AFTER && rng.below(12) == 0 {
                plan.updates.push(text(place, mover, &format!("/resign {} confirm", h.id)));
                return;
            }
            if h.action_count > DECIDE_AFTER && game.seat_count() == 2 && rng.below(12) == 0 {
                plan.updates.push(text(place, mover, &format!("/draw {}", h.id)));
                let other = user_of(seat.opponent());
                plan.updates.push(text(place, other, &format!("/draw {} accept", h.id)));
                return;
            }
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len() as u64) as usize].clone();
            game.play(&action).unwrap();
            let sent = SentMove { game: h.id, action: action.clone() };
            plan.moves.push((plan.updates.len(), sent));
            plan.updates.push(text(place, mover, &format!("/move {} {action}", h.id)));
            let next = game.to_act().filter(|s| *s != seat && game.seat_count() == 2);
            let finished = next.and_then(|next| Some((next, turn_start.take()?)));
            if let Some((next, start)) = finished {
                // The turn just finished; now and then its player asks for it back at once
                // and the other allows it.
                if rng.below(10) == 0 {
                    plan.updates.push(text(place, mover, &format!("/takeback {}", h.id)));
                    let other = user_of(next);
                    plan.updates.push(text(place, other, &format!("/takeback {} accept", h.id)));
                    game = start;
                }
            }
        }
    }
}

/// The chat's games being played.
pub fn active_games(store: &dyn Store, chat: &ChatRef) -> Vec<GameHeader> {
    let ids = store.games_in_chat(chat, Activity::Active).unwrap();
    ids.into_iter().filter_map(|id| store.game_header(id).unwrap()).collect()
}
