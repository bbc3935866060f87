//! What handling one event came to, as the surfaces need it besides the replies: the command
//! as the command table names it and the game it names (for log lines and metric labels), and
//! whether it was refused. The surfaces read these here instead of parsing the line again.

use data::GameId;

use super::{parse, ChatKind, Core, Ctx, Event, Lang, Refusal, Reply};
use crate::tr;

/// The outcome of [`Core::handle_event`].
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Handled {
    /// The command run, by its name in the command table (`move` for `/m`); `None` when the
    /// line was no command, or not one the table could read.
    pub command: Option<&'static str>,
    /// The game or challenge the command named, if it named one.
    pub game: Option<GameId>,
    /// Whether the command was refused (its one reply says why; nothing was changed).
    pub refused: bool,
    /// The replies, in order.
    pub replies: Vec<Reply>,
}

impl Handled {
    /// A refusal of the command `command`, if it was read.
    fn refusal(command: Option<&'static str>, game: Option<GameId>, reply: Reply) -> Handled {
        Handled { command, game, refused: true, replies: vec![reply.refused()] }
    }
}

/// A refusal of `ev`, not run, in `words` of the sender's app language (no profile is read:
/// the store or the disk may be what is failing).
fn not_run(ev: &Event, words: fn(Lang) -> String) -> Handled {
    let lang = Lang::choose(None, ev.language.as_deref());
    Handled::refusal(None, None, Reply::chat(&ev.chat, words(lang)))
}

impl Core {
    /// The answer to an event the surface could not record as taken (its data directory cannot
    /// be written: full or gone), so it is not handled: the player hears that nothing was done
    /// and to try again, instead of silence.
    pub fn unrecorded(&self, ev: &Event) -> Handled {
        not_run(ev, |lang| {
            tr!(
            lang,
            "I can't take commands right now: my disk is failing. Nothing was done; please try again in a few minutes.",
            "Сейчас я не могу принимать команды: отказывает мой диск. Ничего не сделано; попробуйте ещё раз через несколько минут."
        )
        })
    }

    /// The answer to an event that waited too long to be run (the bot was down: it was taken
    /// before a stop and the bot came back long after): its sender may no longer want it, so
    /// it is not run and they hear to send it again.
    pub fn stale(&self, ev: &Event) -> Handled {
        not_run(ev, |lang| {
            tr!(
            lang,
            "I was down when you sent this, and it waited too long, so it was not run and nothing changed. Please send it again if you still want it.",
            "Я был недоступен, когда вы это отправили, и команда ждала слишком долго, поэтому она не выполнена и ничего не изменилось. Пожалуйста, отправьте её снова, если она ещё нужна."
        )
        })
    }

    /// Handles one event. Text that is not a command gets no reply in a group (it is people
    /// talking) and a pointer to /help in a private chat.
    pub fn handle_event(&self, ev: &Event) -> Handled {
        let me = ev.player();
        let profile = self.store.player(&me).ok().flatten();
        let lang =
            Lang::choose(profile.as_ref().map(|p| p.language.as_str()), ev.language.as_deref());
        if ev.pressed_someone_elses_button() {
            let words = tr!(
                lang,
                "This button is not yours: it answers what another player asked. Nothing was done.",
                "Эта кнопка не ваша: она отвечает на то, что спросил другой игрок. Ничего не сделано."
            );
            return Handled::refusal(None, None, Reply::chat(&ev.chat, words));
        }
        let Some(parsed) = parse(ev.line(), lang) else {
            let replies = match (ev.chat_kind, ev.line().trim().is_empty()) {
                (ChatKind::Private, false) => vec![Reply::chat(
                    &ev.chat,
                    tr!(
                        lang,
                        "Commands start with a slash: /help lists them.",
                        "Команды начинаются с косой черты: список — /help."
                    ),
                )],
                _ => Vec::new(),
            };
            return Handled { replies, ..Handled::default() };
        };
        let command = match parsed {
            Ok(parsed) => parsed,
            Err(Refusal(text)) => return Handled::refusal(None, None, Reply::chat(&ev.chat, text)),
        };
        let (name, game) = (Some(command.spec.name), command.args.game);
        let mut profile = profile;
        for attempt in 0..2 {
            let ctx = Ctx::new(self, ev, lang, profile.take(), command.spec.name);
            if attempt == 0 {
                if let Err(e) = ctx.remember_player() {
                    return Handled::refusal(name, game, ctx.say(ctx.failed(e).0));
                }
            }
            match self.dispatch(&ctx, &command) {
                Ok(replies) => return Handled { command: name, game, refused: false, replies },
                Err(_) if attempt == 0 && ctx.changed_first.get() => {
                    profile = self.store.player(&me).ok().flatten();
                }
                Err(Refusal(text)) => return Handled::refusal(name, game, ctx.say(text)),
            }
        }
        Handled { command: name, game, ..Handled::default() }
    }
}
