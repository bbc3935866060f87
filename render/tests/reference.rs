//! Reference images: every `tests/reference/<game>/<name>.txt` is drawn and compared with
//! `<name>.png` next to it, pixel by pixel with a small per-channel tolerance. On a mismatch
//! `<name>.png.diff.png` is written (reference | new drawing | differences in red) for a person
//! to look at. `TABLETALK_BLESS=1` rewrites the references that differ or are missing, and the
//! test then fails once so that a regeneration never passes silently.

mod support;

use std::path::{Path, PathBuf};

use engine::GameKind;
use image::{Rgb, RgbImage};

use support::Case;

/// The largest difference allowed in any channel of any pixel.
const TOLERANCE: u8 = 2;

fn cases() -> Vec<(GameKind, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference");
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let Ok(dir) = std::fs::read_dir(root.join(kind.name())) else { continue };
        let mut files: Vec<PathBuf> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|p| (kind, p)));
    }
    out
}

/// How many pixels differ beyond the tolerance.
fn differing(a: &RgbImage, b: &RgbImage) -> usize {
    a.pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(x, y)| x.abs_diff(y) > TOLERANCE))
        .count()
}

/// Reference, new drawing and differences side by side.
fn diff_image(reference: &RgbImage, actual: &RgbImage) -> RgbImage {
    let (w, h) = (reference.width().max(actual.width()), reference.height().max(actual.height()));
    let mut out = RgbImage::from_pixel(w * 3, h, Rgb([255, 255, 255]));
    for (x, y, p) in reference.enumerate_pixels() {
        out.put_pixel(x, y, *p);
    }
    for (x, y, p) in actual.enumerate_pixels() {
        out.put_pixel(w + x, y, *p);
        let faded = Rgb(p.0.map(|v| 200 + v / 5));
        let differs = reference
            .get_pixel_checked(x, y)
            .is_none_or(|q| q.0.iter().zip(p.0).any(|(a, b)| a.abs_diff(b) > TOLERANCE));
        out.put_pixel(2 * w + x, y, if differs { Rgb([230, 0, 0]) } else { faded });
    }
    out
}

#[test]
fn reference_images_match() {
    let bless = std::env::var("TABLETALK_BLESS").is_ok_and(|v| v == "1");
    let all = cases();
    assert!(!all.is_empty(), "no reference cases found");
    let mut problems = Vec::new();
    let mut blessed = Vec::new();
    for (kind, txt) in all {
        let case = Case::parse(kind, &std::fs::read_to_string(&txt).unwrap());
        let bytes = render::render(&case.request()).unwrap();
        let actual = image::load_from_memory(&bytes).unwrap().to_rgb8();
        let png = txt.with_extension("png");
        let diff_path = txt.with_extension("png.diff.png");
        let reference = image::open(&png).ok().map(|i| i.to_rgb8());
        let matches = reference
            .as_ref()
            .is_some_and(|r| r.dimensions() == actual.dimensions() && differing(r, &actual) == 0);
        if matches {
            let _ = std::fs::remove_file(&diff_path);
            continue;
        }
        if bless {
            std::fs::write(&png, &bytes).unwrap();
            let _ = std::fs::remove_file(&diff_path);
            blessed.push(png.display().to_string());
            continue;
        }
        match reference {
            None => problems.push(format!("{}: no reference image", png.display())),
            Some(r) => {
                diff_image(&r, &actual).save(&diff_path).unwrap();
                let n =
                    if r.dimensions() == actual.dimensions() { differing(&r, &actual) } else { 0 };
                problems.push(format!(
                    "{}: {} pixels differ (sizes {:?} and {:?}); see {}",
                    png.display(),
                    n,
                    r.dimensions(),
                    actual.dimensions(),
                    diff_path.display()
                ));
            }
        }
    }
    assert!(
        blessed.is_empty(),
        "TABLETALK_BLESS=1 rewrote {} reference image(s); look at them, then run the tests \
         again without it:\n{}",
        blessed.len(),
        blessed.join("\n")
    );
    assert!(
        problems.is_empty(),
        "reference images differ (run with TABLETALK_BLESS=1 to accept on purpose):\n{}",
        problems.join("\n")
    );
}

/// The encoder's settings (the deflate level, the palette reduction's speed-ups) change the
/// bytes, never a pixel: every reference, written by the encoder before, decodes to exactly
/// the pixels of the PNG drawn now, with no tolerance; and every board stays under 30 KB.
#[test]
fn encoding_changes_bytes_but_never_a_decoded_pixel() {
    for (kind, txt) in cases() {
        let case = Case::parse(kind, &std::fs::read_to_string(&txt).unwrap());
        let bytes = render::render(&case.request()).unwrap();
        let actual = image::load_from_memory(&bytes).unwrap().to_rgb8();
        let png = txt.with_extension("png");
        let reference = image::open(&png).unwrap().to_rgb8();
        assert_eq!(reference.dimensions(), actual.dimensions(), "{}", png.display());
        let differ = reference.pixels().zip(actual.pixels()).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "{}: {differ} pixels differ", png.display());
        assert!(bytes.len() <= 30 * 1024, "{}: {} bytes", png.display(), bytes.len());
    }
}
