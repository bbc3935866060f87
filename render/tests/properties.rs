//! Properties of every drawing: the same input gives the same bytes, every position random
//! play reaches is drawn without a panic, and untrusted text cannot break the frame.

mod support;

use engine::{AnyGame, GameKind, Rng, Seat};
use render::{Language, LastTurn, Played, RenderRequest};

use support::Case;

fn reference_cases() -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference");
    let mut cases = Vec::new();
    for kind in GameKind::ALL {
        let Ok(dir) = std::fs::read_dir(root.join(kind.name())) else { continue };
        let mut files: Vec<_> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        cases.extend(files.iter().map(|p| Case::parse(kind, &std::fs::read_to_string(p).unwrap())));
    }
    assert!(!cases.is_empty());
    cases
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    for case in reference_cases() {
        let first = render::render(&case.request()).unwrap();
        let again = render::render(&case.request()).unwrap();
        assert_eq!(first, again);
        // A fresh thread meets the same caches from the outside, and no palette kept from the
        // boards drawn before (`kept_palette.rs`): still the same bytes.
        let game = case.game.clone();
        let last = case.last.clone();
        let names = case.names.clone();
        let (viewer, status, language) = (case.viewer, case.status.clone(), case.language);
        let other = std::thread::spawn(move || {
            let req = RenderRequest {
                game: &game,
                last: last.as_ref(),
                viewer,
                names: &names,
                status: status.as_deref(),
                language,
            };
            render::render(&req).unwrap()
        })
        .join()
        .unwrap();
        assert_eq!(first, other);
    }
}

#[test]
fn a_board_drawn_into_palette_indices_is_its_full_colour_drawing_encoded() {
    // `render` draws straight into palette indices; `encode(draw(..))` reduces the full-colour
    // drawing: the same pixels, palette and bytes, names in many scripts included (more
    // colours than a palette holds).
    let names = ["🦉 Филин اسم".to_string(), "李小龍 שלום".to_string()];
    for case in reference_cases() {
        let req = case.request();
        let many = RenderRequest { names: &names, ..case.request() };
        for req in [req, many] {
            let direct = render::render(&req).unwrap();
            assert_eq!(direct, render::encode(&render::draw(&req).unwrap()).unwrap());
        }
    }
}

#[test]
fn images_are_pngs_at_least_640_wide() {
    for case in reference_cases() {
        let bytes = render::render(&case.request()).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let img = image::load_from_memory(&bytes).unwrap();
        assert!(img.width() >= 640, "{} px wide", img.width());
    }
}

/// Options beyond the defaults, so every board size, terrain and table is drawn too.
const VARIANTS: &[(GameKind, &[(&str, &str)])] = &[
    (GameKind::Vorcept, &[]),
    (GameKind::Vorcept, &[("size", "12"), ("blocks", "8"), ("d1", "9"), ("d2", "9"), ("d3", "9")]),
    (GameKind::Vorcept, &[("size", "7"), ("pylon", "off"), ("setup", "manual")]),
    (GameKind::Yama, &[]),
    (GameKind::Yama, &[("map", "generated"), ("edge", "on"), ("setup", "manual")]),
    (GameKind::Yama, &[("map", "crater"), ("army", "IIIGGGBBB")]),
    (GameKind::Gridi, &[]),
    (GameKind::Gridi, &[("army", "KOOOMMGG"), ("army2", "beginner")]),
    (GameKind::Poi, &[]),
    (GameKind::Poi, &[("players", "4")]),
    (GameKind::Poi, &[("players", "3"), ("map", "generated"), ("rounds", "5")]),
];

/// Random games of every drawable game under each variant (600 positions each, over 6,000 in
/// all): each position is drawn with its last completed turn and the turn in progress marked,
/// from alternating sides, with hostile names, and every 50th is encoded too.
#[test]
fn every_position_of_random_play_is_drawn_without_a_panic() {
    const POSITIONS: usize = 600;
    let names = ["🦉 Филин\u{202e}\n".to_string(), "x".repeat(500), String::new(), "李".into()];
    for &(kind, options) in VARIANTS.iter().filter(|(k, _)| render::supports(*k)) {
        let mut rng = Rng::new(2026);
        let mut drawn = 0;
        while drawn < POSITIONS {
            let mut game = AnyGame::new(kind, options.iter().copied(), rng.next_u64()).unwrap();
            let mut last = LastTurn::default();
            for _ in 0..300 {
                let legal = game.legal_actions();
                let Some(action) = rng.choose(&legal).cloned() else { break };
                let now = last
                    .in_progress
                    .get_or_insert_with(|| Played { before: game.clone(), actions: Vec::new() });
                now.actions.push(game.play(&action).unwrap());
                if game.actions_this_turn() == 0 {
                    last.completed = last.in_progress.take();
                }
                let req = RenderRequest {
                    game: &game,
                    last: Some(&last),
                    viewer: Seat::new(drawn % game.seat_count()),
                    names: &names[..drawn % 5],
                    status: (drawn % 2 == 0).then_some("ход Бориса · 3 д 4 ч"),
                    language: if drawn % 3 == 0 { Language::Russian } else { Language::English },
                };
                if drawn % 50 == 0 {
                    let png = render::render(&req).unwrap();
                    assert!(png.len() < 40 * 1024, "{kind} {options:?}: {} bytes", png.len());
                } else {
                    let img = render::draw(&req).unwrap();
                    assert!(img.width() >= 640);
                }
                drawn += 1;
                if game.outcome().is_some() {
                    break;
                }
            }
        }
    }
}
