//! A player's rating in one game within one scope.

use engine::GameKind;
use serde::{Deserialize, Serialize};

use super::engine_serde;
use super::identity::{PlayerId, Scope};
use super::time::Timestamp;

/// The numbers of a rating, by model (see `ratings.rs` for which game uses which).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum RatingModel {
    /// Glicko-2 (two-player games): rating, deviation and volatility on the Glicko scale.
    Glicko2 {
        /// The rating (1500 to start).
        rating: f64,
        /// The rating deviation (350 to start).
        deviation: f64,
        /// The volatility (0.06 to start).
        volatility: f64,
    },
    /// Weng-Lin (multi-player POI Control): skill mean and uncertainty.
    WengLin {
        /// The skill estimate μ (25 to start).
        rating: f64,
        /// The uncertainty σ (25/3 to start).
        uncertainty: f64,
    },
}

impl RatingModel {
    /// The number shown and sorted on.
    pub const fn rating(&self) -> f64 {
        match self {
            RatingModel::Glicko2 { rating, .. } | RatingModel::WengLin { rating, .. } => *rating,
        }
    }
}

/// A rating record: one per (scope, game, player).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RatingRecord {
    /// Where it counts.
    pub scope: Scope,
    /// Which game.
    #[serde(with = "engine_serde::kind")]
    pub kind: GameKind,
    /// Whose.
    pub player: PlayerId,
    /// The numbers.
    pub model: RatingModel,
    /// Rated games counted.
    pub games: u32,
    /// Whether the rating is still provisional (uncertainty high, as Lichess marks it with `?`).
    pub provisional: bool,
    /// When the last counted game finished.
    pub updated: Timestamp,
}
