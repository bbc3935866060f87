//! Hostile Discord events through the adapter's parsing and on into the core: valid gateway
//! payloads of every shape the adapter reads (a slash command in a server and in a DM with
//! options of every type our commands use, a button press, an autocomplete request, a prefix
//! command in a server channel and in a DM), filled with texts from the command table's
//! examples or ones nobody would send, then mutated (`hostile_payloads`): fields missing,
//! values of the wrong type or size, option names unknown and option types swapped, users
//! missing from `resolved`, ids that are not snowflakes, unknown interaction and command types.
//!
//! Each payload is read by serenity's own models from the JSON text, as the gateway client
//! reads it; what serenity hands over goes where the live adapter takes it — through the gate
//! in front of poise (`gate`) and poise's dispatch ([`poise_runs`]) to the handlers'
//! translation (`incoming`), and an event on into the core. Nothing may panic, every event
//! must be answered as `crate::hostile::Bench` checks, and an autocomplete request must change
//! nothing and get an answer Discord accepts. The count is `TABLETALK_FUZZ_INPUTS` (100,000
//! by default, as CI runs it; `docs/RELIABILITY.md` records the large run).

use data::{Store, Timestamp};
use engine::Rng;
use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{CommandInteraction, CommandType, Interaction, Message, ResolvedValue, UserId};

use super::hostile_payloads::{self as payloads, Shape, BOT};
use super::options::shapes;
use super::slash::{self, suggestion};
use super::{gate, incoming};
use crate::core::{commands, Event};
use crate::hostile;
use crate::surface::reopen_direct;

/// Discord's limits on an autocomplete answer: choices, and characters in a choice.
const MAX_CHOICES: usize = 25;
const MAX_CHOICE_CHARS: usize = 100;

/// What poise 0.7 does with a command or autocomplete interaction before any of our code runs
/// (`dispatch::slash::find_matching_command`): whether it finds a slash command of that name
/// (not, it logs an unknown interaction; a subcommand in the options is not one of ours), and
/// `Err` where it panics — on a command type other than slash, user or message command
/// (`unimplemented!`), which `gate` keeps from it.
fn poise_runs(interaction: &CommandInteraction, names: &[String]) -> Result<bool, String> {
    let data = &interaction.data;
    if !names.contains(&data.name) {
        return Ok(false);
    }
    match data.kind {
        CommandType::ChatInput => {}
        CommandType::User | CommandType::Message => return Ok(false),
        other => return Err(format!("poise panics on a {other:?} command {:?}", data.name)),
    }
    let nested = data.options().iter().any(|o| {
        matches!(o.value, ResolvedValue::SubCommand(_) | ResolvedValue::SubCommandGroup(_))
    });
    Ok(!nested)
}

/// What a run heard.
#[derive(Default, Debug)]
struct Counts {
    /// Payloads serenity read.
    read: u32,
    /// Events handed to the core: all, answered, refused.
    events: u32,
    answered: u32,
    refused: u32,
    /// Autocomplete requests that reached the core, and those it had suggestions for.
    autocompletes: u32,
    suggested: u32,
}

/// The shared bench, the names poise knows, and what was heard.
struct Bench {
    base: hostile::Bench,
    names: Vec<String>,
    counts: Counts,
}

impl Bench {
    fn new(label: &str) -> Bench {
        let names = slash::commands().into_iter().map(|c| c.name.into_owned()).collect();
        Bench {
            base: hostile::Bench::new(&format!("dc-{label}")),
            names,
            counts: Counts::default(),
        }
    }

