//! The `tabletalk` binary: the service (`bot::service`) reads the command line and starts the
//! bot, the console or an offline command.

fn main() {
    std::process::exit(bot::service::main());
}
