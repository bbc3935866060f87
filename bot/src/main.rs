//! The `tabletalk` binary: without a command (or with `console`), the local console — no
//! platform adapters exist yet; otherwise the offline CLI.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None | Some("console") => bot::console::main(args.get(1..).unwrap_or(&[])),
        Some("--data") => bot::console::main(&args),
        _ => {
            let mut out = std::io::stdout().lock();
            let mut err = std::io::stderr().lock();
            bot::cli::run(&args, &mut out, &mut err)
        }
    };
    std::process::exit(code);
}
