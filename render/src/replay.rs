//! Replays: an animated GIF of a game or a part of it. The first frame is the position before
//! the range (the start of the game by default), then one frame per action, the board after
//! it with that action marked and "after action N of M" under it; the last frame is held
//! longer and, at the end of a finished game, carries the result. Player names are on every
//! frame. A range longer than the frame cap is sampled (every k-th action, always the first
//! and the last), and so is a GIF that would pass the byte cap; [`Replay::sampling`] says how,
//! so a caption can tell the reader. The same request gives the same bytes.

use std::fmt;

use engine::{AnyGame, Language, Outcome, Seat};
use image::RgbImage;

use crate::animation::Animation;
use crate::canvas::{recycle, Canvas, Target};
use crate::history::{play_back, HistoryError};
use crate::last_turn::LastTurn;
use crate::oplog::{differences, Logged};
use crate::redraw::Redraw;
use crate::request::{RenderError, RenderRequest};
use crate::sampling::{plan, Sampling};
use crate::scene::Look;
use crate::shared_palette::PaletteSamples;
use crate::text::{fill, text, Key};

/// Frames of a replay by default: the start and 200 actions, so a game of 200 actions is
/// shown whole.
pub const MAX_FRAMES: usize = 201;
/// Bytes of a replay by default: under Discord's 10 MB for bots without a boost (Telegram's
/// `sendAnimation` takes 50 MB), with room to spare.
pub const MAX_BYTES: usize = 8 * 1024 * 1024;
/// The delay between frames by default, in milliseconds.
pub const DEFAULT_DELAY_MS: u32 = 1000;
/// The shortest and longest delay accepted, in milliseconds (browsers show faster GIFs slower
/// than asked).
pub const DELAY_RANGE_MS: (u32, u32) = (100, 10_000);
/// How long the last frame stays, at least, in milliseconds.
const LAST_HOLD_MS: u32 = 4000;

/// The caps of one replay.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReplayLimits {
    /// Most frames, the opening one included (below 3 it is 3: the opening frame and the
    /// range's first and last action always have one).
    pub max_frames: usize,
    /// Most bytes of the GIF.
    pub max_bytes: usize,
}

impl Default for ReplayLimits {
    fn default() -> Self {
        ReplayLimits { max_frames: MAX_FRAMES, max_bytes: MAX_BYTES }
    }
}

/// A replay to draw: a recorded game and what is drawn around it.
#[derive(Clone, Copy, Debug)]
pub struct ReplayRequest<'a> {
    /// The game's initial position.
    pub initial: &'a AnyGame,
    /// Every action of the game in order, as the store keeps them (notation, and the
    /// `leave:<seat>:<reason>` records of players who left a table of three or four).
    pub actions: &'a [String],
    /// The first action shown (from 1); `None`: the first of the game.
    pub from: Option<usize>,
    /// The last action shown; `None`: the last of the game.
    pub to: Option<usize>,
    /// Player names by seat, as in [`RenderRequest::names`].
    pub names: &'a [String],
    /// Whose side the board is seen from.
    pub viewer: Option<Seat>,
    /// The language of every word drawn.
    pub language: Language,
    /// Milliseconds between frames (within [`DELAY_RANGE_MS`]).
    pub delay_ms: u32,
    /// How the game ended when no action says it (a resignation, a timeout, an agreed draw):
    /// drawn on the last frame of a replay that reaches the game's last action.
    pub result: Option<Outcome>,
    /// The caps.
    pub limits: ReplayLimits,
}

impl<'a> ReplayRequest<'a> {
    /// The whole game, seat names, English, the default delay and caps.
    pub fn new(initial: &'a AnyGame, actions: &'a [String]) -> ReplayRequest<'a> {
        ReplayRequest {
            initial,
            actions,
            from: None,
            to: None,
            names: &[],
            viewer: None,
            language: Language::English,
            delay_ms: DEFAULT_DELAY_MS,
            result: None,
            limits: ReplayLimits::default(),
        }
    }
}

/// A finished replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The animated GIF.
    pub gif: Vec<u8>,
    /// Which actions have a frame.
    pub sampling: Sampling,
}

