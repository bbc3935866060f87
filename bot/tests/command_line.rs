//! The `tabletalk` binary's start: the generated help, a malformed setting as one line naming
//! it (exit 2), and the offline commands unchanged behind clap.

use std::process::Command;

fn tabletalk(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabletalk"));
    command.args(args).env_remove("TELEGRAM_TOKEN").env_remove("DISCORD_TOKEN");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

#[test]
fn help_lists_the_subcommands() {
    let out = tabletalk(&["--help"], &[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for sub in [
        "run",
        "console",
        "games",
        "new",
        "legal",
        "play",
        "selfplay",
        "arena",
        "render",
        "replay",
        "store",
        "completions",
    ] {
        assert!(text.contains(sub), "{sub} missing in {text}");
    }
}

#[test]
fn a_malformed_setting_is_one_line_naming_it_and_exit_2() {
    for (name, value) in [
        ("TELEGRAM_API_URL", "api.telegram.org"),
        ("TELEGRAM_TOKEN", "not-a-token"),
        ("TABLETALK_METRICS_ADDR", "everywhere"),
    ] {
        let out = tabletalk(&["run"], &[(name, value)]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(name), "{err}");
    }
}

#[test]
fn a_missing_config_file_is_named() {
    let out = tabletalk(&["--config", "/nonexistent/tabletalk.toml", "run"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("/nonexistent/tabletalk.toml"));
}

#[test]
fn offline_commands_keep_their_output_and_exit_codes() {
    let out = tabletalk(&["new", "gridi", "--seed", "42"], &[]);
    assert!(out.status.success());
    assert!(!out.stdout.is_empty());
    let out = tabletalk(&["new", "chess"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().starts_with("error: "));
    let out = tabletalk(&["frobnicate"], &[]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_help_lists_its_options() {
    let out = tabletalk(&["replay", "--help"], &[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for option in ["--out <FILE>", "--delay <MS>", "--from <N>", "--to <M>", "--lang <LANG>"] {
        assert!(text.contains(option), "{option} missing in {text}");
    }
}

#[test]
fn completions_for_bash_are_a_script_knowing_every_subcommand() {
    let out = tabletalk(&["completions", "bash"], &[]);
    assert!(out.status.success());
    let script = String::from_utf8(out.stdout).unwrap();
    assert!(script.contains("_tabletalk()"), "{script}");
    assert!(script.contains("complete -F _tabletalk"), "{script}");
    for sub in ["arena", "replay", "selfplay", "completions", "--max-turns", "vorcept"] {
        assert!(script.contains(sub), "{sub} missing in the bash script");
    }
    let out = tabletalk(&["completions", "tcsh"], &[]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn play_with_no_actions_prints_the_position_it_was_given() {
    let out = tabletalk(&["new", "gridi", "--seed", "42"], &[]);
    let position = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let out = tabletalk(&["play", "gridi", &position], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().next(), Some(position.as_str()));
}
