//! What each argument is for, in a sentence, for the places that describe an argument on its
//! own (Discord's option descriptions): the placeholder of a usage line (`N`, `global`) says
//! too little there.

use super::spec::{t, ArgKind, ArgSpec, Text};

impl ArgSpec {
    /// A description of the argument in both languages, from what it holds.
    pub fn about(&self) -> Text {
        match self.kind {
            ArgKind::Game => t!(
                "the game's id, such as k7m2p (left out: your only game here)",
                "id партии, например k7m2p (без него — ваша единственная партия здесь)"
            ),
            ArgKind::Challenge => t!(
                "the challenge's id (left out: the only one here)",
                "id вызова (без него — единственный вызов здесь)"
            ),
            ArgKind::Kind => t!(
                "which game: vorcept, yama, gridi or poi",
                "какая игра: vorcept, yama, gridi или poi"
            ),
            ArgKind::Opponents => t!(
                "the players you challenge, as @mentions (none: anyone here)",
                "кого вы вызываете, через @ (никого — любой желающий)"
            ),
            ArgKind::User => {
                t!("a player, as an @mention (left out: you)", "игрок через @ (без него — вы)")
            }
            ArgKind::Options => t!(
                "options as key=value, such as clock=1d rated=no",
                "параметры как ключ=значение, например clock=1d rated=no"
            ),
            ArgKind::Cell => t!("a cell of the board, such as c3", "клетка доски, например c3"),
            ArgKind::Actions => t!(
                "your actions in the game's notation, such as c3-c4",
                "ваши действия в нотации игры, например c3-c4"
            ),
            ArgKind::Answer => t!(
                "accept or decline (left out: make the offer)",
                "accept или decline (без ответа — сделать предложение)"
            ),
            ArgKind::Leveled("ai", _) => t!(
                "ai: play against the computer (level with ai=easy|medium|hard)",
                "ai: игра против компьютера (уровень: ai=easy|medium|hard)"
            ),
            ArgKind::Word("confirm") => t!(
                "confirm: do it now, without the confirmation button",
                "confirm: сразу, без кнопки подтверждения"
            ),
            ArgKind::Word("global") => t!(
                "global: players of every chat and platform, not only this one",
                "global: игроки всех чатов и платформ, а не только этого"
            ),
            ArgKind::Word(_) | ArgKind::Leveled(..) => {
                t!("a fixed word that switches this on", "слово, включающее эту возможность")
            }
            ArgKind::Setting(_) => t!(
                "the setting's name and its new value, such as vacation 3",
                "название настройки и её новое значение, например vacation 3"
            ),
            ArgKind::Command => {
                t!("a command's name, such as move", "название команды, например move")
            }
            ArgKind::Number => t!(
                "an action number: 0 is the start, 1 the first action",
                "номер действия: 0 — начало, 1 — первое действие"
            ),
            ArgKind::Bound("from") => {
                t!("the first action to show: from N", "первое показанное действие: from N")
            }
            ArgKind::Bound("to") => {
                t!("the last action to show: to M", "последнее показанное действие: to M")
            }
            ArgKind::Bound(_) => t!("a word and an action number", "слово и номер действия"),
            ArgKind::Topic => t!(
                "a topic of the rules (/rules <game> lists them)",
                "тема правил (список — /rules <игра>)"
            ),
        }
    }
}