    /// Reads `payload` (of `shape`) as serenity does and hands it on as the adapter does.
    fn feed(&mut self, shape: Shape, payload: &Value, at: u64) -> Result<(), String> {
        let text = payload.to_string();
        let now = Timestamp(at);
        if shape.is_message() {
            let Ok(message) = serde_json::from_str::<Message>(&text) else { return Ok(()) };
            self.counts.read += 1;
            let content_intent = at.is_multiple_of(2);
            let me = UserId::new(BOT);
            let Some(ev) = incoming::message_event(&message, me, content_intent, now) else {
                return Ok(());
            };
            reopen_direct(&self.base.core, &ev);
            return self.answer(&ev);
        }
        let Ok(interaction) = serde_json::from_str::<Interaction>(&text) else { return Ok(()) };
        self.counts.read += 1;
        if !gate::dispatchable(&interaction) {
            return Ok(()); // turned away before poise
        }
        match interaction {
            Interaction::Command(command) => {
                if !poise_runs(&command, &self.names)? {
                    return Ok(());
                }
                match incoming::command_event(&command, &command.data.name, 0, now) {
                    Some(ev) => self.answer(&ev),
                    None => Err(format!("poise runs {:?}, the table lacks it", command.data.name)),
                }
            }
            Interaction::Autocomplete(request) => {
                if !poise_runs(&request, &self.names)? {
                    return Ok(());
                }
                self.autocomplete(&request, now)
            }
            Interaction::Component(press) => self.answer(&incoming::press_event(&press, now)),
            _ => Ok(()),
        }
    }

    fn answer(&mut self, event: &Event) -> Result<(), String> {
        let replies = self.base.answer(event)?;
        self.counts.events += 1;
        self.counts.answered += u32::from(!replies.is_empty());
        self.counts.refused += u32::from(replies.first().is_some_and(|r| r.refusal));
        Ok(())
    }

    /// An autocomplete request as poise runs it (`run_autocomplete`): the focused option,
    /// its parameter's suggestions for what was typed.
    fn autocomplete(&mut self, request: &CommandInteraction, now: Timestamp) -> Result<(), String> {
        let options = request.data.options();
        let Some((name, typed)) = options.iter().find_map(|o| match &o.value {
            ResolvedValue::Autocomplete { value, .. } => Some((o.name, *value)),
            _ => None,
        }) else {
            return Ok(());
        };
        let Some(spec) = commands::find(&request.data.name) else { return Ok(()) };
        let Some(shape) = shapes(spec).into_iter().find(|s| s.name == name) else { return Ok(()) };
        let Some(what) = suggestion(shape.arg.kind) else { return Ok(()) };
        self.counts.autocompletes += 1;
        let words = self.base.core.suggest(what, &incoming::suggest_event(request, now), typed);
        self.base.unchanged("an autocomplete request")?;
        self.counts.suggested += u32::from(!words.is_empty());
        let long = words.iter().find(|w| w.is_empty() || w.chars().count() > MAX_CHOICE_CHARS);
        if words.len() > MAX_CHOICES || long.is_some() {
            return Err(format!(
                "{} suggestions Discord refuses for {typed:?}: {long:?}",
                words.len()
            ));
        }
        Ok(())
    }
}

#[test]
fn hostile_events_never_panic_the_adapter_and_refusals_change_nothing() {
    let inputs = hostile::fuzz_inputs();
    let mut bench = Bench::new("fuzz");
    for (n, payload) in payloads::setup().iter().enumerate() {
        bench.feed(payload.0, &payload.1, 1_000 + n as u64).unwrap();
    }
    assert_eq!(bench.counts.refused, 0, "the setup's games are made");
    let mut rng = Rng::new(20_261_126);
    let mut problems = Vec::new();
    for n in 10..u64::from(inputs) + 10 {
        let (shape, payload) = payloads::hostile(n, &mut rng);
        if let Err(problem) = bench.feed(shape, &payload, 1_000 + n) {
            problems.push(problem);
        }
    }
    let c = &bench.counts;
    eprintln!("{inputs} payloads: {c:?}");
    assert!(problems.is_empty(), "{} problems, first: {:?}", problems.len(), problems.first());
    assert!(c.read > inputs / 2, "most payloads still read, so the adapter is exercised");
    assert!(c.answered > c.events / 2, "most events are answered ({c:?})");
    assert!(c.refused > inputs / 20 && c.suggested > 0, "the checks ran ({c:?})");
    assert!(bench.base.store.check_games().unwrap().is_empty(), "every game still replays");
}

#[test]
fn every_unmutated_payload_reads_as_serenitys_models() {
    let mut rng = Rng::new(7);
    for shape in payloads::SHAPES {
        for n in 1..200 {
            let text = payloads::valid(n, shape, &mut rng).to_string();
            let read = match shape.is_message() {
                true => serde_json::from_str::<Message>(&text).map(drop),
                false => serde_json::from_str::<Interaction>(&text).map(drop),
            };
            assert!(read.is_ok(), "{shape:?}: {read:?} {text}");
        }
    }
}