/// Why a replay could not be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReplayError {
    /// The range does not fit the game.
    BadRange {
        /// The first action asked for.
        from: usize,
        /// The last action asked for.
        to: usize,
        /// Actions in the game.
        total: usize,
    },
    /// The delay is outside [`DELAY_RANGE_MS`].
    BadDelay(u32),
    /// An action cannot be played back.
    Unreadable(HistoryError),
    /// Even the opening frame with the range's first and last action pass the byte cap.
    TooLarge {
        /// Bytes of the smallest replay.
        bytes: usize,
        /// The cap.
        max: usize,
    },
    /// A frame could not be drawn (a game the renderer cannot draw).
    Render(RenderError),
    /// The GIF encoder failed.
    Encode(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReplayError::BadRange { from, to, total } => {
                if total == 0 {
                    write!(f, "the game has no action yet")
                } else if from == 0 {
                    write!(f, "actions are counted from 1, not from 0")
                } else if from > to {
                    write!(f, "the range starts at action {from} after it ends at action {to}")
                } else {
                    let (last, s) = (from.max(to), if total == 1 { "" } else { "s" });
                    write!(f, "the game has {total} action{s}, so there is no action {last}")
                }
            }
            ReplayError::BadDelay(ms) => {
                let (lo, hi) = DELAY_RANGE_MS;
                write!(f, "the delay must be {lo} to {hi} ms, not {ms}")
            }
            ReplayError::Unreadable(ref e) => e.fmt(f),
            ReplayError::TooLarge { bytes, max } => {
                write!(f, "the replay would take {bytes} bytes even with three frames (cap {max})")
            }
            ReplayError::Render(ref e) => e.fmt(f),
            ReplayError::Encode(ref why) => write!(f, "could not encode the replay: {why}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<gif::EncodingError> for ReplayError {
    fn from(e: gif::EncodingError) -> Self {
        ReplayError::Encode(e.to_string())
    }
}

/// Draws the replay of `req` as an animated GIF.
pub fn replay(req: &ReplayRequest<'_>) -> Result<Replay, ReplayError> {
    let (lo, hi) = DELAY_RANGE_MS;
    if !(lo..=hi).contains(&req.delay_ms) {
        return Err(ReplayError::BadDelay(req.delay_ms));
    }
    let total = req.actions.len();
    let (from, to) = range(req.from, req.to, total)?;
    // Only the actions up to the range's end are played back.
    let steps = play_back(req.initial, &req.actions[..to]).map_err(ReplayError::Unreadable)?;
    let mut positions = vec![req.initial.clone()];
    let mut actions: Vec<String> = vec![String::new()];
    for step in steps {
        positions.push(step.after);
        actions.push(step.action);
    }
    if let (Some(result), true) = (req.result, to == total) {
        if let Some(last) = positions.last_mut().filter(|g| g.outcome().is_none()) {
            last.set_outcome(result);
        }
    }
    let frames = Frames { req, positions: &positions, actions: &actions };
    let mut min_step = 1;
    loop {
        let sampling = plan(total, from, to, req.limits.max_frames, min_step);
        let gif = frames.encode(&sampling)?;
        if gif.len() <= req.limits.max_bytes {
            return Ok(Replay { gif, sampling });
        }
        // The opening frame and the range's first and last action are always shown.
        if sampling.shown.len() <= 2 {
            return Err(ReplayError::TooLarge { bytes: gif.len(), max: req.limits.max_bytes });
        }
        // Too large: fewer frames, deterministically.
        min_step = (sampling.step * 2).min(to - from + 1);
    }
}

/// The range `from..=to` of a game of `total` actions, checked; `(1, 0)` for a game without
/// actions and no range asked.
fn range(
    from: Option<usize>,
    to: Option<usize>,
    total: usize,
) -> Result<(usize, usize), ReplayError> {
    let (f, t) = (from.unwrap_or(1), to.unwrap_or(total));
    let bad = ReplayError::BadRange { from: f, to: t, total };
    if total == 0 && from.is_none() && to.is_none() {
        return Ok((1, 0));
    }
    if f == 0 || f > t || t > total {
        return Err(bad);
    }
    Ok((f, t))
}

/// The positions of a replay and how each frame is drawn.
struct Frames<'r> {
    req: &'r ReplayRequest<'r>,
    /// The position after each action of the game up to the range's end (0: the initial one).
    positions: &'r [AnyGame],
    /// Each action as played (0: none).
    actions: &'r [String],
}

