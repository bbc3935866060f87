//! The soak's players and chats, and what they do in one round: read from the store while the
//! bot is stopped, each chat's people challenge (or ask for a rematch of a finished game),
//! accept, move, take back an unfinished turn or ask for a finished one back, offer and accept
//! draws, resign and go on vacation, as command lines in the order they would type them. The
//! platform's driver (`telegram.rs`, `discord.rs`) turns them into that platform's updates.

use data::{Activity, ChatRef, GameHeader, GameId, InviteeId, Store};
use engine::{AnyGame, GameKind, Rng};

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

/// A player: a platform user id and a name that is also their username (`@player3`).
#[derive(Clone, Copy, Debug)]
pub struct Person {
    pub id: u64,
    pub name: &'static str,
}

/// A group chat: where the core keeps it, and its members (indices in `people`).
pub struct Chat {
    pub address: ChatRef,
    pub members: Vec<usize>,
}

/// The people and the group chats they play in.
pub struct World {
    pub people: Vec<Person>,
    pub chats: Vec<Chat>,
}

/// One thing a person types: a command line, mentions as `@name`.
#[derive(Clone, Debug)]
pub struct Said {
    /// The index of the person in `people`.
    pub who: usize,
    pub line: String,
}

/// One chat's lines for a round, in order, with the moves among them by position.
#[derive(Default)]
pub struct ChatPlan {
    pub said: Vec<Said>,
    pub moves: Vec<(usize, SentMove)>,
}

impl ChatPlan {
    pub fn say(&mut self, who: usize, line: String) {
        self.said.push(Said { who, line });
    }
}

impl World {
    /// `players` people in `chats` groups of four; neighbouring groups share members, so some
    /// people play in several groups at once. Chat `c` is at `address(c)`.
    pub fn new(players: usize, chats: usize, address: impl Fn(usize) -> ChatRef) -> World {
        let people = (0..players)
            .map(|i| {
                let name: &'static str = Box::leak(format!("player{i}").into_boxed_str());
                Person { id: 10_000 + i as u64, name }
            })
            .collect();
        let chats = (0..chats)
            .map(|c| Chat {
                address: address(c),
                members: (0..4).map(|k| (c * 3 + k) % players).collect(),
            })
            .collect();
        World { people, chats }
    }

    /// `players` people in one group (an event's chat), at `address`.
    pub fn one_group(players: usize, address: ChatRef) -> World {
        let mut world = World::new(players, 1, |_| address.clone());
        world.chats[0].members = (0..players).collect();
        world
    }

    /// Every member says something in each of their groups, so the bot knows their usernames;
    /// some set their reminders or their vacation mode, some ask for a daily digest, some take
    /// their weekends off in their own time zone.
    pub fn introductions(&self) -> Vec<ChatPlan> {
        let plan = |chat: &Chat| {
            let mut plan = ChatPlan::default();
            chat.members.iter().for_each(|&m| plan.say(m, "/challenges".into()));
            // Some players choose their own reminders, some keep their vacation days by hand
            // (the others let a timeout spend a day: the default).
            for &m in &chat.members {
                match m % 3 {
                    1 => plan.say(m, "/settings remind 8h,1h".into()),
                    2 => plan.say(m, "/settings vacation manual".into()),
                    _ => {}
                }
                // A quarter take a daily digest (the clock runs days ahead over the rounds,
                // so 09:00 UTC comes several times).
                if m % 4 == 0 {
                    plan.say(m, "/settings digest daily 09:00".into());
                }
                // A fifth live in Moscow and pause their clocks over their weekend.
                if m % 5 == 1 {
                    plan.say(m, "/settings timezone Europe/Moscow".into());
                    plan.say(m, "/settings weekend sat,sun".into());
                }
            }
            plan
        };
        self.chats.iter().map(plan).collect()
    }

    /// The index in `people` of the person with platform user id `user`.
    fn person(&self, user: &str) -> Option<usize> {
        self.people.iter().position(|p| p.id.to_string() == user)
    }

    /// The index in `people` of the person in `seat` of game `h`.
    pub fn seated(&self, h: &GameHeader, seat: engine::Seat) -> usize {
        h.seats[seat.index()].player().and_then(|p| self.person(&p.user)).unwrap()
    }

