//! A league's seasons, pure: from the final order of every division, who plays in which
//! division next season (`docs/bot.md`, "Leagues", states the rule).
//!
//! 1. Players who withdrew are dropped; places count among the players who stay.
//! 2. In each division but the first, the top `up` go up one division; in each division but
//!    the last, the bottom `down` go down one (in a division too small for both, going up wins).
//! 3. Everyone is put in one order: by the division they go to, then the division they came
//!    from, then their place. So a division's place left empty is taken by the best of those who
//!    would have gone below it (first the relegated), and an over-full division passes its
//!    lowest down. New entrants follow at the bottom, in entry order.
//! 4. That order is cut into divisions as close to `size` as can be: as many divisions as the
//!    players divided by `size`, rounded to the nearest (at least one), the players shared out
//!    as evenly as possible, the upper divisions taking one more where they do not divide.

/// A league's numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// The size divisions are filled to (at least 3).
    pub size: usize,
    /// How many go up from each division but the first.
    pub up: usize,
    /// How many go down from each division but the last.
    pub down: usize,
}

/// The divisions of the next season, top first, each in seeding order. `finals` are the
/// divisions just finished, each best first, every player with whether they stay in the league;
/// `newcomers` (not in `finals`) join at the bottom.
pub fn next_season<P: Clone>(
    finals: &[Vec<(P, bool)>],
    newcomers: &[P],
    rules: Rules,
) -> Vec<Vec<P>> {
    let mut order: Vec<((usize, usize, usize), P)> = Vec::new();
    for (division, finished) in finals.iter().enumerate() {
        let staying: Vec<&P> =
            finished.iter().filter(|(_, stays)| *stays).map(|(p, _)| p).collect();
        let n = staying.len();
        let (up, down) = moves(division, finals.len(), n, rules);
        for (place, player) in staying.into_iter().enumerate() {
            let goes_to = match place {
                p if p < up => division - 1,
                p if p >= n - down => division + 1,
                _ => division,
            };
            order.push(((goes_to, division, place), player.clone()));
        }
    }
    order.sort_by_key(|(key, _)| *key);
    let everyone: Vec<P> =
        order.into_iter().map(|(_, p)| p).chain(newcomers.iter().cloned()).collect();
    cut(everyone, rules.size)
}

/// How many of the `n` staying players of division `division` (from 0) of `divisions` go up
/// and down (rule 2).
pub fn moves(division: usize, divisions: usize, n: usize, rules: Rules) -> (usize, usize) {
    let up = if division > 0 { rules.up.min(n) } else { 0 };
    let down = if division + 1 < divisions { rules.down.min(n - up) } else { 0 };
    (up, down)
}

/// `players` in order, cut into divisions as close to `size` as can be (rule 4).
pub fn cut<P>(players: Vec<P>, size: usize) -> Vec<Vec<P>> {
    let n = players.len();
    if n == 0 {
        return Vec::new();
    }
    let count = ((2 * n + size) / (2 * size)).max(1);
    let (base, extra) = (n / count, n % count);
    let mut players = players.into_iter();
    (0..count).map(|d| players.by_ref().take(base + usize::from(d < extra)).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::{next_season, Rules};

    /// One case: the divisions just finished (`|` between them, each best first; a lower-case
    /// letter withdrew), the newcomers, size, up, down, and the next season's divisions.
    const CASES: &[(&str, &str, usize, usize, usize, &str)] = &[
        // Two full divisions: the last of the first and the first of the second swap.
        ("ABCD|EFGH", "", 4, 1, 1, "ABCE|DFGH"),
        ("ABCDE|FGHIJ", "", 5, 2, 2, "ABCFG|DEHIJ"),
        // The first season: everyone is new, cut in entry order.
        ("", "ABCDEFGH", 4, 1, 1, "ABCD|EFGH"),
        // Eleven for divisions of four: 11 / 4 rounds to 3 divisions, 4 4 3.
        ("", "ABCDEFGHIJK", 4, 1, 1, "ABCD|EFGH|IJK"),
        // Fourteen for divisions of ten: one division of fourteen; fifteen: two of 8 and 7.
        ("", "ABCDEFGHIJKLMN", 10, 2, 3, "ABCDEFGHIJKLMN"),
        ("", "ABCDEFGHIJKLMNO", 10, 2, 3, "ABCDEFGH|IJKLMNO"),
        // One division: nobody moves.
        ("ABC", "D", 3, 1, 1, "ABCD"),
        // A withdrawal in the top division leaves a place, taken by the best relegated (D).
        ("aBCD|EFGH", "", 4, 1, 1, "BCED|FGH"),
        // A withdrawal and a newcomer: the newcomer starts at the bottom.
        ("ABCD|EFgH", "I", 4, 1, 1, "ABCE|DFHI"),
        // Three divisions, one up and two down: the top division is short, the best relegated
        // (C) stays; the middle passes its lowest (G) down.
        ("ABCD|EFGH|IJKL", "", 4, 1, 2, "ABEC|DFIG|HJKL"),
        // A division too small for both moves: going up wins (D up, not down).
        ("ABC|D|EFG", "", 3, 1, 1, "ABDC|EFG"),
        // Uneven: five of size three make 3 and 2.
        ("ABC|DE", "", 3, 1, 1, "ABD|CE"),
        // More up than down: the top division, over-full, passes its lowest newcomer (E) back.
        ("ABC|DEF", "", 3, 2, 1, "ABD|ECF"),
        // More down than up: the best relegated (C) is reprieved to fill the top division.
        ("ABCD|EFGH", "", 4, 1, 2, "ABEC|DFGH"),
    ];

    fn divisions(text: &str) -> Vec<Vec<(char, bool)>> {
        if text.is_empty() {
            return Vec::new();
        }
        let stays = |c: char| (c.to_ascii_uppercase(), c.is_ascii_uppercase());
        text.split('|').map(|d| d.chars().map(stays).collect()).collect()
    }

    #[test]
    fn promotion_and_relegation_follow_the_stated_rule() {
        for &(finals, newcomers, size, up, down, expected) in CASES {
            let newcomers: Vec<char> = newcomers.chars().collect();
            let next = next_season(&divisions(finals), &newcomers, Rules { size, up, down });
            let next: Vec<String> = next.into_iter().map(|d| d.into_iter().collect()).collect();
            assert_eq!(
                next.join("|"),
                expected,
                "{finals} + {newcomers:?}, size {size} up {up} down {down}"
            );
        }
    }

    #[test]
    fn every_division_has_at_least_two_players_when_two_are_left() {
        for size in 3..=12 {
            for n in 2..=60 {
                let sizes: Vec<usize> =
                    super::cut((0..n).collect(), size).iter().map(Vec::len).collect();
                assert_eq!(sizes.iter().sum::<usize>(), n);
                assert!(sizes.iter().all(|&s| s >= 2), "{n} players, size {size}: {sizes:?}");
                assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1), "{sizes:?}");
            }
        }
    }
}
