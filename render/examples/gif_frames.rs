//! Looking at a replay: `cargo run -p render --example gif_frames -- game.gif out-dir [every]`
//! writes every (or every n-th) frame of an animated GIF as a PNG of the whole screen, and
//! prints each frame's encoded rectangles and delay, for a person to check what players see.
//! A sub-image disposed of by restoring what was under it (a frame's marks) is taken away
//! before the next one is drawn.
//! A frame is its sub-images up to the first shown longer than `render::PART_DELAY_CS`.

use std::io::Write as _;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [gif_path, dir, rest @ ..] = args.as_slice() else {
        return Err("usage: gif_frames <game.gif> <out-dir> [every]".into());
    };
    let every: usize = rest.first().map_or(Ok(1), |n| n.parse())?;
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir)?;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::fs::File::open(gif_path)?)?;
    let palette = decoder.global_palette().ok_or("no global palette")?.to_vec();
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut screen = image::RgbImage::new(w, h);
    let mut n = 0;
    let (mut delay, mut rects) = (0u32, Vec::new());
    // The screen under a sub-image disposed of by restoring it (a frame's marks).
    let mut under: Option<image::RgbImage> = None;
    while let Some(f) = decoder.read_next_frame()? {
        if let Some(before) = under.take() {
            screen = before;
        }
        let restore = f.dispose == gif::DisposalMethod::Previous;
        if restore {
            under = Some(screen.clone());
        }
        for y in 0..u32::from(f.height) {
            for x in 0..u32::from(f.width) {
                let i = f.buffer[(y * u32::from(f.width) + x) as usize];
                if Some(i) != f.transparent {
                    let c = &palette[usize::from(i) * 3..usize::from(i) * 3 + 3];
                    let at = (u32::from(f.left) + x, u32::from(f.top) + y);
                    screen.put_pixel(at.0, at.1, image::Rgb([c[0], c[1], c[2]]));
                }
            }
        }
        delay += u32::from(f.delay) * 10;
        let marks = if restore { " (marks)" } else { "" };
        rects.push(format!("{}×{} at ({}, {}){marks}", f.width, f.height, f.left, f.top));
        if f.delay == render::PART_DELAY_CS {
            continue;
        }
        // A closed pipe (`| head`) ends the listing, not the frames.
        let _ = writeln!(std::io::stdout(), "frame {n}: {}, {delay} ms", rects.join(", "));
        (delay, rects) = (0, Vec::new());
        if n % every == 0 {
            screen.save(dir.join(format!("frame-{n:03}.png")))?;
        }
        n += 1;
    }
    Ok(())
}
