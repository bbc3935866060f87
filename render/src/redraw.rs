//! Replay frames drawn over earlier ones. Consecutive frames of a replay differ in a few
//! places (the action's cells and arrows, the pills, the caption's number), yet drawing one
//! whole fills and blends every pixel of the image. Each frame is first recorded (`oplog.rs`:
//! its drawing operations, no pixels, the last action's marks among them tagged). The frame
//! without its marks (what stays on the screen, `animation.rs`) is redrawn over an earlier
//! one (handed back by the animation) where their operations differ, and nowhere else; where
//! they differ from the frame before's is where the animation compares the two. The frame
//! with its marks is only needed where they go: it is drawn there (everything, from the paper
//! up) and nowhere else, in an image kept from frame to frame. The pixels are those of the
//! frames drawn whole.

use std::collections::VecDeque;
use std::rc::Rc;

use image::RgbImage;

use crate::canvas::{recycle, Canvas, Target};
use crate::changes::BLOCK;
use crate::geom::Rect;
use crate::oplog::{differences, marks, Logged};
use crate::scene::Look;

/// A frame's operations without its marks, and its image's size.
#[derive(Debug)]
struct Recording {
    size: (u32, u32),
    ops: Vec<Logged>,
}

/// The recordings and the images kept from frame to frame.
#[derive(Debug, Default)]
pub struct Redraw {
    /// The first frame's size, the animation's: a frame of another size is drawn whole.
    first: Option<(u32, u32)>,
    /// The frame before's recording.
    previous: Option<Rc<Recording>>,
    /// The recordings of the unmarked images handed out and not given back yet, oldest first.
    out: VecDeque<Rc<Recording>>,
    /// An earlier unmarked image and its recording, to draw the next one over.
    spare: Option<(RgbImage, Rc<Recording>)>,
    /// The image the frames with marks are drawn in.
    marked: Option<RgbImage>,
}

/// A frame's image, and where it may differ from another.
#[derive(Debug)]
pub struct Drawn {
    /// The image.
    pub image: RgbImage,
    /// Disjoint rectangles outside which it is equal to the other; `None`: anywhere.
    pub changed: Option<Vec<Rect>>,
}

/// A frame drawn without the board's marks and with them.
#[derive(Debug)]
pub struct Frame {
    /// Without the marks, as drawn whole; `changed` against the frame before's.
    pub unmarked: Drawn,
    /// With the marks: right inside `changed` (whole blocks of `changes::BLOCK` columns),
    /// where it differs from `unmarked`, and nowhere else.
    pub marked: Drawn,
}

impl Redraw {
    /// The next frame; `draw` draws it in a look on a target.
    pub fn next<E>(
        &mut self,
        draw: impl Fn(Look, Target) -> Result<Canvas, E>,
    ) -> Result<Frame, E> {
        let canvas = draw(Look::Replay, Target::Record)?;
        let size = (canvas.width() as u32, canvas.height() as u32);
        let ops = canvas.into_log();
        let marks = marks(&ops, BLOCK as i32);
        let recording = Recording { size, ops: ops.into_iter().filter(|o| !o.mark).collect() };
        let first = *self.first.get_or_insert(size);
        let changed = self.previous.as_ref().and_then(|p| between(p, &recording));
        let unmarked = match self.spare.take() {
            Some((img, before)) => match between(&before, &recording) {
                Some(clips) => draw(Look::ReplayUnmarked, Target::Over(img, clips))?,
                None => {
                    recycle(img);
                    draw(Look::ReplayUnmarked, Target::Whole)?
                }
            },
            None => draw(Look::ReplayUnmarked, Target::Whole)?,
        }
        .into_image();
        let reused = self.marked.take().filter(|m| m.dimensions() == size && size == first);
        let marked = match reused {
            Some(img) => draw(Look::Replay, Target::Over(img, marks.clone()))?,
            None => draw(Look::Replay, Target::Whole)?,
        }
        .into_image();
        let recording = Rc::new(recording);
        self.out.push_back(Rc::clone(&recording));
        self.previous = Some(recording);
        Ok(Frame {
            unmarked: Drawn { image: unmarked, changed },
            marked: Drawn { image: marked, changed: Some(marks) },
        })
    }

