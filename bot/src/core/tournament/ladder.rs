//! The rules of a ladder, pure (no store, no clock): who may challenge whom, who sits first,
//! what a result does to the rungs, joining at the bottom and leaving. `docs/bot.md` states
//! them; `ladder_run` applies them to the stored event.

use data::{BoardResult, Ladder, LadderChallenge, TournamentBoard};

/// Why a challenge cannot be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refused {
    /// The challenger is not on the ladder.
    ChallengerOff,
    /// The one challenged is not on the ladder.
    DefenderOff,
    /// The one challenged is not above the challenger.
    NotAbove,
    /// The one challenged is more than `reach` rungs above.
    TooFar,
    /// The two already have a challenge open between them.
    AlreadyOpen,
    /// The challenger has `open_limit` challenges open.
    ChallengerBusy,
    /// The one challenged has `open_limit` challenges open.
    DefenderBusy,
}

/// How many challenges `entrant` has open, made and received.
pub fn open_count(ladder: &Ladder, entrant: u32) -> usize {
    ladder.open().filter(|c| c.challenger == entrant || c.defender == entrant).count()
}

/// Whether `challenger` may challenge `defender` now.
pub fn may_challenge(ladder: &Ladder, challenger: u32, defender: u32) -> Result<(), Refused> {
    let from = ladder.rung_of(challenger).ok_or(Refused::ChallengerOff)?;
    let to = ladder.rung_of(defender).ok_or(Refused::DefenderOff)?;
    if to >= from {
        return Err(Refused::NotAbove);
    }
    if from - to > ladder.reach as usize {
        return Err(Refused::TooFar);
    }
    let between = |c: &&LadderChallenge| {
        (c.challenger, c.defender) == (challenger, defender)
            || (c.challenger, c.defender) == (defender, challenger)
    };
    if ladder.open().any(|c| between(&c)) {
        return Err(Refused::AlreadyOpen);
    }
    if open_count(ladder, challenger) >= ladder.open_limit as usize {
        return Err(Refused::ChallengerBusy);
    }
    if open_count(ladder, defender) >= ladder.open_limit as usize {
        return Err(Refused::DefenderBusy);
    }
    Ok(())
}

/// How often `entrant` has sat first minus how often second in this ladder's games.
fn first_balance(ladder: &Ladder, entrant: u32) -> i64 {
    ladder
        .challenges
        .iter()
        .map(|c| match (c.board.first == entrant, c.board.second == Some(entrant)) {
            (true, _) => 1,
            (_, true) => -1,
            _ => 0,
        })
        .sum()
}

/// The seats of a new challenge `(first, second)`: whoever has sat first less often in this
/// ladder sits first; if equal, the challenger (who asked for the game).
pub fn seats(ladder: &Ladder, challenger: u32, defender: u32) -> (u32, u32) {
    if first_balance(ladder, defender) < first_balance(ladder, challenger) {
        (defender, challenger)
    } else {
        (challenger, defender)
    }
}

/// A new challenge of `defender` by `challenger`, to be played as `game`.
pub fn challenge(
    ladder: &Ladder,
    challenger: u32,
    defender: u32,
    game: data::GameId,
) -> LadderChallenge {
    let (first, second) = seats(ladder, challenger, defender);
    LadderChallenge {
        challenger,
        defender,
        board: TournamentBoard {
            first,
            second: Some(second),
            game: Some(game),
            result: None,
            forfeit: false,
            more: Vec::new(),
            places: Vec::new(),
        },
        settled: false,
    }
}

/// Whether the challenger won `c` (its result known).
pub fn challenger_won(c: &LadderChallenge) -> bool {
    let challenger_first = c.board.first == c.challenger;
    matches!(
        (c.board.result, challenger_first),
        (Some(BoardResult::FirstWins), true) | (Some(BoardResult::SecondWins), false)
    )
}

/// Applies the result of challenge `index` to the rungs and marks it settled: a challenger who
/// won swaps rungs with the one challenged (if both are still on the ladder); a draw or a loss
/// changes nothing. Whether the rungs changed.
pub fn settle(ladder: &mut Ladder, index: usize) -> bool {
    let c = &ladder.challenges[index];
    if c.settled || c.board.result.is_none() {
        return false;
    }
    let won = challenger_won(c);
    let (challenger, defender) = (c.challenger, c.defender);
    ladder.challenges[index].settled = true;
    let (Some(from), Some(to)) = (ladder.rung_of(challenger), ladder.rung_of(defender)) else {
        return false;
    };
    if !won || to >= from {
        return false;
    }
    ladder.rungs.swap(from - 1, to - 1);
    true
}

