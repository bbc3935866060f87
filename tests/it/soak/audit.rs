//! What the soak checks at the end, with the bot stopped and every owed post delivered: the
//! store against what the fake platform saw. Each check adds a line to `problems`; the figures
//! are printed whatever happens.

use std::collections::{BTreeMap, HashMap};

use data::ratings::{apply, standings, RatedResult};
use data::{Activity, GameHeader, GameStatus, RatingModel, RatingRecord, Scope, Store, Timestamp};
use engine::GameKind;

use super::world::{SentMove, World};

/// A message the platform delivered into a chat: where, and its text as the user reads it.
#[derive(Clone, Debug)]
pub struct Post {
    /// The chat, as the core names it (`ChatRef::chat`).
    pub chat: String,
    pub text: String,
    /// Whether an image came with it.
    pub image: bool,
}

/// What the audit counted.
#[derive(Default, Debug)]
pub struct Audit {
    pub games: usize,
    pub finished: usize,
    pub moves_committed: usize,
    pub posts_delivered: usize,
    /// Posts delivered more than once (a crash between the send and its settling).
    pub posts_doubled: usize,
    pub ratings_checked: usize,
    pub reminders: usize,
    pub timeouts: usize,
    /// Turns taken back: unfinished ones with `/undo`, finished ones by an allowed `/takeback`.
    pub undos: usize,
    pub takebacks: usize,
    /// Rematches offered, and players sent on vacation (their replies seen in the chats).
    pub rematches: usize,
    pub vacations: usize,
    /// Daily digests delivered (direct messages).
    pub digests: usize,
    pub problems: Vec<String>,
}

impl Audit {
    /// Nothing the scheduler had to do at `at` (when the last bot started) is left undone: no
    /// reminder, timeout, lapsed challenge or daily digest.
    pub fn check_nothing_due(&mut self, store: &dyn Store, at: Timestamp) {
        let due = store.due_games(at).unwrap();
        if !due.is_empty() {
            self.problems.push(format!("reminders or timeouts missed: {due:?}"));
        }
        let digests = store.due_digests(at, 16).unwrap();
        if !digests.is_empty() {
            let who: Vec<_> = digests.iter().map(|p| &p.display_name).collect();
            self.problems.push(format!("daily digests left unsent: {who:?}"));
        }
        let lapsed = store.expired_challenges(at).unwrap();
        if !lapsed.is_empty() {
            self.problems.push(format!("lapsed challenges left: {lapsed:?}"));
        }
    }

    /// Reminders: at most one of each kind per player and turn (a move's post starts a turn,
    /// and so does a seat leaving the table — by a timeout, say — in a game of three or four).
    fn check_reminders(&mut self, id: &str, bodies: &[String]) {
        let mut this_turn: Vec<(&str, &str)> = Vec::new();
        for body in bodies {
            if body.contains(" played ") || body.contains("leaves the table") {
                this_turn.clear();
            }
            self.timeouts += usize::from(body.contains("ran out of time"));
            let Some(rest) = body.strip_prefix("Reminder: ") else { continue };
            self.reminders += 1;
            let who = rest.split(',').next().unwrap_or_default();
            let kind = if body.contains("(a day remains)") { "day" } else { "tenth" };
            if this_turn.contains(&(who, kind)) {
                self.problems.push(format!("game {id}: a reminder sent twice in one turn: {body}"));
            }
            this_turn.push((who, kind));
        }
    }
}

/// Every game of every chat of the world.
fn all_games(store: &dyn Store, world: &World) -> Vec<GameHeader> {
    let mut games = Vec::new();
    for chat in &world.chats {
        for activity in [Activity::Active, Activity::Ended] {
            for id in store.games_in_chat(&chat.address, activity).unwrap() {
                games.push(store.game_header(id).unwrap().unwrap());
            }
        }
    }
    games
}

/// The actions named by "played …" in a post's text.
fn played(body: &str) -> Vec<String> {
    body.split(" played ")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .map(|a| a.trim_end_matches(['.', ',', ';']).to_string())
        .collect()
}

/// How many actions a post says were taken back, if it is an `/undo` (`… took back 2 action(s)
/// of the unfinished turn.`) or an allowed takeback (`… last turn is undone (2 action(s)).`).
fn undone(body: &str) -> Option<usize> {
    if let Some((_, rest)) = body.split_once(" took back ") {
        let (n, rest) = rest.split_once(' ')?;
        return rest.starts_with("action(s) of the unfinished turn").then(|| n.parse().ok())?;
    }
    let (_, rest) = body.split_once("last turn is undone (")?;
    rest.split_once(" action(s))").and_then(|(n, _)| n.parse().ok())
}

