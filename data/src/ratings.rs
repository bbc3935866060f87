//! The rating models, all from the `skillratings` crate (no hand-written formulas).
//!
//! - Vorcept, Yama and Gridi (two players): Glicko-2 with the crate's defaults (1500, deviation
//!   350, volatility 0.06, τ = 0.5), one game at a time as Lichess does. A rating is
//!   provisional while its deviation is above 110 (Lichess's threshold).
//! - POI Control (two to four players): Weng-Lin (the crate's defaults μ = 25, σ = 25/3,
//!   β = 25/6), every seat a team of one, ranked by the game's standings. One model per game
//!   keeps one scale per leaderboard, so a two-player POI Control game uses Weng-Lin too.
//!   Provisional while σ is above the same fraction of the starting value (110/350 of 25/3).

use engine::{GameKind, Seat};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::ids::GameId;
use crate::records::{PlayerId, RatingModel, RatingRecord, Scope, Timestamp};

/// Glicko-2 ratings with a deviation above this are provisional (Lichess).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Weng-Lin ratings with an uncertainty above this are provisional: the Glicko threshold's
/// fraction (110/350) of the starting uncertainty 25/3.
pub const PROVISIONAL_UNCERTAINTY: f64 = 25.0 / 3.0 * 110.0 / 350.0;

/// The starting rating of a player in `kind`.
pub fn initial(kind: GameKind) -> RatingModel {
    match kind {
        GameKind::Poi => {
            let r = WengLinRating::new();
            RatingModel::WengLin { rating: r.rating, uncertainty: r.uncertainty }
        }
        _ => {
            let r = Glicko2Rating::new();
            RatingModel::Glicko2 {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            }
        }
    }
}

/// Whether a rating is still provisional.
pub fn is_provisional(model: &RatingModel) -> bool {
    match *model {
        RatingModel::Glicko2 { deviation, .. } => deviation > PROVISIONAL_DEVIATION,
        RatingModel::WengLin { uncertainty, .. } => uncertainty > PROVISIONAL_UNCERTAINTY,
    }
}

/// One rated result, as the rating history keeps it: enough to recompute ratings without
/// loading the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RatedResult {
    /// The game.
    pub game: GameId,
    /// Which game kind.
    #[serde(with = "crate::records::engine_serde_kind")]
    pub kind: GameKind,
    /// The player in each seat, in seat order.
    pub players: Vec<PlayerId>,
    /// Seats from best to worst, ties grouped; every seat appears once.
    #[serde(with = "crate::records::engine_serde_groups")]
    pub standings: Vec<Vec<Seat>>,
    /// When the game finished.
    pub finished: Timestamp,
}

/// The standings of a finished game: `given` if it names every seat once, otherwise the winner
/// first and everyone else tied (or everyone tied in a draw).
pub fn standings(winner: Option<Seat>, given: &[Vec<Seat>], seat_count: usize) -> Vec<Vec<Seat>> {
    let mut named: Vec<usize> = given.iter().flatten().map(|s| s.index()).collect();
    named.sort_unstable();
    if named == (0..seat_count).collect::<Vec<_>>() && given.iter().all(|g| !g.is_empty()) {
        return given.to_vec();
    }
    match winner {
        Some(w) => vec![vec![w], Seat::all(seat_count).filter(|&s| s != w).collect()],
        None => vec![Seat::all(seat_count).collect()],
    }
}

/// The ratings after `result`, given each seat's rating before it (`None`: a new player).
/// Returns one record per seat, in seat order.
pub fn apply(
    scope: &Scope,
    result: &RatedResult,
    before: &[Option<RatingRecord>],
) -> Vec<RatingRecord> {
    let models: Vec<RatingModel> = before
        .iter()
        .map(|r| r.as_ref().map_or_else(|| initial(result.kind), |r| r.model))
        .collect();
    let after = match result.kind {
        GameKind::Poi => rate_weng_lin(&models, &result.standings),
        _ => rate_glicko2(&models, &result.standings),
    };
    after
        .into_iter()
        .enumerate()
        .map(|(i, model)| RatingRecord {
            scope: scope.clone(),
            kind: result.kind,
            player: result.players[i].clone(),
            model,
            games: before[i].as_ref().map_or(0, |r| r.games) + 1,
            provisional: is_provisional(&model),
            updated: result.finished,
        })
        .collect()
}

fn rank_of(seat: usize, standings: &[Vec<Seat>]) -> usize {
    standings.iter().position(|g| g.iter().any(|s| s.index() == seat)).unwrap_or(standings.len())
}

