//! The console's outlet: a reply becomes lines on the terminal and its image a numbered file,
//! as a platform's outlet turns it into a message. Owed posts reach the console through the
//! same delivery loop as every platform's (`delivery::deliver_due`).

use std::io::Write;
use std::path::Path;

use crate::core::{Opens, Reply, Target};
use crate::delivery::{Outlet, Sent};

/// The terminal and the image folder a console session writes to.
pub struct Page<'a> {
    /// The terminal.
    pub out: &'a mut dyn Write,
    /// Where images are written.
    pub images: &'a Path,
    /// Images written so far (their files are numbered, continuing after a restart).
    pub image_count: &'a mut usize,
}

impl std::fmt::Debug for Page<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Page").field("images", &self.images).finish_non_exhaustive()
    }
}

impl Page<'_> {
    /// Writes `reply`: a head naming where it goes, its text, its image file, its buttons.
    pub fn write(&mut self, reply: &Reply) -> std::io::Result<()> {
        let head = match &reply.to {
            Target::Chat(_) if reply.edit => "bot (edits the message with that button)".to_string(),
            Target::Chat(_) => "bot".to_string(),
            Target::User(p) => format!("bot → {} (direct message)", p.user),
        };
        let mut lines = reply.text.lines();
        writeln!(self.out, "{head}: {}", lines.next().unwrap_or(""))?;
        for l in lines {
            writeln!(self.out, "  {l}")?;
        }
        if let Some(image) = &reply.image {
            // Every image gets its own file: a later /board or a direct message drawn from
            // another side never overwrites an earlier picture.
            *self.image_count += 1;
            let path = self.images.join(format!("{:05}-{}", self.image_count, image.name));
            std::fs::create_dir_all(self.images)?;
            std::fs::write(&path, &image.bytes)?;
            writeln!(self.out, "  [image: {}]", path.display())?;
        }
        for b in &reply.buttons {
            match &b.opens {
                None => writeln!(self.out, "  [button {}: {}]", b.label, b.data)?,
                Some(Opens::Link(url) | Opens::App(url)) => {
                    writeln!(self.out, "  [{}: {url}]", b.label)?
                }
                Some(Opens::TelegramApp { .. }) => {}
            }
        }
        Ok(())
    }
}

impl Outlet for Page<'_> {
    /// A terminal that cannot be written is tried again later, as a platform's outage is.
    fn send(&mut self, reply: &Reply) -> Sent {
        match self.write(reply) {
            Ok(()) => Sent::Delivered(None),
            Err(e) => Sent::Later { retry_after_ms: None, why: format!("the console: {e}") },
        }
    }
}
