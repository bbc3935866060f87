//! Where the console's lines come from: a reader (a script, a test's text) read in place, or the
//! terminal read on a thread of its own, so that while nobody types the console can print what
//! the web board's moves posted.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long the console waits for a typed line before it looks at the web board's moves.
const LOOK_EVERY: Duration = Duration::from_millis(200);

/// A source of lines.
pub enum Lines<'a> {
    /// Read in place: a script or a test's text; never idle.
    Read(&'a mut dyn BufRead),
    /// The terminal's lines, read by [`Lines::terminal`]'s thread.
    Terminal(Receiver<std::io::Result<Vec<u8>>>),
}

/// What the source gave.
#[derive(Debug)]
pub enum Next {
    /// A line (its bytes, with the newline).
    Line(Vec<u8>),
    /// Nothing typed for a moment.
    Idle,
    /// The input ended.
    End,
}

impl Lines<'static> {
    /// Standard input, read line by line on a thread of its own.
    pub fn terminal() -> Lines<'static> {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            loop {
                let mut bytes = Vec::new();
                let read = input.read_until(b'\n', &mut bytes);
                let done = !matches!(read, Ok(n) if n > 0);
                if send.send(read.map(|_| bytes)).is_err() || done {
                    break;
                }
            }
        });
        Lines::Terminal(receive)
    }
}

impl Lines<'_> {
    /// The next line, or `Idle` when the terminal was quiet for [`LOOK_EVERY`].
    pub fn take(&mut self) -> std::io::Result<Next> {
        match self {
            Lines::Read(input) => {
                let mut bytes = Vec::new();
                let n = input.read_until(b'\n', &mut bytes)?;
                Ok(if n == 0 { Next::End } else { Next::Line(bytes) })
            }
            Lines::Terminal(lines) => match lines.recv_timeout(LOOK_EVERY) {
                Ok(Ok(bytes)) if bytes.is_empty() => Ok(Next::End),
                Ok(Ok(bytes)) => Ok(Next::Line(bytes)),
                Ok(Err(e)) => Err(e),
                Err(RecvTimeoutError::Timeout) => Ok(Next::Idle),
                Err(RecvTimeoutError::Disconnected) => Ok(Next::End),
            },
        }
    }
}

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Lines::Read(_) => "Lines::Read",
            Lines::Terminal(_) => "Lines::Terminal",
        })
    }
}