fn rate_glicko2(models: &[RatingModel], standings: &[Vec<Seat>]) -> Vec<RatingModel> {
    let glicko = |m: &RatingModel| match *m {
        RatingModel::Glicko2 { rating, deviation, volatility } => {
            Glicko2Rating { rating, deviation, volatility }
        }
        RatingModel::WengLin { .. } => Glicko2Rating::new(),
    };
    let (a, b) = (glicko(&models[0]), glicko(&models[1]));
    let outcome = match rank_of(0, standings).cmp(&rank_of(1, standings)) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    };
    let (a, b) = glicko2(&a, &b, &outcome, &Glicko2Config::new());
    [a, b]
        .into_iter()
        .map(|r| RatingModel::Glicko2 {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        })
        .collect()
}

fn rate_weng_lin(models: &[RatingModel], standings: &[Vec<Seat>]) -> Vec<RatingModel> {
    let ratings: Vec<[WengLinRating; 1]> = models
        .iter()
        .map(|m| match *m {
            RatingModel::WengLin { rating, uncertainty } => [WengLinRating { rating, uncertainty }],
            RatingModel::Glicko2 { .. } => [WengLinRating::new()],
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .enumerate()
        .map(|(seat, team)| (&team[..], MultiTeamOutcome::new(rank_of(seat, standings) + 1)))
        .collect();
    weng_lin_multi_team(&teams, &WengLinConfig::new())
        .into_iter()
        .map(|team| RatingModel::WengLin {
            rating: team[0].rating,
            uncertainty: team[0].uncertainty,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a 1500/200
    /// player meets 1400/30 (win), 1550/100 (loss) and 1700/300 (loss) in one rating period and
    /// ends at 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glicko2_reproduces_glickmans_worked_example() {
        let player = Glicko2Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = |rating, deviation| Glicko2Rating { rating, deviation, volatility: 0.06 };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config { tau: 0.5, ..Glicko2Config::new() };
        let after = glicko2_rating_period(&player, &results, &config);
        assert!(close(after.rating, 1464.06, 0.01), "{}", after.rating);
        assert!(close(after.deviation, 151.52, 0.01), "{}", after.deviation);
        assert!(close(after.volatility, 0.05999, 0.00001), "{}", after.volatility);
    }

    fn result(kind: GameKind, seats: usize, standings: Vec<Vec<Seat>>) -> RatedResult {
        RatedResult {
            game: GameId::from_number(1),
            kind,
            players: (0..seats)
                .map(|i| PlayerId::new(crate::records::Platform::Console, format!("p{i}")))
                .collect(),
            standings,
            finished: Timestamp(1),
        }
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).unwrap()
    }

    #[test]
    fn a_two_player_win_moves_glicko2_ratings_apart_and_stays_provisional() {
        let r = result(GameKind::Gridi, 2, vec![vec![seat(1)], vec![seat(0)]]);
        let after = apply(&Scope::Global, &r, &[None, None]);
        assert!(after[1].model.rating() > 1500.0 && after[0].model.rating() < 1500.0);
        assert!(after.iter().all(|a| a.provisional && a.games == 1));
        let draw = result(GameKind::Gridi, 2, vec![vec![seat(0), seat(1)]]);
        let after = apply(&Scope::Global, &draw, &[None, None]);
        assert!(close(after[0].model.rating(), 1500.0, 1e-9));
    }

    #[test]
    fn ratings_become_established_when_the_deviation_falls_below_110() {
        let mut before: Vec<Option<RatingRecord>> = vec![None, None];
        let mut games = 0;
        while before[0].as_ref().is_none_or(|r| r.provisional) {
            let winner = games % 2;
            let r = result(GameKind::Yama, 2, vec![vec![seat(winner)], vec![seat(1 - winner)]]);
            before = apply(&Scope::Global, &r, &before).into_iter().map(Some).collect();
            games += 1;
            assert!(games < 100);
        }
        let RatingModel::Glicko2 { deviation, .. } = before[0].as_ref().unwrap().model else {
            panic!("gridi is glicko-2")
        };
        assert!(deviation <= PROVISIONAL_DEVIATION && games > 3, "{games} {deviation}");
    }

    #[test]
    fn poi_control_rates_four_seats_by_their_standings_with_weng_lin() {
        let r =
            result(GameKind::Poi, 4, vec![vec![seat(2)], vec![seat(0), seat(3)], vec![seat(1)]]);
        let after = apply(&Scope::Global, &r, &[None, None, None, None]);
        let rating = |i: usize| after[i].model.rating();
        assert!(rating(2) > rating(0) && rating(0) > rating(1));
        assert!(close(rating(0), rating(3), 1e-9));
        assert!(matches!(after[0].model, RatingModel::WengLin { .. }));
    }

    #[test]
    fn standings_fall_back_to_the_winner_first_when_not_given_in_full() {
        let given = vec![vec![seat(1)], vec![seat(0)]];
        assert_eq!(standings(Some(seat(0)), &given, 2), given);
        assert_eq!(standings(Some(seat(2)), &[], 3), vec![vec![seat(2)], vec![seat(0), seat(1)]]);
        assert_eq!(standings(None, &[vec![seat(0)]], 2), vec![vec![seat(0), seat(1)]]);
    }
}
