//! The page: one HTML file, one script and one style sheet, embedded in the binary (under
//! [`PAGE_BUDGET`] bytes together). `/g/{id}` opens a game; `/app` is the Telegram Mini App's
//! address, where the game comes from the init data's `start_param`. A strict content policy:
//! only our own script and style, images from our API (as blobs), nothing from elsewhere.

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// The page's markup.
pub const HTML: &str = include_str!("assets/page.html");
/// The page's script.
pub const JS: &str = include_str!("assets/page.js");
/// The page's style.
pub const CSS: &str = include_str!("assets/page.css");
/// What the page may weigh without the board image (issue 28: 60 KB).
pub const PAGE_BUDGET: usize = 60 * 1024;

const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors https://web.telegram.org https://*.telegram.org 'self'";

/// `GET /g/{id}` and `GET /app`: the page.
pub async fn page() -> Response {
    (
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (CONTENT_SECURITY_POLICY, POLICY),
            (CACHE_CONTROL, "no-cache"),
        ],
        HTML,
    )
        .into_response()
}

/// `GET /web/page.js`.
pub async fn script() -> Response {
    ([(CONTENT_TYPE, "text/javascript; charset=utf-8"), (CACHE_CONTROL, "no-cache")], JS)
        .into_response()
}

/// `GET /web/page.css`.
pub async fn style() -> Response {
    ([(CONTENT_TYPE, "text/css; charset=utf-8"), (CACHE_CONTROL, "no-cache")], CSS).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_weighs_under_its_budget() {
        let weight = HTML.len() + JS.len() + CSS.len();
        assert!(weight <= PAGE_BUDGET, "{weight} bytes");
    }

    #[test]
    fn the_page_sets_text_never_markup_and_loads_nothing_from_elsewhere() {
        assert!(!JS.contains("innerHTML") && !JS.contains("insertAdjacentHTML"));
        assert!(!JS.contains("eval(") && !JS.contains("document.write"));
        assert!(!HTML.contains("http://") && !HTML.contains("https://"));
        assert!(!HTML.contains("telegram-web-app.js"));
    }
}
