//! The console serving the web board: the address it prints under a board opens the page, and
//! a move made there is printed in the console as a typed one is.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bot::secret::Secret;
use bot::web::WebSettings;

use super::http::request;
use super::{move_body, SECRET};

/// The console's terminal, shared with the test reading it.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// Waits (up to 10 s) until the screen shows `what`; the screen then.
    async fn until(&self, what: &str, shows: impl Fn(&str) -> bool) -> String {
        for _ in 0..200 {
            let text = self.text();
            if shows(&text) {
                return text;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the console never showed {what}:\n{}", self.text());
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_serves_the_page_it_links_and_prints_a_move_made_there() {
    let dir = crate::telegram::fresh_dir("web-console");
    let settings = WebSettings {
        listen: "127.0.0.1:0".parse().unwrap(),
        url: "http://127.0.0.1".into(),
        secret: Secret::new(SECRET),
        telegram_token: None,
        telegram_app: None,
        auth_max_age: 24 * 3_600,
        bound: Default::default(),
    };
    let bound = settings.bound.clone();
    let (typed, lines) = std::sync::mpsc::channel();
    let screen = Screen::default();
    let mut terminal = screen.clone();
    let console = std::thread::spawn(move || {
        let lines = bot::console::Lines::Terminal(lines);
        bot::console::run_serving(&dir, "alice", settings, lines, &mut terminal).unwrap();
    });
    for line in ["/play gridi @bob rated=no\n", "/as bob\n", "/accept\n"] {
        typed.send(Ok(line.as_bytes().to_vec())).unwrap();
    }
    let shown = screen.until("a board's address", |t| t.contains("[Open board: ")).await;
    let addr = *bound.get().expect("the console's web board listens");
    let url = shown.lines().find_map(|l| l.trim().strip_prefix("[Open board: ")).unwrap();
    let (page, token) = url.trim_end_matches(']').split_once("#token=").unwrap();
    let id = page.rsplit('/').next().unwrap();
    let auth = format!("Bearer {token}");
    let path = format!("/api/games/{id}");
    let state = request(addr, "GET", &path, Some(&auth), None).await.json();
    let action =
        state["legal"][0]["line"].as_str().expect("the player to act has moves").to_owned();
    let played =
        request(addr, "POST", &format!("{path}/actions"), Some(&auth), Some(&move_body(&action)))
            .await;
    assert_eq!(played.status, 200, "{}", String::from_utf8_lossy(&played.body));
    let after = shown.len();
    let screen_now = screen
        .until("the page's move posted in the console", |t| {
            t.get(after..).is_some_and(|new| new.contains(&action) && new.contains("[image: "))
        })
        .await;
    assert!(!screen_now[after..].contains("> "), "printed with nothing typed: {screen_now}");
    typed.send(Ok(b"/quit\n".to_vec())).unwrap();
    console.join().unwrap();
}
