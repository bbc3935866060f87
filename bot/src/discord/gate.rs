//! The gate in front of poise: serenity hands every gateway event to the framework, and poise
//! 0.7 panics (`unimplemented!`, in `dispatch::slash::find_matching_command`) on an application
//! command interaction of a type other than slash, user or message command that bears one of
//! our commands' names — an entry-point command (type 4) or a type Discord adds later. Such an
//! interaction is logged and dropped here instead: we register no such command, so there is
//! nothing to answer.

use poise::serenity_prelude as serenity;
use serenity::{CommandType, Context, FullEvent, Interaction};

/// Whether poise may be handed `interaction`.
pub fn dispatchable(interaction: &Interaction) -> bool {
    match interaction {
        Interaction::Command(i) | Interaction::Autocomplete(i) => {
            matches!(i.data.kind, CommandType::ChatInput | CommandType::User | CommandType::Message)
        }
        _ => true,
    }
}

/// A framework that passes on to `F` every event but the interactions poise cannot take.
pub struct Gate<F>(pub F);

impl<F> std::fmt::Debug for Gate<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gate").finish_non_exhaustive()
    }
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Gate<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.0.init(client).await;
    }

    async fn dispatch(&self, ctx: Context, event: FullEvent) {
        if let FullEvent::InteractionCreate { interaction } = &event {
            if !dispatchable(interaction) {
                tracing::warn!(id = %interaction.id(), "dropped an interaction of a command type we do not register");
                return;
            }
        }
        self.0.dispatch(ctx, event).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The setup's first slash command (`/play`), as a command of type `kind`.
    fn command(kind: u64) -> Interaction {
        let mut payload = crate::discord::hostile_payloads::setup().remove(0).1;
        payload["data"]["type"] = json!(kind);
        serde_json::from_value(payload).unwrap()
    }

    #[test]
    fn a_command_of_a_type_poise_does_not_know_is_not_handed_to_it() {
        assert!(dispatchable(&command(1)), "a slash command goes to poise");
        for kind in [0, 4, 5, 99] {
            assert!(!dispatchable(&command(kind)), "type {kind} would panic poise");
        }
    }
}
