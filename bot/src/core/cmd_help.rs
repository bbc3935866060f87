//! `/help`, `/rules <game>` and `/games`. The help text itself comes from the command table
//! (`commands/listing.rs`).

use engine::{AnyGame, GameKind};

use super::commands::{help_text, CommandSpec};
use super::lang::{game_name, Lang};
use super::{Ctx, Outcome};
use crate::clock::PRESETS;
use crate::tr;

/// `/help [command]`: every command, or one in detail (from the command table).
pub(crate) fn help(ctx: &Ctx, command: Option<&CommandSpec>) -> Outcome {
    Ok(vec![ctx.say(help_text(command, ctx.lang))])
}

fn summary(kind: GameKind, lang: Lang) -> &'static str {
    match (kind, lang) {
        (GameKind::Vorcept, Lang::En) => "Two players on a 9×9 board with a neutral Pylon. Each leads a Host and summons Drones (short, medium, long jumpers) from a reserve; pieces leave blocks behind and are captured by enclosure. Win by capturing the enemy Host or holding three sides of the Pylon. A turn is two actions, e.g. `/move c3-c4 D1@c5`.",
        (GameKind::Vorcept, Lang::Ru) => "Двое на доске 9×9 с нейтральным Пилоном. У каждого Хост и резерв Дронов (короткие, средние, дальние прыжки); фигуры оставляют блоки, взятие — окружением. Победа — взять вражеского Хоста или занять три стороны Пилона. Ход — два действия, например `/move c3-c4 D1@c5`.",
        (GameKind::Yama, Lang::En) => "A duel in a pit of ground, lava and pillars. Each player leads a Lumena with Imps, a Gargoyle and Balors. A turn is two actions by two different pieces: steps, pushes (`d4>d5`), pulls (`c3<c5`), flights. Pieces die pinched, cornered, in lava or off a pillar. Remove the enemy Lumena to win.",
        (GameKind::Yama, Lang::Ru) => "Дуэль в яме с землёй, лавой и столбами. У каждого Люмена, Импы, Гарголь и Балоры. Ход — два действия двумя разными фигурами: шаги, толчки (`d4>d5`), притягивания (`c3<c5`), полёты. Фигуры гибнут зажатыми, в углу, в лаве или сброшенными со столба. Уберите вражескую Люмену, чтобы победить.",
        (GameKind::Gridi, Lang::En) => "A duel of two fairy-tale armies on 6×6 among four trees: Prince, Princess, Owl, Mortar and two Grids, all starting in reserve. A turn deploys (`K@c1`), moves (`c2-c3`), swaps, fires or carries. Win when your Prince reaches the centre unthreatened or the enemy Prince is attacked.",
        (GameKind::Gridi, Lang::Ru) => "Дуэль двух сказочных армий на поле 6×6 среди четырёх деревьев: Князь, Княжна, Филин, Мортира и два гридя, все в резерве. Ход — выставить (`K@c1`), пойти (`c2-c3`), поменяться местами, выстрелить или перенести. Победа — Князь в центре без угрозы или атака на вражеского Князя.",
        (GameKind::Poi, Lang::En) => "Two to four players; squads are dice on a field of tiles, each tile with four gates and a centre (`b3n`, `b3c`). Move and split squads, fight for tile centres, ship resources and build. A turn runs through phases: squads, `next`, resources, `next`, build, `end`. The last player left wins.",
        (GameKind::Poi, Lang::Ru) => "От двух до четырёх игроков; отряды — кубики на поле из тайлов, у каждого тайла четыре ворот и центр (`b3n`, `b3c`). Двигайте и делите отряды, бейтесь за центры, отправляйте ресурсы и стройте. Ход идёт по фазам: отряды, `next`, ресурсы, `next`, стройка, `end`. Побеждает последний оставшийся.",
    }
}

pub(crate) fn rules_file(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Vorcept => "vorcept",
        GameKind::Yama => "yama",
        GameKind::Gridi => "gridi",
        GameKind::Poi => "poi-control",
    }
}

/// `/rules <game>`: a short summary in our words, then where to read more.
pub(crate) fn rules(ctx: &Ctx, kind: GameKind) -> Outcome {
    let name = game_name(kind, ctx.lang);
    let body = summary(kind, ctx.lang);
    let file = rules_file(kind);
    Ok(vec![ctx.say(tr!(
        ctx.lang,
        "{name}\n{body}\nThe full rules and the notation: docs/rules/{file}.md. /hint <cell> lists a piece's legal actions.",
        "{name}\n{body}\nПолные правила и нотация: docs/rules/{file}.md. /hint <клетка> покажет допустимые действия фигуры."
    ))])
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
        "Clocks: clock={presets} (3d by default) or a bank such as clock=7d+1d<=10d. rated=no for a friendly game. POI Control takes 2–4 players.",
        "Часы: clock={presets} (по умолчанию 3d) или банк, например clock=7d+1d<=10d. rated=no — товарищеская партия. В POI Control играют 2–4 человека."
    ));
    Ok(vec![ctx.say(lines.join("\n"))])
}
