//! Replay GIFs: frames in order, each the board after its action with that action marked (the
//! same picture as `render::draw_replay_frame` draws, within the shared palette's approximation
//! of anti-aliased edges; a single image but for the bars and the caption's place), only
//! changed rectangles after the first frame, sampling of long games, the caps, typed errors,
//! and byte-identical reference GIFs (`tests/replay/<game>.txt` → `.gif`, rewritten with
//! `TABLETALK_BLESS=1` like the reference PNGs).

mod replay_support;

use std::path::Path;

use engine::{AnyGame, GameKind, Outcome, Seat, WinReason};
use render::{replay, ReplayError, ReplayLimits, ReplayRequest};

use replay_support::{decode, differing, expected_frame, positions, random_game, reencoded};

/// Channel difference beyond which a pixel counts as different: the shared palette moves
/// anti-aliased edge pixels to the nearest of its colours, never by more than this.
const TOLERANCE: u8 = 40;
/// Pixels of a frame (of about 670,000) allowed to differ beyond [`TOLERANCE`] from the single
/// image: edges of a piece on a tint no palette sample showed (0.1 %).
const ALLOWED: usize = 700;

fn names() -> Vec<String> {
    vec!["Alice".to_string(), "Борис".to_string()]
}

#[test]
fn every_frame_is_the_board_after_its_action_with_that_action_marked() {
    let (initial, actions) = random_game(GameKind::Gridi, 12, 5);
    let names = names();
    let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
    let out = replay(&req).unwrap();
    assert_eq!(out.sampling.frames(), actions.len() + 1);
    let frames = decode(&out.gif);
    assert_eq!(frames.len(), actions.len() + 1, "the start and one frame per action");
    let positions = positions(&initial, &actions);
    let total = actions.len();
    for (n, frame) in frames.iter().enumerate() {
        let caption = if n == 0 {
            "start of the game".to_string()
        } else {
            format!("after action {n} of {total}")
        };
        let expected = expected_frame(&positions, &actions, n, &caption, &names);
        let off = differing(&frame.image, &expected, TOLERANCE);
        assert!(off < ALLOWED, "frame {n}: {off} pixels differ from the single image");
        // And it is not the neighbouring frame's picture.
        if n > 0 {
            let before = format!("after action {} of {total}", n - 1);
            let neighbour = expected_frame(&positions, &actions, n - 1, &before, &names);
            let other = differing(&frame.image, &neighbour, TOLERANCE);
            assert!(other > 4 * ALLOWED, "frame {n}: {other} pixels differ from frame {}", n - 1);
        }
    }
}

#[test]
fn a_replay_frame_has_the_to_move_pill_but_no_tinted_bar_and_the_caption_on_the_right() {
    let (initial, actions) = random_game(GameKind::Gridi, 3, 5);
    let positions = positions(&initial, &actions);
    let names = names();
    let caption = "after action 3 of 3";
    let last = render::LastTurn::action(positions[2].clone(), actions[2].clone());
    let req = render::RenderRequest {
        last: Some(&last),
        names: &names,
        status: Some(caption),
        ..render::RenderRequest::new(&positions[3])
    };
    let single = render::draw(&req).unwrap();
    let frame = render::draw_replay_frame(&req).unwrap();
    assert_eq!(single.dimensions(), frame.dimensions());
    // Rows where the two differ: only the bar of the seat to move (its tint and stripe; the
    // pill is in both) and the status line (the caption moved to the right).
    let (w, h) = single.dimensions();
    let differs = |y: u32| (0..w).any(|x| single.get_pixel(x, y) != frame.get_pixel(x, y));
    let rows: Vec<u32> = (0..h).filter(|&y| differs(y)).collect();
    let bands = rows.windows(2).filter(|p| p[1] > p[0] + 1).count() + 1;
    assert_eq!(bands, 2, "one bar and the status line differ: rows {rows:?}");
    assert!(rows.len() < 70 + 36, "{} rows", rows.len());
    let count = |img: &image::RgbImage, c: [u8; 3]| img.pixels().filter(|p| p.0 == c).count();
    // The pale green of the tinted bar (palette TURN_BAR) is gone, the pill's green stays.
    let (turn_bar, turn) = ([0xE2, 0xEF, 0xD8], [0x2F, 0x7D, 0x45]);
    assert!(count(&single, turn_bar) > 30_000);
    assert_eq!(count(&frame, turn_bar), 0);
    assert!(count(&frame, turn) > 1_000, "the pill");
    // The status line is the lower band (the caption changes it): there, the ink reaches the
    // right margin in the frame and not in the single image.
    let gap = rows.windows(2).position(|p| p[1] > p[0] + 1).expect("two bands");
    let status = rows[gap + 1]..=*rows.last().unwrap();
    let rightmost_ink = |img: &image::RgbImage| {
        (0..w).rev().find(|&x| status.clone().any(|y| img.get_pixel(x, y).0[0] < 120)).unwrap()
    };
    assert!(rightmost_ink(&frame) > w - 30, "{}", rightmost_ink(&frame));
    assert!(rightmost_ink(&single) < w / 2, "{}", rightmost_ink(&single));
}

