//! The poise commands: one per declared command and per short ASCII alias, with options from
//! `options`, descriptions in English and Russian, and autocomplete for the actions of `/move`
//! and for game ids. Every command runs the same action: the adapter's
//! [`Adapter::command`](super::Adapter::command).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse, CreateCommandOption};

use super::options::{shapes, with_choices, OptionShape};
use super::{Adapter, Error};
use crate::core::commands::AI_ARG;
use crate::core::commands::{Access, ArgKind, CommandSpec, COMMANDS};
use crate::core::Suggest;

/// The framework's view of our commands.
pub type Command = poise::Command<Arc<Adapter>, Error>;
type AppContext<'a> = poise::ApplicationContext<'a, Arc<Adapter>, Error>;
type AutocompleteCallback =
    for<'a> fn(AppContext<'a>, &'a str) -> poise::BoxFuture<'a, CreateAutocompleteResponse>;

/// Every slash command.
pub fn commands() -> Vec<Command> {
    let mut out = Vec::new();
    for spec in COMMANDS {
        out.push(command(spec, spec.name));
        for alias in spec.aliases.iter().filter(|a| a.len() <= 2 && a.is_ascii()) {
            out.push(command(spec, alias));
        }
    }
    out
}

fn command(spec: &'static CommandSpec, name: &'static str) -> Command {
    Command {
        name: name.into(),
        qualified_name: name.into(),
        identifying_name: name.into(),
        source_code_name: name.into(),
        description: Some(limit(spec.about.en).into()),
        description_localizations: vec![("ru".into(), limit(spec.about.ru).into())].into(),
        slash_action: Some(run),
        parameters: shapes(spec).into_iter().map(parameter).collect(),
        default_member_permissions: member_permissions(spec),
        ..Default::default()
    }
}

/// Who sees a command in Discord's menu by default: an administrators' command (`/void`,
/// `/config`) only members who may manage the server, as the core's check has it (a server's
/// own settings can still change this); every other command everyone.
fn member_permissions(spec: &CommandSpec) -> serenity::Permissions {
    match spec.access {
        Access::Anyone => serenity::Permissions::empty(),
        Access::Admin | Access::AdminToChange => serenity::Permissions::MANAGE_GUILD,
    }
}

/// Discord's descriptions are 1 to 100 characters.
fn limit(text: &str) -> String {
    text.chars().take(100).collect()
}

fn parameter(shape: OptionShape) -> poise::CommandParameter<Arc<Adapter>, Error> {
    let kind = shape.kind;
    poise::CommandParameter {
        name: shape.name.clone().into(),
        name_localizations: Vec::new().into(),
        description: Some(limit(shape.arg.about().en).into()),
        description_localizations: vec![("ru".into(), limit(shape.arg.about().ru).into())].into(),
        required: shape.required,
        channel_types: None,
        choices: Vec::new().into(),
        type_setter: Some(type_setter(kind, shape.arg.kind)),
        autocomplete_callback: suggestion(shape.arg.kind).map(|what| match what {
            Suggest::Actions => suggest_actions as AutocompleteCallback,
            Suggest::Games => suggest_games,
            Suggest::Cells => suggest_cells,
            Suggest::Challenges => suggest_challenges,
        }),
        __non_exhaustive: (),
    }
}

/// What an option of argument kind `arg` suggests as it is typed, if anything.
pub fn suggestion(arg: ArgKind) -> Option<Suggest> {
    match arg {
        ArgKind::Actions => Some(Suggest::Actions),
        ArgKind::Game => Some(Suggest::Games),
        ArgKind::Cell => Some(Suggest::Cells),
        ArgKind::Challenge => Some(Suggest::Challenges),
        _ => None,
    }
}

/// Sets an option's Discord type and choices (a plain function: poise keeps a pointer).
fn type_setter(
    kind: serenity::CommandOptionType,
    arg: ArgKind,
) -> fn(CreateCommandOption) -> CreateCommandOption {
    use serenity::CommandOptionType as T;
    match (kind, arg) {
        (T::User, _) => |o| o.kind(T::User),
        (T::Integer, _) => |o| o.kind(T::Integer).min_int_value(0),
        (T::Boolean, _) => |o| o.kind(T::Boolean),
        (_, ArgKind::Kind) => |o| with_choices(&KIND_ARG, o.kind(T::String)),
        (_, ArgKind::Answer) => |o| with_choices(&ANSWER_ARG, o.kind(T::String)),
        (_, ArgKind::Leveled(..)) => |o| with_choices(&AI_ARG, o.kind(T::String)),
        _ => |o| o.kind(T::String),
    }
}

const KIND_ARG: crate::core::commands::ArgSpec = crate::core::commands::ArgSpec::optional(
    crate::core::commands::t!("game", "игра"),
    ArgKind::Kind,
);
const ANSWER_ARG: crate::core::commands::ArgSpec = crate::core::commands::ArgSpec::optional(
    crate::core::commands::t!("answer", "ответ"),
    ArgKind::Answer,
);

fn run(
    ctx: AppContext<'_>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Arc<Adapter>, Error>>> {
    Box::pin(async move {
        let adapter = ctx.data().clone();
        adapter.command(ctx.serenity_context(), ctx.interaction, &ctx.command().name).await;
        Ok(())
    })
}

fn suggest_actions<'a>(
    ctx: AppContext<'a>,
    typed: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move { suggestions(ctx, typed, Suggest::Actions).await })
}

fn suggest_games<'a>(
    ctx: AppContext<'a>,
    typed: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move { suggestions(ctx, typed, Suggest::Games).await })
}

fn suggest_cells<'a>(
    ctx: AppContext<'a>,
    typed: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move { suggestions(ctx, typed, Suggest::Cells).await })
}

fn suggest_challenges<'a>(
    ctx: AppContext<'a>,
    typed: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move { suggestions(ctx, typed, Suggest::Challenges).await })
}

async fn suggestions(
    ctx: AppContext<'_>,
    typed: &str,
    what: Suggest,
) -> CreateAutocompleteResponse {
    let adapter = ctx.data().clone();
    let words = adapter.suggest(ctx.interaction, typed, what).await;
    CreateAutocompleteResponse::new()
        .set_choices(words.into_iter().map(|w| AutocompleteChoice::new(w.clone(), w)).collect())
}
