//! Russian nouns after a number: "1 ход", "2 хода", "5 ходов", "21 ход", "12 ходов".

/// The form of a Russian noun that follows `n`: `one` (1, 21, 101…), `few` (2–4, 22–24…)
/// or `many` (0, 5–20, 25–30, 111–114…).
pub fn ru_form<'a>(n: usize, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_russian_noun_takes_the_form_its_number_asks_for() {
        let cases = [
            (0, "ходов"),
            (1, "ход"),
            (2, "хода"),
            (4, "хода"),
            (5, "ходов"),
            (11, "ходов"),
            (12, "ходов"),
            (14, "ходов"),
            (21, "ход"),
            (22, "хода"),
            (25, "ходов"),
            (101, "ход"),
            (111, "ходов"),
            (112, "ходов"),
            (122, "хода"),
        ];
        for (n, form) in cases {
            assert_eq!(ru_form(n, "ход", "хода", "ходов"), form, "{n}");
        }
    }
}
