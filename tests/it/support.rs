//! Running the CLI in-process and capturing what it prints.

/// What one CLI run printed and returned.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs `tabletalk <args>` in-process.
pub fn tabletalk(args: &[&str]) -> Run {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = bot::cli::run(&args, &mut out, &mut err);
    Run { code, out: String::from_utf8(out).unwrap(), err: String::from_utf8(err).unwrap() }
}

/// The words a real shell (`sh`) makes of a `tabletalk …` command line pasted into it: the
/// command runs in an empty directory with `tabletalk` defined as a function that prints its
/// arguments one per line. Panics if the line made the shell create any file (an unquoted `>`
/// would), so what `/export` prints is proven safe to paste.
pub fn shell_words(line: &str) -> Vec<String> {
    let dir =
        std::env::temp_dir().join(format!("tabletalk-shell-{}-{}", std::process::id(), line.len()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = format!("tabletalk() {{ printf '%s\\n' \"$@\"; }}\n{line}\n");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(&dir)
        .output()
        .expect("sh runs");
    assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
    let created: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(created.is_empty(), "pasting `{line}` created files: {created:?}");
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}