    /// The players of game `h` take random legal actions (as `/move` lines in `plan`) until
    /// each has finished a turn; the game after them.
    pub fn turn_each(&self, h: &GameHeader, rng: &mut Rng, plan: &mut ChatPlan) -> AnyGame {
        let mut game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let mut moved = Vec::new();
        while let Some(seat) = game.to_act().filter(|_| moved.len() < game.seat_count()) {
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len() as u64) as usize].clone();
            game.play(&action).unwrap();
            plan.moves.push((plan.said.len(), SentMove { game: h.id, action: action.clone() }));
            plan.say(self.seated(h, seat), format!("/move {} {action}", h.id));
            if game.to_act() != Some(seat) && !moved.contains(&seat) {
                moved.push(seat);
            }
        }
        game
    }

    /// The index in `people` of the person named `name`.
    pub fn named(&self, name: &str) -> Option<usize> {
        self.people.iter().position(|p| p.name == name)
    }

    /// What every chat does this round, given the store as it is.
    pub fn plan(&self, store: &dyn Store, rng: &mut Rng) -> Vec<ChatPlan> {
        self.chats.iter().map(|chat| self.plan_chat(store, chat, rng)).collect()
    }

    fn plan_chat(&self, store: &dyn Store, chat: &Chat, rng: &mut Rng) -> ChatPlan {
        let members = &chat.members;
        let chat = &chat.address;
        let mut plan = ChatPlan::default();
        let challenges = store.challenges_in_chat(chat).unwrap();
        for c in &challenges {
            for invitee in &c.invited {
                let InviteeId::Player(id) = &invitee.who else { continue };
                if c.accepted.iter().any(|s| &s.id == id) {
                    continue;
                }
                if let Some(who) = self.person(&id.user) {
                    plan.say(who, format!("/accept {}", c.id));
                }
            }
        }
        let games = active_games(store, chat);
        if games.len() + challenges.len() < GAMES_PER_CHAT {
            let ended = store.games_in_chat(chat, Activity::Ended).unwrap();
            match ended.last().filter(|_| rng.below(3) == 0) {
                Some(id) => self.rematch(&store.game_header(*id).unwrap().unwrap(), &mut plan),
                None => self.challenge(members, rng, &mut plan),
            }
        }
        if rng.below(10) == 0 {
            // Someone goes away for two days, or comes back early.
            let who = members[rng.below(members.len() as u64) as usize];
            let days = ["2", "off"][rng.below(2) as usize];
            plan.say(who, format!("/settings vacation {days}"));
        }
        for h in &games {
            // A player away for a round lets the clock run: reminders, and in time a timeout.
            if rng.below(4) != 0 {
                self.play(h, rng, &mut plan);
            }
        }
        plan
    }

    /// A random member challenges one or two others, who accept at once.
    fn challenge(&self, members: &[usize], rng: &mut Rng, plan: &mut ChatPlan) {
        let kind = GameKind::ALL[rng.below(GameKind::ALL.len() as u64) as usize];
        let mut seats = members.to_vec();
        rng.shuffle(&mut seats);
        seats.truncate(if kind == GameKind::Poi { 3 } else { 2 });
        let mentions: Vec<String> =
            seats[1..].iter().map(|&s| format!("@{}", self.people[s].name)).collect();
        let clock = ["8h", "1d", "3d"][rng.below(3) as usize];
        let line = format!("/play {} {} clock={clock}", kind.name(), mentions.join(" "));
        plan.say(seats[0], line);
        for &invited in &seats[1..] {
            plan.say(invited, "/accept".into());
        }
    }

    /// The players of a finished game ask for a rematch, each in turn (the second request
    /// accepts the first).
    fn rematch(&self, old: &GameHeader, plan: &mut ChatPlan) {
        for p in old.players() {
            if let Some(who) = self.person(&p.user) {
                plan.say(who, format!("/rematch {}", old.id));
            }
        }
    }

    /// The players of one game take up to [`MOVES_PER_ROUND`] actions, or end it; now and then
    /// a player takes back the unfinished turn they began this round (`/undo`), or asks for a
    /// turn just finished back and the other player allows it (`/takeback`).
    fn play(&self, h: &GameHeader, rng: &mut Rng, plan: &mut ChatPlan) {
        let mut game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let user_of = |seat: engine::Seat| self.seated(h, seat);
        let mut turn_start: Option<AnyGame> = None;
        for _ in 0..MOVES_PER_ROUND {
            let Some(seat) = game.to_act() else { return };
            let mover = user_of(seat);
            if game.actions_this_turn() == 0 {
                turn_start = Some(game.clone());
            } else if let Some(start) = turn_start.as_ref().filter(|_| rng.below(8) == 0) {
                plan.say(mover, format!("/undo {}", h.id));
                game = start.clone();
                continue;
            }
            if h.action_count > DECIDE_AFTER && rng.below(12) == 0 {
                plan.say(mover, format!("/resign {} confirm", h.id));
                return;
            }
            if h.action_count > DECIDE_AFTER && game.seat_count() == 2 && rng.below(12) == 0 {
                plan.say(mover, format!("/draw {}", h.id));
                plan.say(user_of(seat.opponent()), format!("/draw {} accept", h.id));
                return;
            }
            let legal = game.legal_actions();
            let action = legal[rng.below(legal.len() as u64) as usize].clone();
            game.play(&action).unwrap();
            let sent = SentMove { game: h.id, action: action.clone() };
            plan.moves.push((plan.said.len(), sent));
            plan.say(mover, format!("/move {} {action}", h.id));
            let next = game.to_act().filter(|s| *s != seat && game.seat_count() == 2);
            let finished = next.and_then(|next| Some((next, turn_start.take()?)));
            if let Some((next, start)) = finished {
                // The turn just finished; now and then its player asks for it back at once
                // and the other allows it.
                if rng.below(10) == 0 {
                    plan.say(mover, format!("/takeback {}", h.id));
                    plan.say(user_of(next), format!("/takeback {} accept", h.id));
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
