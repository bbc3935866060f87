//! A few W3C WebDriver calls to Debian's chromedriver driving Debian's headless chromium: a
//! session, a page, elements found by CSS and clicked, a script's answer, a screenshot. Written
//! over the tests' small HTTP client rather than with `fantoccini`: its rustls feature brings
//! `hyper-rustls` with `aws-lc-rs` (a C library built with cmake), too heavy for CI's cold build.
//! In CI (`CI=true`) a missing browser fails the test; elsewhere the test is skipped, saying so.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use super::http::request;

/// Debian's browser and its driver.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The key of an element reference in WebDriver's answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running chromedriver with one browser session; both end when dropped.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    profile: std::path::PathBuf,
}

/// Starts the browser at `width`×`height`, or `None` (outside CI) when it is not installed.
pub async fn start(width: u32, height: u32) -> Option<Browser> {
    let installed =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    if !installed {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the browser tests need Debian's chromium and chromium-driver (.ci/run installs them)"
        );
        println!("skipped: {CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)");
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let driver = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let profile =
        std::env::temp_dir().join(format!("tabletalk-chromium-{}-{port}", std::process::id()));
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        &format!("--window-size={width},{height}"),
        &format!("--user-data-dir={}", profile.display()),
    ];
    let capabilities = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        // A phone's viewport: a desktop window will not go narrower than about 500 px.
        "goog:chromeOptions": { "binary": CHROMIUM, "args": args, "mobileEmulation": {
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": true },
        }},
    }}});
    let mut browser = Browser { driver, addr, session: String::new(), profile };
    let answer = browser.call("POST", "/session", Some(capabilities)).await;
    browser.session = answer["sessionId"].as_str().expect("a session").to_string();
    Some(browser)
}

impl Browser {
    /// One WebDriver call; its `value`.
    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        let answer = request(self.addr, method, path, None, body.as_deref()).await;
        let value = answer.json();
        assert_eq!(answer.status, 200, "WebDriver {method} {path}: {value}");
        value["value"].clone()
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    /// Opens `url`.
    pub async fn open(&self, url: &str) {
        self.call("POST", &self.at("/url"), Some(json!({ "url": url }))).await;
    }

    /// Runs `script` (a function body) in the page; what it returns.
    pub async fn run(&self, script: &str) -> Value {
        self.call("POST", &self.at("/execute/sync"), Some(json!({ "script": script, "args": [] })))
            .await
    }

    /// Waits (at most 10 s) until `script` returns `true`.
    pub async fn until(&self, what: &str, script: &str) {
        for _ in 0..200 {
            if self.run(script).await == json!(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let shot = std::env::temp_dir().join("tabletalk-web-failure.png");
        let _ = std::fs::write(&shot, self.screenshot().await);
        let said = self.run("return document.getElementById('error').textContent + ' | ' + document.getElementById('chosen').textContent").await;
        panic!("the page never showed {what} ({said}; screenshot: {})", shot.display());
    }

    /// Clicks the element `css` finds, as a tap.
    pub async fn click(&self, css: &str) {
        let found = self
            .call(
                "POST",
                &self.at("/element"),
                Some(json!({ "using": "css selector", "value": css })),
            )
            .await;
        let element = found[ELEMENT].as_str();
        let element =
            element.unwrap_or_else(|| panic!("an element for {css}: {found}")).to_string();
        self.call("POST", &self.at(&format!("/element/{element}/click")), Some(json!({}))).await;
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        let encoded = self.call("GET", &self.at("/screenshot"), None).await;
        base64_decode(encoded.as_str().expect("base64 text"))
    }

    /// Ends the session.
    pub async fn close(self) {
        let _ = request(self.addr, "DELETE", &self.at(""), None, None).await;
    }
}

impl Drop for Browser {
    /// Ends the browser even when the test panicked before [`Browser::close`]: killing the
    /// driver alone would leave its chromium running, so the processes started with this
    /// session's own profile are ended first.
    fn drop(&mut self) {
        let profile = format!("--user-data-dir={}", self.profile.display());
        let _ = Command::new("pkill").args(["-f", "--", &profile]).status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (with padding) to bytes.
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|c| *c != b'=' && !c.is_ascii_whitespace()) {
        let v = ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    bytes
}
