//! One scale for every game's rating on display. The store keeps each game's own model
//! (`data::ratings`): Glicko-2 for the two-player games (1500 ± 350 to start), Weng-Lin for
//! POI Control (μ = 25, σ = 25/3 to start). Shown side by side, `1512` beside `27` reads as a
//! mistake, so `/rating` and `/top` show Weng-Lin on the Glicko scale by the linear map that
//! sends the starting point onto the starting point and the starting uncertainty onto the
//! starting deviation:
//!
//! ```text
//! shown = 1500 + (μ − 25) · k,   shown deviation = σ · k,   k = 350 / (25/3) = 42
//! ```
//!
//! The map is increasing, so leaderboards (sorted on μ) keep their order, and it sends the
//! provisional threshold of Weng-Lin (σ above 110/350 of 25/3) exactly onto Glicko's (a
//! deviation above 110): a `?` means the same on every line. It is display only; stored
//! ratings and the models' arithmetic do not change. The numbers are comparable in feel (a
//! newcomer is 1500, a strong player well above), not across games: each game has its own
//! leaderboard.

use data::RatingModel;

use crate::core::lang::Lang;
use crate::tr;

/// A rating as shown: on the Glicko scale, with its deviation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Shown {
    /// The rating (1500 to start).
    pub rating: f64,
    /// The deviation (350 to start; above 110 the rating is provisional).
    pub deviation: f64,
}

/// Where a Glicko-2 rating starts, and its starting deviation (`data::ratings::initial`;
/// the test `every_game_starts_at_1500_with_a_deviation_of_350` holds the two together).
const GLICKO_START: (f64, f64) = (1500.0, 350.0);
/// Where a Weng-Lin rating starts: μ and σ.
const WENG_LIN_START: (f64, f64) = (25.0, 25.0 / 3.0);
/// Glicko points per unit of μ or σ: 350 / (25/3) = 42.
const POINTS_PER_UNIT: f64 = GLICKO_START.1 / WENG_LIN_START.1;

/// `model` on the Glicko scale.
pub(crate) fn shown(model: &RatingModel) -> Shown {
    match *model {
        RatingModel::Glicko2 { rating, deviation, .. } => Shown { rating, deviation },
        RatingModel::WengLin { rating, uncertainty } => {
            let k = POINTS_PER_UNIT;
            Shown {
                rating: GLICKO_START.0 + (rating - WENG_LIN_START.0) * k,
                deviation: uncertainty * k,
            }
        }
    }
}

/// The `?` marks of one reply: each provisional rating is marked, and the reply ends with a
/// line saying what the mark means if any was shown.
#[derive(Default)]
pub(crate) struct Marks {
    shown: bool,
}

impl Marks {
    /// The mark after a rating: `?` if provisional, else nothing.
    pub fn mark(&mut self, provisional: bool) -> &'static str {
        self.shown |= provisional;
        if provisional {
            "?"
        } else {
            ""
        }
    }

    /// The line explaining `?`, if a mark was shown.
    pub fn note(&self, lang: Lang) -> Option<String> {
        self.shown.then(|| {
            tr!(
                lang,
                "? = provisional: too few rated games yet for the rating to be sure (deviation above 110); it settles as more games are played. Every game is shown on one scale, 1500 to start.",
                "? — предварительный рейтинг: рейтинговых партий пока мало, и он ещё неточен (отклонение больше 110); он уточнится с новыми партиями. Рейтинги всех игр показаны в одной шкале, начало — 1500."
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use data::ratings::{initial, is_provisional, PROVISIONAL_DEVIATION, PROVISIONAL_UNCERTAINTY};
    use data::RatingModel;
    use engine::GameKind;

    use super::shown;

    fn weng_lin(mu: f64, sigma: f64) -> RatingModel {
        RatingModel::WengLin { rating: mu, uncertainty: sigma }
    }

    #[test]
    fn every_game_starts_at_1500_with_a_deviation_of_350() {
        for kind in GameKind::ALL {
            let s = shown(&initial(kind));
            assert!((s.rating - 1500.0).abs() < 1e-9, "{kind:?}: {s:?}");
            assert!((s.deviation - 350.0).abs() < 1e-9, "{kind:?}: {s:?}");
        }
    }

    #[test]
    fn glicko_ratings_are_shown_as_stored() {
        let model = RatingModel::Glicko2 { rating: 1734.4, deviation: 87.5, volatility: 0.06 };
        let s = shown(&model);
        assert_eq!((s.rating, s.deviation), (1734.4, 87.5));
    }

    #[test]
    fn weng_lin_is_shown_by_a_linear_map_of_42_points_per_unit() {
        let s = shown(&weng_lin(27.0, 5.0));
        assert!((s.rating - (1500.0 + 2.0 * 42.0)).abs() < 1e-9, "{s:?}");
        assert!((s.deviation - 5.0 * 42.0).abs() < 1e-9, "{s:?}");
    }

    #[test]
    fn the_shown_order_is_the_leaderboards_order() {
        let mus = [-3.0, 10.0, 24.9, 25.0, 25.1, 31.0, 60.0];
        let shown: Vec<f64> = mus.iter().map(|&mu| shown(&weng_lin(mu, 4.0)).rating).collect();
        assert!(shown.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
    }

    #[test]
    fn a_provisional_mark_means_a_shown_deviation_above_110_in_every_game() {
        let at = shown(&weng_lin(25.0, PROVISIONAL_UNCERTAINTY));
        assert!((at.deviation - PROVISIONAL_DEVIATION).abs() < 1e-9, "{at:?}");
        for sigma in [1.0, 2.5, 2.7, 3.0, 8.0] {
            let model = weng_lin(25.0, sigma);
            assert_eq!(is_provisional(&model), shown(&model).deviation > 110.0, "σ = {sigma}");
        }
    }
}
