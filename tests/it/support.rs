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
