//! Shared by the replay tests: decoding a GIF back into whole frames, and drawing the frame a
//! replay should show with the single-image renderer.

use engine::{AnyGame, Language};
use image::{Rgb, RgbImage};
use render::{LastTurn, RenderRequest};

/// One decoded frame: the whole screen after it, and its delay in hundredths of a second.
#[derive(Debug)]
pub struct Decoded {
    /// The screen as shown after this frame.
    pub image: RgbImage,
    /// How long it stays, its sub-images' delays together.
    pub delay: u16,
    /// The rectangles its sub-images encoded (left, top, width, height).
    pub rects: Vec<(u16, u16, u16, u16)>,
    /// Which of its sub-images are disposed of by restoring what was under them when the next
    /// one starts (the marks on the board).
    pub restored: Vec<bool>,
}

/// Decodes every frame of `gif`, composing each onto the screen left by the ones before (a
/// sub-image disposed of with "restore to previous" is taken away before the next one is
/// drawn). A frame is its sub-images up to the first shown longer than
/// [`render::PART_DELAY_CS`].
pub fn decode(gif: &[u8]) -> Vec<Decoded> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut screen = RgbImage::new(w, h);
    let mut out = Vec::new();
    let (mut delay, mut rects, mut restored) = (0, Vec::new(), Vec::new());
    // The screen under the last sub-image, when it is to be restored.
    let mut under: Option<RgbImage> = None;
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert!(frame.palette.is_none(), "every frame uses the shared palette");
        if let Some(before) = under.take() {
            screen = before;
        }
        let restore = frame.dispose == gif::DisposalMethod::Previous;
        if restore {
            under = Some(screen.clone());
        }
        for y in 0..u32::from(frame.height) {
            for x in 0..u32::from(frame.width) {
                let i = frame.buffer[(y * u32::from(frame.width) + x) as usize];
                if Some(i) == frame.transparent {
                    continue;
                }
                let c = &palette[usize::from(i) * 3..usize::from(i) * 3 + 3];
                let (sx, sy) = (u32::from(frame.left) + x, u32::from(frame.top) + y);
                screen.put_pixel(sx, sy, Rgb([c[0], c[1], c[2]]));
            }
        }
        delay += frame.delay;
        rects.push((frame.left, frame.top, frame.width, frame.height));
        restored.push(restore);
        if frame.delay != render::PART_DELAY_CS {
            let (delay, rects) = (std::mem::take(&mut delay), std::mem::take(&mut rects));
            let restored = std::mem::take(&mut restored);
            out.push(Decoded { image: screen.clone(), delay, rects, restored });
        }
    }
    assert!(rects.is_empty(), "the last sub-image ends a frame");
    out
}

/// `gif` decoded to each sub-image's palette indices and written again by the `gif` crate's
/// own encoder (its LZW, weezl's) with the same palette, loop and frame fields.
pub fn reencoded(gif: &[u8]) -> Vec<u8> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let (w, h) = (decoder.width(), decoder.height());
    let mut encoder = gif::Encoder::new(Vec::new(), w, h, &palette).expect("an encoder");
    encoder.set_repeat(gif::Repeat::Infinite).expect("the loop written");
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        encoder.write_frame(frame).expect("the frame written");
    }
    encoder.into_inner().expect("a GIF")
}

/// The positions of a game: the initial one, then after each action.
pub fn positions(initial: &AnyGame, actions: &[String]) -> Vec<AnyGame> {
    let mut game = initial.clone();
    let mut out = vec![game.clone()];
    for a in actions {
        game.play(a).expect("a legal action");
        out.push(game.clone());
    }
    out
}

/// The picture a replay's frame after action `n` of `total` should show (`n = 0`: the start),
/// drawn as a replay frame with the same caption and the action marked.
pub fn expected_frame(
    positions: &[AnyGame],
    actions: &[String],
    n: usize,
    caption: &str,
    names: &[String],
) -> RgbImage {
    let last = (n > 0).then(|| LastTurn::action(positions[n - 1].clone(), actions[n - 1].clone()));
    let req = RenderRequest {
        game: &positions[n],
        last: last.as_ref(),
        viewer: None,
        names,
        status: Some(caption),
        language: Language::English,
    };
    render::draw_replay_frame(&req).expect("draws")
}

/// Pixels that differ by more than `tolerance` in some channel (the replay's shared palette
/// approximates anti-aliased edges, never whole areas).
pub fn differing(a: &RgbImage, b: &RgbImage, tolerance: u8) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(x, y)| x.abs_diff(y) > tolerance))
        .count()
}

/// A random game of `kind` with `count` actions (or fewer if it ends), from a fixed seed.
pub fn random_game(kind: engine::GameKind, count: usize, seed: u64) -> (AnyGame, Vec<String>) {
    let options: &[(&str, &str)] = match kind {
        engine::GameKind::Poi => &[("players", "2"), ("rounds", "off")],
        _ => &[],
    };
    let initial = AnyGame::new(kind, options.iter().copied(), seed).expect("options");
    let mut rng = engine::Rng::new(seed);
    let mut game = initial.clone();
    let mut actions = Vec::new();
    while actions.len() < count {
        let legal = game.legal_actions();
        let Some(a) = rng.choose(&legal).cloned() else { break };
        actions.push(game.play(&a).expect("legal"));
    }
    (initial, actions)
}