impl Frames<'_> {
    /// The frame after action `n` (the opening frame for `n = from - 1`) on `target`.
    fn draw(
        &self,
        n: usize,
        sampling: &Sampling,
        look: Look,
        target: Target,
    ) -> Result<Canvas, ReplayError> {
        let req = self.req;
        let lang = req.language;
        let mut caption = if n == 0 {
            text(Key::ReplayStart, lang).to_string()
        } else {
            fill(Key::ReplayAfter, lang, &[&n, &sampling.total])
        };
        if sampling.is_sampled() {
            caption.push_str(&fill(Key::ReplayEvery, lang, &[&sampling.step]));
        }
        let last = (n >= sampling.from && n > 0)
            .then(|| LastTurn::action(self.positions[n - 1].clone(), self.actions[n].as_str()));
        let request = RenderRequest {
            game: &self.positions[n],
            last: last.as_ref(),
            viewer: req.viewer,
            names: req.names,
            status: Some(&caption),
            language: lang,
        };
        crate::draw_on(&request, look, target).map_err(ReplayError::Render)
    }

    /// The GIF of the frames `sampling` chooses.
    fn encode(&self, sampling: &Sampling) -> Result<Vec<u8>, ReplayError> {
        let numbers: Vec<usize> =
            std::iter::once(sampling.from - 1).chain(sampling.shown.iter().copied()).collect();
        // The palette comes from a few frames spread over the replay, the first and last among
        // them.
        // Each is drawn over the one before where their operations differ (`redraw.rs`).
        let mut samples = PaletteSamples::default();
        let mut size = None;
        let mut before: Option<(RgbImage, Vec<Logged>)> = None;
        for i in spread(numbers.len(), 6) {
            let n = numbers[i];
            let ops = self.draw(n, sampling, Look::Replay, Target::Record)?.into_log();
            let clips = before.as_ref().and_then(|(_, was)| differences(was, &ops));
            let target = match (before.take(), &clips) {
                (Some((img, _)), Some(clips)) => {
                    samples.take_out(&img, clips);
                    Target::Over(img, clips.clone())
                }
                (Some((img, _)), None) => {
                    recycle(img);
                    Target::Whole
                }
                (None, _) => Target::Whole,
            };
            let img = self.draw(n, sampling, Look::Replay, target)?.into_image();
            match &clips {
                Some(clips) => samples.put_in(&img, clips),
                None => samples.add(&img),
            }
            size.get_or_insert(img.dimensions());
            before = Some((img, ops));
        }
        if let Some((img, _)) = before {
            recycle(img);
        }
        let (w, h) = size.unwrap_or((1, 1));
        let mut gif = Animation::new(w, h, samples.palette())?;
        let delay = (self.req.delay_ms / 10).max(1) as u16;
        let hold = (self.req.delay_ms.max(LAST_HOLD_MS) / 10) as u16;
        // Each frame is drawn without the board's marks and with them, over earlier ones where
        // they differ (`redraw.rs`).
        let mut redraw = Redraw::default();
        for (i, &n) in numbers.iter().enumerate() {
            let frame = redraw.next(|look, target| self.draw(n, sampling, look, target))?;
            let last = i + 1 == numbers.len();
            let shown = if last { hold } else { delay };
            let (before, marked) = gif.push(frame.unmarked, frame.marked, shown)?;
            redraw.give_back(before, marked);
        }
        Ok(gif.finish()?)
    }
}

/// Up to `k` indices of `0..n` spread evenly, the first and the last among them.
fn spread(n: usize, k: usize) -> Vec<usize> {
    if n <= k {
        return (0..n).collect();
    }
    let mut out: Vec<usize> = (0..k).map(|i| i * (n - 1) / (k - 1)).collect();
    out.dedup();
    out
}