#[test]
fn frames_after_the_first_encode_only_the_rectangles_that_changed() {
    let (initial, actions) = random_game(GameKind::Yama, 8, 3);
    let out = replay(&ReplayRequest::new(&initial, &actions)).unwrap();
    let frames = decode(&out.gif);
    let (w, h) = frames[0].image.dimensions();
    assert_eq!(frames[0].rects, vec![(0, 0, w as u16, h as u16)]);
    for f in &frames[1..] {
        // The action's cells, the pills and the caption: a few parts, a small share of the image.
        assert!((2..=8).contains(&f.rects.len()), "{:?}", f.rects);
        let area: u32 = f.rects.iter().map(|&(_, _, fw, fh)| u32::from(fw) * u32::from(fh)).sum();
        assert!(area < w * h / 3, "{:?}: {area} of {w}×{h}", f.rects);
    }
}

#[test]
fn a_frames_marks_are_its_last_sub_image_and_taken_away_when_the_next_frame_starts() {
    let (initial, actions) = random_game(GameKind::Gridi, 10, 4);
    let frames = decode(&replay(&ReplayRequest::new(&initial, &actions)).unwrap().gif);
    // The opening frame has no marks; every action's frame has its marks last, and only them
    // are restored away (`decode` takes them away, and every frame still looks as it should:
    // `every_frame_is_the_board_after_its_action_with_that_action_marked`).
    assert!(frames[0].restored.iter().all(|&r| !r));
    for (n, f) in frames.iter().enumerate().skip(1) {
        let (last, rest) = f.restored.split_last().unwrap();
        assert!(*last && rest.iter().all(|&r| !r), "frame {n}: {:?}", f.restored);
    }
}

#[test]
fn the_last_frame_is_held_longer_and_carries_the_result() {
    let (initial, actions) = random_game(GameKind::Gridi, 6, 9);
    let result = Outcome::Win { winner: Seat::SECOND, reason: WinReason::Resignation };
    let names = names();
    let req = ReplayRequest {
        names: &names,
        delay_ms: 700,
        result: Some(result),
        ..ReplayRequest::new(&initial, &actions)
    };
    let frames = decode(&replay(&req).unwrap().gif);
    let delays: Vec<u16> = frames.iter().map(|f| f.delay).collect();
    assert!(delays[..delays.len() - 1].iter().all(|&d| d == 70), "{delays:?}");
    assert_eq!(delays.last(), Some(&400));
    // The result is drawn in the title line of the last frame only.
    let positions = positions(&initial, &actions);
    let mut ended = positions.last().unwrap().clone();
    ended.set_outcome(result);
    let mut with_result = positions.clone();
    *with_result.last_mut().unwrap() = ended;
    let n = actions.len();
    let caption = format!("after action {n} of {n}");
    let last = frames.last().unwrap();
    let expected = expected_frame(&with_result, &actions, n, &caption, &names);
    let without = expected_frame(&positions, &actions, n, &caption, &names);
    let off = differing(&last.image, &expected, TOLERANCE);
    assert!(off < ALLOWED, "{off}");
    assert!(differing(&last.image, &without, TOLERANCE) > 4 * ALLOWED);
}

