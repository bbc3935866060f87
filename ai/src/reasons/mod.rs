//! Why a turn the search prefers is better than the turn played, in the game's own terms
//! (issue 29: "leaves your Host enclosed", "lets Red take the centre tile").
//!
//! Both turns are played from the same position, and each is answered by the next seat's
//! reply (a short fixed search, deterministic), so what the turn played gives away shows on the
//! board: a piece lost, a tile taken, a Host walled in. Each game ([`vorcept`], [`yama`],
//! [`gridi`], [`poi`]) then compares the two positions by the features its evaluation weighs
//! (`ai/src/eval/`), each difference weighed in the evaluation's own points, and the heaviest
//! one is the reason. The result is data ([`Reason`]): the bot words it in the reader's
//! language, with the game's seat names and cell notation.

mod gridi;
mod poi;
mod vorcept;
mod yama;

use std::time::Duration;

use engine::poi::{Bonus, Slot};
use engine::{AnyGame, Cell, Game, Seat, WinReason};

use crate::cancel::Cancel;
use crate::eval::Evaluate;
use crate::strength::{Pick, Settings};

/// Why the preferred turn is better, as one feature of the game that differs after each turn
/// and the reply to it. "You" is the seat that played the turn; other seats are named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The preferred turn wins at once, by `how`.
    WinsAtOnce {
        /// How it wins.
        how: WinReason,
    },
    /// After the turn played, `by` wins with its reply, by `how`.
    LetsWin {
        /// The seat that wins.
        by: Seat,
        /// How it wins.
        how: WinReason,
    },
    /// The turn played ends the game at once and `by` wins, by `how` (Vorcept: your own Host
    /// walled in, V11).
    EndsLost {
        /// The seat that wins.
        by: Seat,
        /// How.
        how: WinReason,
    },
    /// After the turn played and the reply you have `count` pieces fewer than after the
    /// preferred turn and its reply (Vorcept: Drones; Yama and Gridi: pieces).
    LosesPieces {
        /// How many.
        count: u8,
    },
    /// The preferred turn (with the reply) leaves the opponent `count` pieces fewer.
    MissesCapture {
        /// How many.
        count: u8,
    },
    /// Vorcept: after the turn played and the reply your Host on `host` has `free` empty
    /// neighbours, against `free_preferred` after the preferred turn (V9 (b), V11).
    HostEnclosed {
        /// Where your Host stands.
        host: Cell,
        /// Its empty neighbours after the turn played.
        free: u8,
        /// Its empty neighbours after the preferred turn.
        free_preferred: u8,
    },
    /// Vorcept: your Host on `host` has a piece of `by` on one side and the opposite cell
    /// empty: one arrival from a pinch (V9 (a)); not so after the preferred turn.
    HostSandwich {
        /// Where your Host stands.
        host: Cell,
        /// The seat whose piece stands next to it.
        by: Seat,
    },
    /// Vorcept: the preferred turn walls in `seat`'s Host on `host` to `free_preferred` empty
    /// neighbours; after the turn played it keeps `free`.
    EnemyHostFree {
        /// The Host's owner.
        seat: Seat,
        /// Where it stands after the turn played.
        host: Cell,
        /// Its empty neighbours after the turn played.
        free: u8,
        /// Its empty neighbours after the preferred turn.
        free_preferred: u8,
    },
    /// Vorcept: after the turn played `by` holds `sides` sides of the Pylon (three win, V12).
    LetsPylon {
        /// The seat holding them.
        by: Seat,
        /// How many sides.
        sides: u8,
    },
    /// Vorcept: the preferred turn holds `sides` sides of the Pylon.
    MissesPylon {
        /// How many sides.
        sides: u8,
    },
    /// Yama: `near` enemy pieces within two steps of your Lumena on `lumena` (Y16), more
    /// than after the preferred turn.
    LumenaApproached {
        /// Where your Lumena stands.
        lumena: Cell,
        /// Enemy pieces within two steps.
        near: u8,
    },
    /// Yama: an enemy Imp on `imp` right next to your Lumena on `lumena`: a push into a pit
    /// or off a pillar removes it.
    LumenaImpNext {
        /// Where your Lumena stands.
        lumena: Cell,
        /// Where the Imp stands.
        imp: Cell,
    },
    /// Yama: your Lumena on `lumena` has `free` empty neighbours left (a corner press or a
    /// pinch is near).
    LumenaCornered {
        /// Where your Lumena stands.
        lumena: Cell,
        /// Its empty neighbours.
        free: u8,
    },
    /// Gridi: your Prince stays `steps` steps from the centre (G17a), `steps_preferred`
    /// after the preferred turn; `prince` is `None` while it is still in the reserve.
    PrinceFar {
        /// Where your Prince stands.
        prince: Option<Cell>,
        /// Its steps to the nearest centre cell after the turn played.
        steps: u8,
        /// After the preferred turn.
        steps_preferred: u8,
    },
    /// Gridi: after the turn played `seat`'s Prince on `prince` is `steps` steps from the
    /// centre, nearer than after the preferred turn.
    EnemyPrinceNear {
        /// The Prince's owner.
        seat: Seat,
        /// Where it stands.
        prince: Cell,
        /// Its steps to the nearest centre cell.
        steps: u8,
    },
    /// Gridi: your Prince is under threat (G16), from the piece on `from`.
    PrinceThreatened {
        /// The threatening piece's cell.
        from: Option<Cell>,
    },
    /// Gridi: you control `count` Mortars fewer (G9).
    MortarsLost {
        /// How many.
        count: u8,
    },
    /// POI Control: after the turn played and the reply `by` holds the centre of tile `tile`
    /// (P5), which it does not after the preferred turn.
    TileTaken {
        /// The tile.
        tile: Cell,
        /// Its bonus, if any (P3).
        bonus: Option<Bonus>,
        /// Who holds it.
        by: Seat,
    },
    /// POI Control: after the preferred turn tile `tile` is yours (P5), after the turn played
    /// nobody's.
    TileMissed {
        /// The tile.
        tile: Cell,
        /// Its bonus, if any (P3).
        bonus: Option<Bonus>,
    },
    /// POI Control: you keep `points` squad points fewer (P8, P12).
    SquadPointsLost {
        /// How many.
        points: u8,
    },
    /// POI Control: the preferred turn destroys `points` more of the opponents' squad points.
    SquadPointsMissed {
        /// How many.
        points: u8,
    },
    /// POI Control: your squad of `value` on `slot` stands next to a larger enemy squad.
    SquadExposed {
        /// Where it stands.
        slot: Slot,
        /// Its value.
        value: u8,
    },
}

