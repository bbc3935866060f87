use engine::{AnyGame, GameKind};

use crate::support::tabletalk;

#[test]
fn games_lists_every_game_with_its_options_and_defaults() {
    let run = tabletalk(&["games"]);
    assert_eq!(run.code, 0, "{}", run.err);
    for kind in GameKind::ALL {
        assert!(run.out.contains(&format!("game {} ", kind.name())), "{}", run.out);
        for spec in AnyGame::option_specs(kind) {
            let line =
                format!("  option {} default={} allowed={}", spec.key, spec.default, spec.allowed);
            assert!(run.out.contains(&line), "missing `{line}`");
        }
    }
}

#[test]
fn new_with_a_seed_is_deterministic_and_loads_back() {
    for kind in GameKind::ALL {
        let a = tabletalk(&["new", kind.name(), "--seed", "42"]);
        let b = tabletalk(&["new", kind.name(), "--seed", "42"]);
        assert_eq!(a.code, 0, "{}", a.err);
        assert_eq!(a.out, b.out);
        let position = a.out.trim();
        assert_eq!(AnyGame::from_position(kind, position).unwrap().position(), position);
    }
}

#[test]
fn legal_then_play_each_listed_action_succeeds_with_a_status_line() {
    for kind in GameKind::ALL {
        let position = tabletalk(&["new", kind.name(), "--seed", "3"]).out.trim().to_string();
        let legal = tabletalk(&["legal", kind.name(), &position]);
        assert_eq!(legal.code, 0, "{}", legal.err);
        let actions: Vec<&str> = legal.out.lines().collect();
        assert!(!actions.is_empty());
        for action in actions {
            let run = tabletalk(&["play", kind.name(), &position, action]);
            assert_eq!(run.code, 0, "{action}: {}", run.err);
            let lines: Vec<&str> = run.out.lines().collect();
            assert_eq!(lines.len(), 2, "{}", run.out);
            assert!(
                lines[1].starts_with("to-act ") || lines[1].starts_with("over "),
                "{}",
                lines[1]
            );
        }
    }
}

#[test]
fn play_reports_which_action_failed_and_why_and_exits_1() {
    for kind in GameKind::ALL {
        let position = tabletalk(&["new", kind.name(), "--seed", "3"]).out.trim().to_string();
        let first =
            tabletalk(&["legal", kind.name(), &position]).out.lines().next().unwrap().to_string();
        let run = tabletalk(&["play", kind.name(), &position, &first, "zz9"]);
        assert_eq!(run.code, 1);
        assert!(run.out.is_empty(), "nothing is printed on stdout for a refused line");
        assert!(run.err.starts_with("error: action 2 `zz9`: can't read `zz9`"), "{}", run.err);
    }
}

#[test]
fn bad_usage_names_what_is_wrong_and_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["frobnicate"], "unknown command `frobnicate`"),
        (&["new", "chess"], "can't read `chess`: expected a game"),
        (&["new", "gridi", "--option", "nonsense=1"], "unknown option `nonsense`"),
        (&["new", "gridi", "--option", "trees=9"], "`9` is not allowed for trees"),
        (&["new", "gridi", "--option", "trees"], "write it as key=value"),
        (&["new", "gridi", "--seed", "x"], "`--seed` takes a whole number"),
        (&["new", "gridi", "--colour", "red"], "unknown flag `--colour`"),
        (&["legal", "gridi"], "usage: tabletalk legal"),
        (&["legal", "gridi", "not a position"], "bad position"),
        (&["selfplay", "gridi", "--games"], "`--games` needs a value"),
    ];
    for (args, expected) in cases {
        let run = tabletalk(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.err);
        assert!(run.err.contains(expected), "{args:?}: `{}` lacks `{expected}`", run.err);
    }
}

#[test]
fn selfplay_prints_stable_statistics_lines() {
    for kind in GameKind::ALL {
        let run = tabletalk(&["selfplay", kind.name(), "--games", "20", "--seed", "5"]);
        assert_eq!(run.code, 0, "{}", run.err);
        let keys: Vec<&str> = run.out.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(
            &keys[..5],
            ["games", "actions", "mean-length", "seconds", "actions-per-second"]
        );
        assert!(run.out.starts_with("games 20\n"));
        let ended: usize = run
            .out
            .lines()
            .filter_map(|l| l.strip_prefix("end "))
            .map(|l| l.rsplit(' ').next().unwrap().parse::<usize>().unwrap())
            .sum();
        assert_eq!(ended, 20, "every game is counted under one end");
        assert!(!run.out.contains("end stuck"), "{}", run.out);
    }
}

#[test]
fn the_cli_function_without_a_command_points_to_the_console() {
    let run = tabletalk(&[]);
    assert_eq!(run.code, 2);
    assert!(run.err.contains("tabletalk console"), "{}", run.err);
}
