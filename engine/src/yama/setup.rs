//! Starting a game: choosing the field (Y2) and, with `setup=auto`, a seeded legal draft of
//! both armies (Y4–Y5, C4).

use crate::core::{Rng, Seat};

use super::action::YamaAction;
use super::advice::start_zone;
use super::generate::generate;
use super::map::Map;
use super::maps::{named_map, NAMED_MAPS};
use super::options::{MapChoice, SetupMode, YamaOptions};
use super::piece::Kind;
use super::state::{Phase, Yama};

/// How many drafts `setup=auto` tries to place both whole armies before keeping the last.
const DRAFT_TRIES: usize = 20;

impl Yama {
    /// A new game: the field from the options and the seed, then setup.
    pub(crate) fn start(options: &YamaOptions, seed: u64) -> Yama {
        let mut rng = Rng::new(seed);
        let map = match options.map {
            MapChoice::Random => {
                let (name, _) = NAMED_MAPS[rng.below(NAMED_MAPS.len() as u64) as usize];
                named_map(name).expect("named maps exist")
            }
            MapChoice::Generated => generate(&mut rng, options.army.size()),
            MapChoice::Named(name) => named_map(name).expect("option names a shipped map"),
            MapChoice::Custom(map) => map,
        };
        let fresh = Yama::empty(*options, map);
        let game = match options.setup {
            SetupMode::Manual => fresh,
            SetupMode::Auto => draft(&fresh, &mut rng),
        };
        Yama { rng: rng.state(), ..game }
    }

    /// The position before setup: empty field, full reserves, player 1 to place.
    fn empty(options: YamaOptions, map: Map) -> Yama {
        Yama {
            options,
            map,
            board: [None; 256],
            reserve: [options.army.counts; 2],
            phase: Phase::Setup,
            to_move: Seat::FIRST,
            acted: None,
            rng: 0,
            outcome: None,
        }
    }
}

/// A seeded legal draft: each Lumena on its own start edge when possible, then random legal
/// placements. Keeps the first draft that places both armies whole.
fn draft(fresh: &Yama, rng: &mut Rng) -> Yama {
    let mut best = fresh.clone();
    for _ in 0..DRAFT_TRIES {
        let mut game = fresh.clone();
        while game.phase == Phase::Setup && game.outcome.is_none() {
            let legal = game.legal();
            let zone = start_zone(&game.map, game.to_move == Seat::SECOND);
            let preferred: Vec<YamaAction> = legal
                .iter()
                .filter(|a| match a {
                    YamaAction::Place { kind: Kind::Lumena, cell } => zone.contains(*cell),
                    _ => true,
                })
                .copied()
                .collect();
            let pool = if preferred.is_empty() { &legal } else { &preferred };
            let Some(action) = rng.choose(pool).copied() else { break };
            if game.play_action(&action).is_err() {
                break;
            }
        }
        let left = game.reserve.iter().flatten().map(|&n| n as usize).sum::<usize>();
        best = game;
        if left == 0 {
            break;
        }
    }
    best
}
