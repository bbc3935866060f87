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
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (&["new", "chess"], "can't read `chess`: expected a game"),
        (&["new", "gridi", "--option", "nonsense=1"], "unknown option `nonsense`"),
        (&["new", "gridi", "--option", "trees=9"], "`9` is not allowed for trees"),
        (&["new", "gridi", "--option", "trees"], "write it as key=value"),
        (&["new", "gridi", "--seed", "x"], "invalid value 'x' for '--seed <N>'"),
        (&["new", "gridi", "--colour", "red"], "unexpected argument '--colour'"),
        (&["legal", "gridi"], "required arguments were not provided:\n  <POSITION>"),
        (&["legal", "gridi", "not a position"], "bad position"),
        (&["selfplay", "gridi", "--games"], "a value is required for '--games <N>'"),
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

#[test]
fn each_command_s_help_lists_its_arguments_options_and_defaults() {
    let cases: &[(&str, &[&str])] = &[
        ("games", &["Usage: tabletalk games"]),
        ("new", &["<GAME>", "--seed <N>", "--option <KEY=VALUE>", "poi:     POI Control"]),
        ("legal", &["<GAME>", "<POSITION>"]),
        ("play", &["<GAME>", "<POSITION>", "[ACTION]..."]),
        ("selfplay", &["--games <N>", "[default: 100]", "--max-actions <N>", "[default: 2000]"]),
        (
            "arena",
            &["--a <PLAYER>", "--b <PLAYER>", "random:", "hard:", "--json", "[default: 500]"],
        ),
        ("render", &["--last <ACTION>", "--out <FILE>", "[default: board.png]", "--status <TEXT>"]),
        (
            "replay",
            &[
                "<POSITION|EXPORT_FILE>",
                "--out <FILE>",
                "[default: game.gif]",
                "--delay <MS>",
                "[default: 1000]",
                "--from <N>",
                "--to <M>",
                "--viewer <N>",
                "--name <NAME>",
                "--lang <LANG>",
                "ru: Russian",
            ],
        ),
    ];
    for (command, expected) in cases {
        let run = tabletalk(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command}: {}", run.err);
        for text in *expected {
            assert!(run.out.contains(text), "`{command} --help` lacks `{text}`:\n{}", run.out);
        }
    }
}

#[test]
fn usage_errors_name_the_wrong_argument_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["new"], "required arguments were not provided:\n  <GAME>"),
        (&["replay", "chess", "x"], "invalid value 'chess' for '<GAME>'"),
        (&["selfplay", "gridi", "--games", "many"], "invalid value 'many' for '--games <N>'"),
        (&["replay", "gridi", "p", "--delay", "fast"], "invalid value 'fast' for '--delay <MS>'"),
        (
            &["arena", "gridi", "--a", "easy", "--b", "genius"],
            "invalid value 'genius' for '--b <PLAYER>'",
        ),
        (&["render", "gridi", "p", "--lang", "de"], "invalid value 'de' for '--lang <LANG>'"),
    ];
    for (args, expected) in cases {
        let run = tabletalk(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.err);
        assert!(run.err.starts_with("error: "), "{args:?}: {}", run.err);
        assert!(run.err.contains(expected), "{args:?}: `{}` lacks `{expected}`", run.err);
        assert!(run.out.is_empty(), "{args:?}: {}", run.out);
    }
}

#[test]
fn game_names_keep_their_aliases() {
    let run = tabletalk(&["new", "POI-Control", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(AnyGame::from_position(GameKind::Poi, run.out.trim()).is_ok(), "{}", run.out);
}
