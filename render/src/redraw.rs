//! Replay frames drawn over earlier ones. Consecutive frames of a replay differ in a few
//! places (the action's cells and arrows, the pills, the caption's number), yet drawing one
//! whole fills and blends every pixel of the image. Each frame is first recorded (`oplog.rs`:
//! its drawing operations, no pixels); where its operations differ from those of the frame
//! whose image is being reused (an earlier frame handed back), it is redrawn over that
//! image, and nowhere else. Where they differ from the frame before's is where the animation
//! compares the two images; elsewhere they are known to be equal. The pixels are those of
//! the frame drawn whole.

use std::collections::VecDeque;
use std::rc::Rc;

use image::RgbImage;

use crate::canvas::{recycle, Canvas, Target};
use crate::geom::Rect;
use crate::oplog::{differences, Logged};

/// A frame's operations and its image's size.
#[derive(Debug)]
struct Recording {
    size: (u32, u32),
    ops: Vec<Logged>,
}

/// The recordings and the image kept from frame to frame.
#[derive(Debug, Default)]
pub struct Redraw {
    /// The frame before's recording.
    previous: Option<Rc<Recording>>,
    /// The recordings of the images handed out and not given back yet, oldest first.
    out: VecDeque<Rc<Recording>>,
    /// An earlier frame's image and recording, to draw the next frame over.
    spare: Option<(RgbImage, Rc<Recording>)>,
}

/// A frame drawn.
#[derive(Debug)]
pub struct Drawn {
    /// Its image, as drawn whole.
    pub image: RgbImage,
    /// Where it may differ from the frame before (disjoint rectangles); `None`: anywhere.
    pub changed: Option<Vec<Rect>>,
}

impl Redraw {
    /// The next frame. `draw` draws it on a target; `whole` is the frame already drawn whole,
    /// if it was (the palette's samples).
    pub fn next<E>(
        &mut self,
        whole: Option<RgbImage>,
        draw: impl Fn(Target) -> Result<Canvas, E>,
    ) -> Result<Drawn, E> {
        let canvas = draw(Target::Record)?;
        let recording = Recording {
            size: (canvas.width() as u32, canvas.height() as u32),
            ops: canvas.into_log(),
        };
        let changed = self.previous.as_ref().and_then(|p| between(p, &recording));
        let spare = self.spare.take();
        let image = match (whole, spare) {
            (Some(image), spare) => {
                if let Some((img, _)) = spare {
                    recycle(img);
                }
                image
            }
            (None, Some((img, before))) => match between(&before, &recording) {
                Some(clips) => draw(Target::Over(img, clips))?.into_image(),
                None => {
                    recycle(img);
                    draw(Target::Whole)?.into_image()
                }
            },
            (None, None) => draw(Target::Whole)?.into_image(),
        };
        let recording = Rc::new(recording);
        self.out.push_back(Rc::clone(&recording));
        self.previous = Some(recording);
        Ok(Drawn { image, changed })
    }

    /// Takes back the oldest image [`Redraw::next`] gave and no call gave back yet (images
    /// come back in order), to draw the next frame over; an image of another size than it was
    /// drawn is not reused.
    pub fn give_back(&mut self, img: RgbImage) {
        match self.out.pop_front() {
            Some(rec) if rec.size == img.dimensions() => self.spare = Some((img, rec)),
            _ => recycle(img),
        }
    }
}

/// Where the last frames of `a` and `b` may differ, when they are of one size.
pub fn between_last(a: &Redraw, b: &Redraw) -> Option<Vec<Rect>> {
    between(a.previous.as_ref()?, b.previous.as_ref()?)
}

/// Where frames drawn by `a` and `b` may differ, when they are of one size.
fn between(a: &Recording, b: &Recording) -> Option<Vec<Rect>> {
    (a.size == b.size).then(|| differences(&a.ops, &b.ops)).flatten()
}
#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind, Rng};

    use super::*;
    use crate::frame::Look;
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

    #[test]
    fn every_frame_drawn_over_an_earlier_one_is_the_frame_drawn_whole() {
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
                let draw = |target| crate::draw_on(&req, Look::Replay, target);
                let frame = redraw.next(None, draw).expect("drawn");
                let whole = draw(Target::Whole).expect("drawn").into_image();
                assert!(frame.image == whole, "{kind:?} {options:?}, frame {n}");
                if let Some(before) = shown.replace(frame.image) {
                    redraw.give_back(before);
                }
            }
        }
    }
}