/// Puts `entrant` on the bottom rung (a newcomer, or one coming back).
pub fn join(ladder: &mut Ladder, entrant: u32) {
    if ladder.rung_of(entrant).is_none() {
        ladder.rungs.push(entrant);
    }
}

/// Takes `entrant` off the ladder; everyone below moves up a rung.
pub fn leave(ladder: &mut Ladder, entrant: u32) {
    ladder.rungs.retain(|&e| e != entrant);
}

#[cfg(test)]
mod tests {
    use super::*;
    use data::GameId;

    fn ladder(rungs: &[u32]) -> Ladder {
        Ladder { reach: 3, open_limit: 2, rungs: rungs.to_vec(), challenges: Vec::new() }
    }

    fn game(n: u64) -> GameId {
        GameId::from_number(n)
    }

    #[test]
    fn a_player_may_challenge_only_someone_above_within_reach() {
        let l = ladder(&[0, 1, 2, 3, 4, 5]);
        // (challenger, defender, verdict): entrant 5 is on rung 6.
        let cases = [
            (5, 4, Ok(())),
            (5, 2, Ok(())),
            (5, 1, Err(Refused::TooFar)),
            (2, 4, Err(Refused::NotAbove)),
            (2, 2, Err(Refused::NotAbove)),
            (9, 0, Err(Refused::ChallengerOff)),
            (1, 9, Err(Refused::DefenderOff)),
        ];
        for (challenger, defender, verdict) in cases {
            assert_eq!(may_challenge(&l, challenger, defender), verdict, "{challenger}→{defender}");
        }
    }

    #[test]
    fn open_challenges_are_limited_for_both_sides_and_one_per_pair() {
        let mut l = ladder(&[0, 1, 2, 3, 4, 5]);
        l.challenges.push(challenge(&l, 3, 1, game(1)));
        assert_eq!(may_challenge(&l, 3, 1), Err(Refused::AlreadyOpen));
        l.challenges.push(challenge(&l, 3, 2, game(2)));
        assert_eq!(may_challenge(&l, 3, 0), Err(Refused::ChallengerBusy));
        l.challenges.push(challenge(&l, 4, 2, game(3)));
        assert_eq!(may_challenge(&l, 5, 2), Err(Refused::DefenderBusy));
        // A game that ended frees its places.
        l.challenges[0].board.result = Some(BoardResult::Draw);
        assert_eq!(may_challenge(&l, 3, 0), Ok(()));
    }

    #[test]
    fn a_challenger_who_wins_swaps_rungs_and_a_draw_or_a_loss_changes_nothing() {
        // (result from the first seat's side, rungs after): entrant 3 challenges entrant 1,
        // and sits first (the balance is equal, so the challenger does).
        let cases = [
            (BoardResult::FirstWins, vec![0, 3, 2, 1]),
            (BoardResult::SecondWins, vec![0, 1, 2, 3]),
            (BoardResult::Draw, vec![0, 1, 2, 3]),
        ];
        for (result, after) in cases {
            let mut l = ladder(&[0, 1, 2, 3]);
            l.challenges.push(challenge(&l, 3, 1, game(1)));
            assert_eq!(l.challenges[0].board.first, 3);
            l.challenges[0].board.result = Some(result);
            assert_eq!(settle(&mut l, 0), after != [0, 1, 2, 3]);
            assert_eq!(l.rungs, after, "{result:?}");
            assert!(l.challenges[0].settled);
            assert!(!settle(&mut l, 0), "a result is applied once");
        }
    }

    #[test]
    fn seats_go_to_whoever_has_sat_first_less_often() {
        let mut l = ladder(&[0, 1, 2, 3]);
        l.challenges.push(challenge(&l, 2, 1, game(1)));
        l.challenges[0].board.result = Some(BoardResult::Draw);
        // Entrant 2 sat first; challenging entrant 0 (never sat), the challenger sits first
        // only if its balance is not above the other's: 2 has +1, 0 has 0.
        let c = challenge(&l, 2, 0, game(2));
        assert_eq!((c.board.first, c.board.second), (0, Some(2)));
    }

    #[test]
    fn leaving_moves_everyone_below_up_and_a_won_challenge_against_a_leaver_changes_nothing() {
        let mut l = ladder(&[0, 1, 2, 3]);
        l.challenges.push(challenge(&l, 3, 1, game(1)));
        leave(&mut l, 1);
        assert_eq!(l.rungs, vec![0, 2, 3]);
        l.challenges[0].board.result = Some(BoardResult::FirstWins);
        assert!(!settle(&mut l, 0));
        assert_eq!(l.rungs, vec![0, 2, 3]);
        join(&mut l, 1);
        join(&mut l, 1);
        assert_eq!(l.rungs, vec![0, 2, 3, 1], "a returning player starts at the bottom, once");
    }
}