/// The moves a game's posts announced, in order, without those an `/undo` took back.
fn announced(bodies: &[String]) -> Vec<String> {
    let mut moves = Vec::new();
    for body in bodies {
        match undone(body) {
            Some(n) => moves.truncate(moves.len().saturating_sub(n)),
            None => moves.extend(played(body)),
        }
    }
    moves
}

/// The posts without the change posts (a move, an undo) a crash made twice: a kill between a
/// post's send and its settling sends it again after the restart, equal to the game's previous
/// change post (the immediate replies of other commands, such as a draw offer, may come
/// between the two).
fn without_redeliveries(bodies: Vec<String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::with_capacity(bodies.len());
    let mut last_move: Option<String> = None;
    for body in bodies {
        if body.contains(" played ") || undone(&body).is_some() {
            if last_move.as_ref() == Some(&body) {
                continue;
            }
            last_move = Some(body.clone());
        }
        kept.push(body);
    }
    kept
}

/// Checks the store against the posts the platform delivered and the moves sent.
pub fn audit(store: &dyn Store, world: &World, posts: &[Post], sent: &[SentMove]) -> Audit {
    let mut audit = Audit { posts_delivered: posts.len(), ..Audit::default() };
    let said = |what: &str| posts.iter().filter(|p| p.text.contains(what)).count();
    audit.rematches = said("a rematch of");
    audit.vacations = said("your clocks wait");
    audit.digests = said("Your daily digest");
    let problems = store.check_games().unwrap();
    audit.problems.extend(problems.iter().map(|p| format!("does not replay: {p:?}")));
    let games = all_games(store, world);
    audit.games = games.len();
    for h in &games {
        check_game(store, h, posts, sent, &mut audit);
    }
    check_ratings(store, &games, &mut audit);
    audit
}

/// One game: its moves in the store are exactly the moves its posts announced, each sent by a
/// player at most as often as it was sent; its result was announced.
fn check_game(
    store: &dyn Store,
    h: &GameHeader,
    posts: &[Post],
    sent: &[SentMove],
    audit: &mut Audit,
) {
    let record = store.game(h.id).unwrap().unwrap();
    // Players' moves; a seat leaving a table of three (`leave:…`, by resignation or timeout) is
    // a decision of the table, announced in words.
    let stored: Vec<String> = record
        .actions
        .iter()
        .filter(|a| a.by.is_some() && !a.action.starts_with("leave:"))
        .map(|a| a.action.clone())
        .collect();
    audit.moves_committed += stored.len();
    let id = h.id.to_string();
    let chat = h.chat.chat.clone();
    let mut bodies: Vec<String> = posts
        .iter()
        .filter(|p| p.chat == chat && p.text.contains(&id))
        .map(|p| p.text.clone())
        .collect();
    let before = bodies.len();
    bodies = without_redeliveries(bodies);
    audit.posts_doubled += before - bodies.len();
    // The refusals a finished game gives to late moves repeat too, and are not counted.
    bodies.dedup();
    let announced = announced(&bodies);
    let taken_back = bodies.iter().filter(|b| undone(b).is_some());
    let (takebacks, undos): (Vec<&String>, Vec<&String>) =
        taken_back.partition(|b| b.contains("allowed the takeback"));
    (audit.undos, audit.takebacks) = (audit.undos + undos.len(), audit.takebacks + takebacks.len());
    if announced != stored {
        audit.problems.push(format!(
            "game {id}: the store has {} moves, the posts announced {}: {stored:?} / {announced:?}",
            stored.len(),
            announced.len()
        ));
    }
    let mut times_sent: HashMap<&str, usize> = HashMap::new();
    for m in sent.iter().filter(|m| m.game == h.id) {
        *times_sent.entry(m.action.as_str()).or_default() += 1;
    }
    let mut times_stored: HashMap<&str, usize> = HashMap::new();
    for a in &stored {
        *times_stored.entry(a.as_str()).or_default() += 1;
    }
    for (action, n) in times_stored {
        if n > times_sent.get(action).copied().unwrap_or(0) {
            audit.problems.push(format!("game {id}: {action} applied {n} times, sent fewer"));
        }
    }
    audit.check_reminders(&id, &bodies);
    let over = bodies.iter().any(|b| b.contains("is over") || b.contains("was aborted"));
    let ended = !h.status.is_active();
    audit.finished += usize::from(ended);
    if over != ended {
        audit.problems.push(format!("game {id}: ended {ended}, announced as over {over}"));
    }
}