/// One feature that differs, with how much it differs in the evaluation's points.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Weighed {
    reason: Reason,
    weight: f32,
}

/// A reason lighter than this (in the evaluation's points) is not stated.
const LEAST_WEIGHT: f32 = 0.4;
/// Visits of the reply's search: the review's own depth.
const REPLY_ITERATIONS: u32 = crate::strength::REVIEW_ITERATIONS;

/// A game whose positions can be compared feature by feature.
trait Explain: Evaluate {
    /// The features that differ between `played` and `preferred` (both after the turn and
    /// its reply), for `mover`, each weighed; any order.
    fn differences(played: &Self, preferred: &Self, mover: Seat) -> Vec<Weighed>;
}

/// Why `preferred` is better than `played` for the seat to act in `before`: the heaviest
/// difference in the game's features after each turn and its reply; `None` when no feature
/// differs enough (the values alone differ) or a turn does not replay. Deterministic unless
/// `cancel` cuts a reply's search short.
pub fn reason(
    before: &AnyGame,
    played: &[String],
    preferred: &[String],
    cancel: &Cancel,
) -> Option<Reason> {
    match before {
        AnyGame::Vorcept(g) => reason_of(g, played, preferred, cancel),
        AnyGame::Yama(g) => reason_of(g, played, preferred, cancel),
        AnyGame::Gridi(g) => reason_of(g, played, preferred, cancel),
        AnyGame::Poi(g) => reason_of(g, played, preferred, cancel),
    }
}

