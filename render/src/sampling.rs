//! Which actions a replay shows: a range of the game's actions, every k-th of them when the
//! range has more actions than the frame cap allows, always keeping the first and the last.

/// How a replay was sampled: what a caption needs to say ("every 3rd action", "actions 10 to
/// 60 of 120").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sampling {
    /// Actions in the whole game.
    pub total: usize,
    /// The first action of the range (from 1), or `total + 1` for an empty range.
    pub from: usize,
    /// The last action of the range (0 when the game has no action).
    pub to: usize,
    /// One action in `step` is shown (1: every action).
    pub step: usize,
    /// The actions shown, in order, one frame each after the opening frame (the position
    /// before `from`).
    pub shown: Vec<usize>,
}

impl Sampling {
    /// Frames in the replay: the opening position and one per shown action.
    pub fn frames(&self) -> usize {
        self.shown.len() + 1
    }

    /// Whether some actions of the range have no frame.
    pub fn is_sampled(&self) -> bool {
        self.step > 1
    }

    /// Whether the replay covers the whole game.
    pub fn is_whole_game(&self) -> bool {
        self.from <= 1 && self.to == self.total
    }
}

/// The actions `from..=to` of a game of `total` actions, every `step`-th, and `to`.
fn shown(from: usize, to: usize, step: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (from..=to).step_by(step.max(1)).collect();
    if out.last().is_some_and(|&last| last != to) {
        out.push(to);
    }
    out
}

/// The sampling of the range `from..=to` (already checked: `1 <= from <= to <= total`, or an
/// empty game) with the smallest step that fits `max_frames` frames, starting the search at
/// `min_step`. The opening frame and the range's first and last action always have a frame,
/// so a cap under 3 gives 3 frames.
pub fn plan(total: usize, from: usize, to: usize, max_frames: usize, min_step: usize) -> Sampling {
    let count = to.saturating_sub(from) + usize::from(to >= from && to > 0);
    let mut step = min_step.max(1);
    // Frames for a step: the opening one, one per k-th action, and the last action.
    let frames =
        |step: usize| 1 + count.div_ceil(step) + usize::from(!(count - 1).is_multiple_of(step));
    // At a step of `count` only the first and the last action are left.
    while count > 0 && step < count && frames(step) > max_frames {
        step += 1;
    }
    let shown = if count == 0 { Vec::new() } else { shown(from, to, step) };
    Sampling { total, from, to, step, shown }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_under_the_cap_shows_every_action() {
        let s = plan(40, 1, 40, 201, 1);
        assert_eq!((s.step, s.frames()), (1, 41));
        assert_eq!(s.shown, (1..=40).collect::<Vec<_>>());
        assert!(s.is_whole_game() && !s.is_sampled());
    }

    #[test]
    fn a_long_range_is_sampled_keeping_the_first_and_the_last_action() {
        for (total, cap) in [(500, 201), (401, 201), (1000, 60), (7, 3), (2, 2), (9, 1)] {
            let s = plan(total, 1, total, cap, 1);
            assert!(s.frames() <= cap.max(3), "{total} actions, cap {cap}: {} frames", s.frames());
            assert_eq!(s.shown.first(), Some(&1));
            assert_eq!(s.shown.last(), Some(&total));
            assert!(s.shown.windows(2).all(|w| w[0] < w[1] && w[1] - w[0] <= s.step));
            // The smallest step that fits.
            if s.step > 1 {
                let finer = shown(1, total, s.step - 1);
                assert!(finer.len() + 1 > cap, "{total}, {cap}: step {} not minimal", s.step);
            }
        }
        let s = plan(500, 1, 500, 201, 1);
        assert_eq!(s.step, 3);
        assert_eq!(&s.shown[..3], [1, 4, 7]);
        assert_eq!(&s.shown[s.shown.len() - 2..], [499, 500]);
    }

    #[test]
    fn a_part_of_a_game_and_an_empty_game() {
        let s = plan(120, 10, 60, 201, 1);
        assert_eq!((s.shown.len(), s.shown[0], s.to), (51, 10, 60));
        assert!(!s.is_whole_game());
        let empty = plan(0, 1, 0, 201, 1);
        assert_eq!((empty.frames(), empty.shown.len()), (1, 0));
    }
}
