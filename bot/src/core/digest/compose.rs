//! What a digest says: every game waiting for the player's move, one line each (the game, the
//! opponents, the time left and the deadline in the player's time zone, a link to the game's
//! board where the platform gives one), and a small board of each for the image.

use data::{Activity, GameHeader, MessageOwner, PlayerProfile, Timestamp};
use engine::AnyGame;

use super::sheet::{SheetSpec, TileSpec};
use crate::clock::Weekend;
use crate::core::lang::{day_name, duration, game_name, Lang};
use crate::core::table::seating::{holder, names, still_seated};
use crate::core::{Core, Reply};
use crate::tr;

/// One game waiting for the player.
struct Waiting {
    header: GameHeader,
    game: AnyGame,
}

/// The games waiting for `profile`'s player to act, oldest first.
fn waiting(core: &Core, profile: &PlayerProfile) -> Result<Vec<Waiting>, data::StoreError> {
    let store = core.store().as_ref();
    let mut found = Vec::new();
    for id in store.games_of_player(&profile.id, Activity::Active)? {
        let Ok(Some(header)) = store.game_header(id) else { continue };
        let Ok(game) = AnyGame::from_position(header.kind, &header.position) else { continue };
        let mine = game.to_act().and_then(|s| holder(&header, s)) == Some(&profile.id);
        if header.status.is_active() && mine && still_seated(store, &header, &profile.id) {
            found.push(Waiting { header, game });
        }
    }
    Ok(found)
}

/// The digest of `profile` at `now`: its direct message and its sheet of small boards, or
/// `None` when no game waits.
pub(super) fn digest(
    core: &Core,
    profile: &PlayerProfile,
    now: Timestamp,
) -> Result<Option<(Reply, SheetSpec)>, data::StoreError> {
    let games = waiting(core, profile)?;
    if games.is_empty() {
        return Ok(None);
    }
    let lang = Lang::choose(Some(&profile.language), None);
    let zone = Weekend::new(profile.timezone.as_deref(), &[]);
    let n = games.len();
    let mut lines = vec![tr!(
        lang,
        "Your daily digest: {n} game(s) wait for your move.",
        "Ваша ежедневная сводка: ждут вашего хода партий — {n}."
    )];
    let mut tiles = Vec::new();
    for w in &games {
        let h = &w.header;
        let (id, title) = (h.id, game_name(h.kind, lang));
        let others = opponents(h, profile);
        let left = time_left(h, now, &zone, lang);
        let mut link = board_link(core, h).map(|l| format!(" {l}")).unwrap_or_default();
        if let Some(web) = core.web_links() {
            // Signed for this player alone: the digest is a direct message, and the link
            // lasts a day, until the next digest.
            let url = web.signed_page(id, &profile.id, now);
            link += &tr!(lang, " · play by taps: {url}", " · ходить касаниями: {url}");
        }
        lines.push(tr!(
            lang,
            "• {id} {title} vs {others}: {left}{link}",
            "• {id} {title} против {others}: {left}{link}"
        ));
        let short = short_left(h, now, lang);
        tiles.push(TileSpec {
            game: id,
            position: h.position.clone(),
            viewer: w.game.to_act().map(|s| s.index()),
            title: format!("{id} · {title}"),
            detail: tr!(lang, "vs {others} · {short}", "против {others} · {short}"),
        });
    }
    lines.push(tr!(
        lang,
        "/mygames lists all your games; /settings digest off stops this message.",
        "Все ваши партии: /mygames; отключить сводку: /settings digest off."
    ));
    let reply = Reply::user(&profile.id, lines.join("\n"));
    Ok(Some((reply, SheetSpec { lang: lang.code().to_string(), tiles })))
}

/// The names of the other players of `h`.
fn opponents(h: &GameHeader, profile: &PlayerProfile) -> String {
    let others: Vec<String> = names(h)
        .into_iter()
        .zip(&h.seats)
        .filter(|(_, s)| s.player() != Some(&profile.id))
        .map(|(n, _)| n)
        .collect();
    others.join(", ")
}

/// The time left and the deadline in the player's zone: "1 d 3 h left, until wed 2026-03-04
/// 12:00 (Europe/Berlin)"; "no clock".
fn time_left(h: &GameHeader, now: Timestamp, zone: &Weekend, lang: Lang) -> String {
    let Some(deadline) = h.clock_state.deadline else {
        return tr!(lang, "no clock", "без часов");
    };
    let left = duration(deadline.0.saturating_sub(now.0), lang);
    let (day, local) = zone.local(deadline);
    let day = day_name(day, lang);
    tr!(lang, "{left} left, until {day} {local}", "осталось {left}, до {day} {local}")
}

/// The time left alone, for the line under a small board.
fn short_left(h: &GameHeader, now: Timestamp, lang: Lang) -> String {
    match h.clock_state.deadline {
        Some(deadline) => {
            let left = duration(deadline.0.saturating_sub(now.0), lang);
            tr!(lang, "{left} left", "осталось {left}")
        }
        None => tr!(lang, "no clock", "без часов"),
    }
}

/// A link to the game's last board, where its platform gives one.
fn board_link(core: &Core, h: &GameHeader) -> Option<String> {
    let message = core.store().message_ref(&MessageOwner::Board(h.id)).ok().flatten()?;
    core.thread_opener(message.chat.platform)?.message_link(&message)
}
