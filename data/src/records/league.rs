//! A league (issue 30): seasons of divisions with promotion and relegation. The league is an
//! event of format [`TournamentFormat::League`](super::TournamentFormat::League) whose record
//! carries this state; each division of a season is an ordinary round robin event of its own in
//! the same chat, named [`League::division_name`], so its pairing, games, standings and exactly
//! once come from the round robin. The league's own entrants ([`super::Tournament::entries`])
//! are every member ever entered; a withdrawn one is marked there.

use serde::{Deserialize, Serialize};

use super::identity::PlayerId;

/// A league's settings and where its seasons are.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct League {
    /// The size a division is filled to.
    pub size: u32,
    /// How many of each division but the first go up after a season.
    pub up: u32,
    /// How many of each division but the last go down after a season.
    pub down: u32,
    /// The season being played, from 1; 0 before the first.
    #[serde(default)]
    pub season: u32,
    /// The divisions of the season being played, the first (top) first; each lists its players
    /// in the order they are seeded (the order of the division's entrants).
    #[serde(default)]
    pub divisions: Vec<Vec<PlayerId>>,
}

impl League {
    /// The name of division `division` (from 1) of season `season` of the league `league`:
    /// `<league>-s<season>-d<division>`.
    pub fn division_name(league: &str, season: u32, division: usize) -> String {
        format!("{league}-s{season}-d{division}")
    }

    /// Whether `name` has the form of a division's name (so no event created by hand takes it).
    pub fn is_division_name(name: &str) -> bool {
        let name = name.to_lowercase();
        let Some((rest, division)) = name.rsplit_once("-d") else { return false };
        let Some((_, season)) = rest.rsplit_once("-s") else { return false };
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        digits(division) && digits(season)
    }

    /// The division (from 0) `player` plays in this season, if any.
    pub fn division_of(&self, player: &PlayerId) -> Option<usize> {
        self.divisions.iter().position(|d| d.contains(player))
    }
}

#[cfg(test)]
mod tests {
    use super::League;
    use crate::records::{ChatRef, ClockSettings, Platform, PlayerId, Timestamp, Tournament};
    use crate::records::{TournamentFormat, TournamentState};

    fn event(league: Option<League>) -> Tournament {
        Tournament {
            chat: ChatRef { platform: Platform::Console, chat: "c".into(), community: None },
            name: "Liga".into(),
            kind: engine::GameKind::Gridi,
            options: vec![],
            clock: ClockSettings::None,
            format: TournamentFormat::League,
            rounds: 0,
            max_players: None,
            starts: None,
            rated: true,
            vacation: true,
            state: TournamentState::Open,
            created_by: PlayerId::new(Platform::Console, "ada"),
            created: Timestamp(1),
            entries: vec![],
            played: vec![],
            table_size: None,
            ladder: None,
            league,
        }
    }

    #[test]
    fn an_event_stored_before_leagues_reads_without_league_state_and_a_league_round_trips() {
        let mut old = serde_json::to_value(event(None)).unwrap();
        old.as_object_mut().unwrap().remove("league");
        let read: Tournament = serde_json::from_value(old).unwrap();
        assert_eq!(read.league, None);
        let league = League { size: 10, up: 2, down: 3, season: 2, divisions: vec![vec![]] };
        let stored = serde_json::to_vec(&event(Some(league.clone()))).unwrap();
        let read: Tournament = serde_json::from_slice(&stored).unwrap();
        assert_eq!(read.league, Some(league));
    }

    #[test]
    fn division_names_are_recognised_whatever_the_league_is_called() {
        assert_eq!(League::division_name("Liga-1", 2, 3), "Liga-1-s2-d3");
        assert!(League::is_division_name("Liga-1-s2-d3"));
        assert!(League::is_division_name("x-S10-D1"));
        assert!(!League::is_division_name("Liga-s2"));
        assert!(!League::is_division_name("Liga-sx-d1"));
        assert!(!League::is_division_name("Spring"));
    }
}
