//! `/help` and `/games` (`/rules` is in `rules/`). The help text itself comes from the command table
//! (`commands/listing.rs`), handed over by the table's declaration of `/help`.

use engine::{AnyGame, GameKind};

use crate::clock::PRESETS;
use crate::core::lang::game_name;
use crate::core::{Ctx, Outcome};
use crate::tr;

/// `/help [command]`: every command, or one in detail (`text`, from the command table).
pub(crate) fn help(ctx: &Ctx, text: String) -> Outcome {
    Ok(vec![ctx.say(text)])
}

/// `/games`: the games, their options with defaults, and the clocks.
pub(crate) fn games(ctx: &Ctx) -> Outcome {
    let mut lines = vec![tr!(
        ctx.lang,
        "Games (the name to type, then options as key=value):",
        "Игры (название для команд, затем параметры ключ=значение):"
    )];
    for kind in GameKind::ALL {
        let options: Vec<String> = AnyGame::option_specs(kind)
            .iter()
            .map(|spec| format!("{}={}", spec.key, spec.default))
            .collect();
        lines.push(format!(
            "{} — {}: {}",
            kind.name(),
            game_name(kind, ctx.lang),
            options.join(" ")
        ));
    }
    let presets = PRESETS.join(", ");
    lines.push(tr!(
        ctx.lang,
        "Clocks: clock={presets} (3d by default) or a bank such as clock=7d+1d<=10d. rated=no for a friendly game. autovacation=off: a timeout never spends a vacation day (for tournaments). weekends=pause: the mover's clock stops on their weekend days. POI Control takes 2–4 players.",
        "Часы: clock={presets} (по умолчанию 3d) или банк, например clock=7d+1d<=10d. rated=no — товарищеская партия. autovacation=off — нехватка времени не тратит дни отпуска (для турниров). weekends=pause — часы того, кто ходит, стоят в его выходные. В POI Control играют 2–4 человека."
    ));
    Ok(vec![ctx.say(lines.join("\n"))])
}