fn reason_of<G: Explain>(
    before: &G,
    played: &[String],
    preferred: &[String],
    cancel: &Cancel,
) -> Option<Reason> {
    let mover = before.to_act()?;
    let after_preferred = after(before, preferred)?;
    if let Some(engine::Outcome::Win { winner, reason: how }) = after_preferred.outcome() {
        return (winner == mover).then_some(Reason::WinsAtOnce { how });
    }
    let after_played = after(before, played)?;
    match after_played.outcome() {
        Some(engine::Outcome::Win { winner, reason: how }) if winner != mover => {
            return Some(Reason::EndsLost { by: winner, how });
        }
        Some(_) => return None,
        None => {}
    }
    let (played, preferred) = (replied(&after_played, cancel), replied(&after_preferred, cancel));
    if let Some(engine::Outcome::Win { winner, reason: how }) = played.outcome() {
        let preferred_also_loses = preferred.outcome().is_some_and(|o| o.winner() != Some(mover));
        return (winner != mover && !preferred_also_loses)
            .then_some(Reason::LetsWin { by: winner, how });
    }
    if preferred.outcome().is_some() {
        return None;
    }
    heaviest(G::differences(&played, &preferred, mover))
}

/// The reason of the heaviest difference, if it weighs at least [`LEAST_WEIGHT`]; the first
/// listed wins a tie.
fn heaviest(found: Vec<Weighed>) -> Option<Reason> {
    found
        .into_iter()
        .filter(|w| w.weight >= LEAST_WEIGHT)
        .reduce(|best, w| if w.weight > best.weight { w } else { best })
        .map(|w| w.reason)
}

/// `game` after the actions `turn`; `None` if one does not replay.
fn after<G: Game>(game: &G, turn: &[String]) -> Option<G> {
    let mut next = game.clone();
    for text in turn {
        next.play(text).ok()?;
    }
    Some(next)
}

/// `game` after the next seat's reply: a fixed search of [`REPLY_ITERATIONS`], its best turn.
fn replied<G: Evaluate>(game: &G, cancel: &Cancel) -> G {
    let settings = Settings {
        iterations: REPLY_ITERATIONS,
        time_cap: Duration::from_secs(30),
        pick: Pick::Best,
        greedy_phases: true,
    };
    let mut next = game.clone();
    for action in crate::search_turn(game, &settings, 0, cancel) {
        if next.apply(&action).is_err() {
            break;
        }
    }
    next
}

/// A side's pieces (the Host, Lumena or Prince aside), on the board and in the reserve: how
/// many, and their worth in the evaluation's points.
#[derive(Clone, Copy, Default)]
struct Material {
    pieces: usize,
    worth: f32,
}

impl Material {
    /// Counts `n` pieces worth `value` each.
    fn add(&mut self, n: usize, value: f32) {
        self.pieces += n;
        self.worth += value * n as f32;
    }
}

/// The pieces the mover loses ([`Reason::LosesPieces`]) and the captures it misses
/// ([`Reason::MissesCapture`]): its own and the opponent's material after the turn played and
/// after the preferred turn, as `(played, preferred)`.
fn material_reasons(mine: (Material, Material), theirs: (Material, Material)) -> Vec<Weighed> {
    let lost = mine.1.pieces.saturating_sub(mine.0.pieces);
    let missed = theirs.0.pieces.saturating_sub(theirs.1.pieces);
    let mut found = Vec::new();
    if lost > 0 {
        let reason = Reason::LosesPieces { count: count(lost) };
        found.extend(weighed(reason, mine.1.worth - mine.0.worth));
    }
    if missed > 0 {
        let reason = Reason::MissesCapture { count: count(missed) };
        found.extend(weighed(reason, theirs.0.worth - theirs.1.worth));
    }
    found
}

/// A count difference as a `u8` (saturating).
fn count(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// A weighed reason, when the difference is positive.
fn weighed(reason: Reason, weight: f32) -> Option<Weighed> {
    (weight > 0.0).then_some(Weighed { reason, weight })
}

#[cfg(test)]
mod tests;
