//! The `tabletalk` binary: the offline CLI today; the chat bot when its core lands.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    std::process::exit(bot::cli::run(&args, &mut out, &mut err));
}
