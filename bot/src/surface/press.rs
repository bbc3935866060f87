//! The rule for answering a button press, the same on every surface: a lone refusal is shown
//! to the presser alone (a Telegram alert, a Discord ephemeral message) and nothing is posted
//! for the group; a lone reply for the presser alone is shown to them alone (a Discord ephemeral
//! answer, else their direct messages); otherwise the press is acknowledged, a browsing step (a reply marked `edit`)
//! replaces the pressed message, and the other replies are posted.

use crate::core::Reply;

/// How to answer a button press.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PressAnswer {
    /// The press was refused: show this text to the presser alone; post nothing.
    Refused(String),
    /// The press is answered for the presser alone (a link signed for them): show it to them
    /// only where the platform can (a Discord ephemeral answer), else send it where it goes
    /// (their direct messages); never into the chat.
    ForPresser(Box<Reply>),
    /// The press did something: acknowledge it, make the pressed message read `edit` if there
    /// is one, and post `rest`.
    Done {
        /// The browsing step that replaces the pressed message (boxed: a reply is large).
        edit: Option<Box<Reply>>,
        /// The replies to post, in order.
        rest: Vec<Reply>,
    },
}

/// How to answer a press whose command returned `replies`.
pub fn answer_press(mut replies: Vec<Reply>) -> PressAnswer {
    if let [only] = replies.as_slice() {
        if only.refusal {
            return PressAnswer::Refused(only.text.clone());
        }
        if only.for_sender_only {
            return PressAnswer::ForPresser(Box::new(replies.remove(0)));
        }
    }
    let edit = replies.iter().position(|r| r.edit).map(|step| Box::new(replies.remove(step)));
    PressAnswer::Done { edit, rest: replies }
}
