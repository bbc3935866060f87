//! The three strengths, defined by search iterations (reproducible) with a wall-clock cap that
//! only cuts a search short on a slow or busy machine.

use std::time::Duration;

use engine::GameKind;

/// How deep a game's review (`review.rs`) and its reasons (`reasons/`) look: visits per
/// position.
pub const REVIEW_ITERATIONS: u32 = 300;

/// How strongly the AI plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Strength {
    /// Quick, and makes human-like mistakes: a small search, then a weighted draw among its
    /// few best-looking actions. Never an action the search saw as clearly worse.
    Easy,
    /// A real search, a tenth of `Hard`'s; always plays its best action.
    Medium,
    /// The full search, at most 2 seconds of one core per turn.
    Hard,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Hard];

    /// The word used in commands: `easy`, `medium`, `hard`.
    pub const fn word(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Hard => "hard",
        }
    }

    /// The strength for a word written by [`Strength::word`].
    pub fn parse(word: &str) -> Option<Strength> {
        Strength::ALL.into_iter().find(|s| s.word().eq_ignore_ascii_case(word.trim()))
    }

    /// The search behind the strength in a game of `kind`. Iterations are scaled per game so
    /// that a strength costs about the same time in each: an iteration of Gridi (6×6
    /// bitboards) costs a tenth of one of Yama (maps, pulls, pushes and carries), and POI
    /// Control's turns are many actions long and its evaluation searches the slots.
    pub fn settings_for(self, kind: GameKind) -> Settings {
        let mut settings = self.settings();
        let (numerator, denominator) = match (kind, self) {
            (GameKind::Vorcept, _) => (2, 1),
            (GameKind::Yama, _) => (3, 4),
            (GameKind::Gridi, _) => (5, 1),
            // `hard` plays the resource and build phases as one forced line (`greedy_phases`),
            // so its visits cost less: at ×¼ it used a third of its budget (p50 ≈ 0.5 s).
            (GameKind::Poi, Strength::Hard) => (3, 5),
            (GameKind::Poi, _) => (1, 4),
        };
        settings.iterations = settings.iterations * numerator / denominator;
        settings
    }

    /// The search behind the strength, before the per-game scale of [`Strength::settings_for`].
    pub const fn settings(self) -> Settings {
        match self {
            Strength::Easy => Settings {
                iterations: 60,
                time_cap: Duration::from_millis(90),
                pick: Pick::Softmax { top: 3, temperature: 0.04, tolerance: 0.12 },
                greedy_phases: false,
            },
            Strength::Medium => Settings {
                iterations: 1_000,
                time_cap: Duration::from_millis(1_000),
                pick: Pick::Best,
                greedy_phases: false,
            },
            Strength::Hard => Settings {
                iterations: 10_000,
                time_cap: Duration::from_millis(1_750),
                pick: Pick::Best,
                greedy_phases: true,
            },
        }
    }
}

/// What a search may spend and how it chooses among its findings.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Settings {
    /// Visits of the root for the first action of a turn; each later action of the same turn
    /// searches until its root (kept from the previous search) has half as many.
    pub iterations: u32,
    /// The most wall-clock time for the whole turn. Within it the result depends only on the
    /// position, the seed and `iterations`; the cap only ever cuts a search short.
    pub time_cap: Duration,
    /// How the action is chosen from the searched root.
    pub pick: Pick,
    /// Whether the search keeps only the evaluation's best action where the game marks a part
    /// of the turn as greedy ([`crate::eval::Evaluate::greedy_here`]: POI Control's resource
    /// and build phases), spending its budget on the rest. Only `hard` does: with `medium`'s
    /// smaller budget it made `medium` weaker than `easy` in POI Control (44 % of 200 games;
    /// 60 % without, `docs/AI.md`); `easy` searches everything, its mistakes coming from its
    /// small budget.
    pub greedy_phases: bool,
}

/// How an action is chosen from the root's children.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Pick {
    /// The most visited action (ties: the better mean).
    Best,
    /// A draw among the `top` most visited actions, weighted by `exp(mean / temperature)`,
    /// leaving out any whose mean is more than `tolerance` below the best one's: plausible
    /// mistakes, never a blunder the search saw.
    Softmax {
        /// How many candidates.
        top: usize,
        /// The softmax temperature on values in `0..=1`.
        temperature: f32,
        /// How much worse than the best a candidate may look.
        tolerance: f32,
    },
}