#[test]
fn a_long_game_is_sampled_keeping_the_first_and_last_action_and_says_so() {
    let (initial, actions) = random_game(GameKind::Poi, 130, 11);
    assert_eq!(actions.len(), 130);
    let limits = ReplayLimits { max_frames: 30, ..ReplayLimits::default() };
    let req = ReplayRequest { limits, ..ReplayRequest::new(&initial, &actions) };
    let out = replay(&req).unwrap();
    let s = &out.sampling;
    assert!(s.is_sampled() && s.is_whole_game());
    assert_eq!(s.step, 5);
    assert_eq!(s.frames(), 28);
    assert_eq!((s.shown[0], s.shown[1], *s.shown.last().unwrap()), (1, 6, 130));
    let frames = decode(&out.gif);
    assert_eq!(frames.len(), s.frames());
    // A sampled frame shows its own action marked, with the sampling in the caption.
    let positions = positions(&initial, &actions);
    for (k, &n) in s.shown.iter().enumerate().step_by(9) {
        let caption = format!("after action {n} of 130 · 1 of every 5 actions shown");
        let expected = expected_frame(&positions, &actions, n, &caption, &[]);
        let off = differing(&frames[k + 1].image, &expected, TOLERANCE);
        assert!(off < ALLOWED, "action {n}: {off} pixels differ");
    }
}

#[test]
fn a_range_starts_at_the_position_before_its_first_action() {
    let (initial, actions) = random_game(GameKind::Vorcept, 10, 4);
    let req =
        ReplayRequest { from: Some(4), to: Some(7), ..ReplayRequest::new(&initial, &actions) };
    let out = replay(&req).unwrap();
    assert_eq!(out.sampling.shown, [4, 5, 6, 7]);
    assert!(!out.sampling.is_whole_game());
    let frames = decode(&out.gif);
    assert_eq!(frames.len(), 5);
    let positions = positions(&initial, &actions);
    let total = actions.len();
    // The opening frame: after action 3, nothing marked.
    let caption = format!("after action 3 of {total}");
    let req3 = render::RenderRequest {
        status: Some(&caption),
        ..render::RenderRequest::new(&positions[3])
    };
    let opening = render::draw_replay_frame(&req3).unwrap();
    assert!(differing(&frames[0].image, &opening, TOLERANCE) < ALLOWED);
}

#[test]
fn the_byte_cap_samples_more_and_refuses_what_cannot_fit() {
    let (initial, actions) = random_game(GameKind::Gridi, 40, 2);
    let whole = replay(&ReplayRequest::new(&initial, &actions)).unwrap();
    assert_eq!(whole.sampling.step, 1);
    let cap = whole.gif.len() / 2;
    let limits = ReplayLimits { max_bytes: cap, ..ReplayLimits::default() };
    let capped =
        replay(&ReplayRequest { limits, ..ReplayRequest::new(&initial, &actions) }).unwrap();
    assert!(capped.gif.len() <= cap && capped.sampling.step > 1, "{}", capped.gif.len());
    assert_eq!(capped.sampling.shown.last(), Some(&40));
    let tiny = ReplayLimits { max_bytes: 1000, ..ReplayLimits::default() };
    let err = replay(&ReplayRequest { limits: tiny, ..ReplayRequest::new(&initial, &actions) });
    assert!(matches!(err, Err(ReplayError::TooLarge { max: 1000, .. })), "{err:?}");
}