/// Every rating equals a recomputation from the finished games themselves, in the order they
/// counted (independent of the store's rating history).
fn check_ratings(store: &dyn Store, games: &[GameHeader], audit: &mut Audit) {
    let mut counted: Vec<&GameHeader> = games.iter().filter(|h| h.rated_seq.is_some()).collect();
    counted.sort_by_key(|h| h.rated_seq);
    let mut ratings: BTreeMap<(Scope, GameKind, data::PlayerId), RatingRecord> = BTreeMap::new();
    for h in counted {
        let GameStatus::Finished { outcome, standings: given } = &h.status else { continue };
        let result = RatedResult {
            game: h.id,
            kind: h.kind,
            players: h.players().cloned().collect(),
            standings: standings(outcome.winner(), given, h.seats.len()),
            finished: h.updated,
        };
        for scope in [Some(Scope::Global), h.chat.scope()].into_iter().flatten() {
            let key = |p: &data::PlayerId| (scope.clone(), h.kind, p.clone());
            let before: Vec<_> =
                result.players.iter().map(|p| ratings.get(&key(p)).cloned()).collect();
            for r in apply(&scope, &result, &before) {
                ratings.insert(key(&r.player), r);
            }
        }
    }
    for ((scope, kind, player), expected) in &ratings {
        audit.ratings_checked += 1;
        let stored = store.rating(scope, *kind, player).unwrap();
        let same = stored
            .as_ref()
            .is_some_and(|s| s.games == expected.games && close(&s.model, &expected.model));
        if !same {
            audit.problems.push(format!("rating of {player:?} in {scope:?} {kind:?}: stored {stored:?}, recomputed {expected:?}"));
        }
    }
}

fn close(a: &RatingModel, b: &RatingModel) -> bool {
    let numbers = |m: &RatingModel| match *m {
        RatingModel::Glicko2 { rating, deviation, volatility } => {
            vec![rating, deviation, volatility]
        }
        RatingModel::WengLin { rating, uncertainty } => vec![rating, uncertainty],
    };
    let (a, b) = (numbers(a), numbers(b));
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-6)
}

#[test]
fn a_reminder_after_a_seat_left_the_table_is_the_next_players_turn() {
    let bodies: Vec<String> = [
        "Reminder: ann, 50 min left for your turn in game g (a tenth of your time remains).",
        "ann (Red) ran out of time and leaves the table.\nPOI Control g: bob (Green) to act.",
        "Reminder: bob, 48 min left for your turn in game g (a tenth of your time remains).",
    ]
    .map(String::from)
    .to_vec();
    let mut audit = Audit::default();
    audit.check_reminders("g", &bodies);
    assert_eq!((audit.reminders, audit.timeouts), (2, 1));
    assert!(audit.problems.is_empty(), "{:?}", audit.problems);
    audit.check_reminders("g", &[bodies[2].clone(), bodies[2].clone()]);
    assert_eq!(audit.problems.len(), 1, "the same player reminded twice in one turn is");
}

#[test]
fn a_redelivered_move_post_is_counted_once_even_with_a_reply_between() {
    let posts = ["A played a1.", "B offers a draw", "A played a1.", "B played b2.", "A played a1."];
    let kept = without_redeliveries(posts.iter().map(|p| p.to_string()).collect());
    assert_eq!(kept, ["A played a1.", "B offers a draw", "B played b2.", "A played a1."]);
}

#[test]
fn undo_and_takeback_posts_take_back_the_moves_they_count_from_the_announced_ones() {
    let bodies: Vec<String> = [
        "Ann played a1-a2. The turn is not complete yet",
        "Ann played b1-b2. The turn is not complete yet",
        "Ann took back 2 action(s) of the unfinished turn.",
        "Ann played c1-c2. The turn is not complete yet",
        "Ann played d1-d2. The whole turn: c1-c2 d1-d2.",
        "Bob allowed the takeback: Ann's last turn is undone (2 action(s)).",
        "Ann played e1-e2. The turn is not complete yet",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(announced(&bodies), ["e1-e2"]);
}