    /// Takes back the oldest unmarked image [`Redraw::next`] gave and no call gave back yet
    /// (they come back in order; an image of another size than it was drawn is not reused),
    /// and the last marked one, to draw the next frame over.
    pub fn give_back(&mut self, unmarked: Option<RgbImage>, marked: RgbImage) {
        if let Some(img) = unmarked {
            match self.out.pop_front() {
                Some(rec) if rec.size == img.dimensions() => self.spare = Some((img, rec)),
                _ => recycle(img),
            }
        }
        self.marked = Some(marked);
    }
}

/// Where frames drawn by `a` and `b` may differ, when they are of one size.
fn between(a: &Recording, b: &Recording) -> Option<Vec<Rect>> {
    (a.size == b.size).then(|| differences(&a.ops, &b.ops)).flatten()
}

#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind, Rng};

    use super::*;
    use crate::{LastTurn, RenderRequest};

    /// The positions of a game of `count` random actions (fewer if it ends) and its actions.
    fn game(kind: GameKind, options: &[(&str, &str)], count: usize) -> (Vec<AnyGame>, Vec<String>) {
        let mut game = AnyGame::new(kind, options.iter().copied(), 7).expect("options");
        let mut rng = Rng::new(7);
        let (mut positions, mut actions) = (vec![game.clone()], Vec::new());
        while actions.len() < count {
            let legal = game.legal_actions();
            let Some(a) = rng.choose(&legal).cloned() else { break };
            actions.push(game.play(&a).expect("legal"));
            positions.push(game.clone());
        }
        (positions, actions)
    }

    /// Whether `a` and `b` are equal inside `rects` (`inside`) or outside all of them.
    fn equal(a: &RgbImage, b: &RgbImage, rects: &[Rect], inside: bool) -> bool {
        let within = |x: u32, y: u32| {
            let (x, y) = (x as i32, y as i32);
            rects.iter().any(|r| x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
        };
        a.enumerate_pixels().all(|(x, y, p)| within(x, y) != inside || p == b.get_pixel(x, y))
    }

    #[test]
    fn frames_drawn_over_earlier_ones_are_the_frames_drawn_whole_where_they_count() {
        let games: [(GameKind, &[(&str, &str)]); 5] = [
            (GameKind::Gridi, &[]),
            (GameKind::Vorcept, &[]),
            (GameKind::Yama, &[]),
            (GameKind::Poi, &[("players", "2")]),
            (GameKind::Poi, &[("players", "3")]),
        ];
        for (kind, options) in games {
            let (positions, actions) = game(kind, options, 40);
            let mut redraw = Redraw::default();
            let mut shown: Option<RgbImage> = None;
            for n in 0..positions.len() {
                let caption = format!("after action {n}");
                let last =
                    n.checked_sub(1).map(|b| LastTurn::action(positions[b].clone(), &actions[b]));
                let req = RenderRequest {
                    last: last.as_ref(),
                    status: Some(&caption),
                    ..RenderRequest::new(&positions[n])
                };
                let draw = |look, target| crate::draw_on(&req, look, target);
                let frame = redraw.next(draw).expect("drawn");
                let whole = |look| draw(look, Target::Whole).expect("drawn").into_image();
                let (unmarked, marked) = (whole(Look::ReplayUnmarked), whole(Look::Replay));
                let at = format!("{kind:?} {options:?}, frame {n}");
                assert!(frame.unmarked.image == unmarked, "{at}: unmarked");
                let marks = frame.marked.changed.expect("the marks' place");
                assert!(equal(&frame.marked.image, &marked, &marks, true), "{at}: marks");
                assert!(equal(&unmarked, &marked, &marks, false), "{at}: outside the marks");
                let before = shown.replace(frame.unmarked.image);
                redraw.give_back(before, frame.marked.image);
            }
        }
    }
}