#[test]
fn bad_ranges_delays_and_actions_are_refused_with_their_reason() {
    let (initial, actions) = random_game(GameKind::Gridi, 10, 1);
    let base = ReplayRequest::new(&initial, &actions);
    let message = |req: ReplayRequest<'_>| replay(&req).unwrap_err().to_string();
    assert_eq!(
        message(ReplayRequest { from: Some(0), ..base }),
        "actions are counted from 1, not from 0"
    );
    assert_eq!(
        message(ReplayRequest { from: Some(6), to: Some(3), ..base }),
        "the range starts at action 6 after it ends at action 3"
    );
    assert_eq!(
        message(ReplayRequest { to: Some(11), ..base }),
        "the game has 10 actions, so there is no action 11"
    );
    assert_eq!(
        message(ReplayRequest { delay_ms: 20, ..base }),
        "the delay must be 100 to 10000 ms, not 20"
    );
    let mut broken = actions.clone();
    broken[4] = "a1-h8".to_string();
    let err = replay(&ReplayRequest::new(&initial, &broken)).unwrap_err();
    assert!(matches!(err, ReplayError::Unreadable(_)));
    assert!(err.to_string().starts_with("action 5 `a1-h8` cannot be played: "), "{err}");
    let none: Vec<String> = Vec::new();
    let empty = replay(&ReplayRequest::new(&initial, &none)).unwrap();
    assert_eq!(decode(&empty.gif).len(), 1, "a game without actions is its start");
    let err = replay(&ReplayRequest { from: Some(1), ..ReplayRequest::new(&initial, &none) });
    assert_eq!(err.unwrap_err().to_string(), "the game has no action yet");
}

/// The LZW compression is the renderer's own (`lzw.rs`, faster than the `gif` crate's), and
/// writes what the `gif` crate would: every sub-image of a 60-action game of each kind,
/// decoded and encoded again by the crate, gives the same bytes — so every frame shows the
/// same pixels as when the crate compressed them.
#[test]
fn every_sub_image_is_compressed_as_the_gif_crate_compresses_it() {
    let names = names();
    for kind in GameKind::ALL {
        let (initial, actions) = random_game(kind, 60, 11);
        let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
        let gif = replay(&req).unwrap().gif;
        assert!(reencoded(&gif) == gif, "{kind}: the bytes differ");
    }
}

/// One short game of each kind, drawn to `tests/replay/<game>.gif` and compared byte for byte.
#[test]
fn reference_replays_are_byte_identical() {
    let bless = std::env::var("TABLETALK_BLESS").is_ok_and(|v| v == "1");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replay");
    let mut problems = Vec::new();
    let mut blessed = Vec::new();
    for kind in GameKind::ALL {
        let txt = root.join(format!("{}.txt", kind.name()));
        let text = std::fs::read_to_string(&txt).unwrap();
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
                .map(|v| v.trim().to_string())
        };
        let initial = AnyGame::from_position(kind, &field("position").unwrap()).unwrap();
        let actions: Vec<String> =
            field("actions").unwrap().split_whitespace().map(str::to_string).collect();
        let names: Vec<String> = field("names").unwrap().split(" | ").map(str::to_string).collect();
        let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
        let gif = replay(&req).unwrap().gif;
        assert_eq!(gif, replay(&req).unwrap().gif, "{kind}: the same request, the same bytes");
        let path = txt.with_extension("gif");
        if std::fs::read(&path).ok().as_ref() == Some(&gif) {
            continue;
        }
        if bless {
            std::fs::write(&path, &gif).unwrap();
            blessed.push(path.display().to_string());
        } else {
            problems.push(format!("{} differs ({} bytes now)", path.display(), gif.len()));
        }
    }
    assert!(blessed.is_empty(), "TABLETALK_BLESS=1 rewrote:\n{}", blessed.join("\n"));
    assert!(problems.is_empty(), "run with TABLETALK_BLESS=1 to accept:\n{}", problems.join("\n"));
}
