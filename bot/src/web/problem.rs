//! A refused request as the page reads it: a status and `{"error": "<words>"}`, the words from
//! the core in the reader's language (the same refusal text the chat gives, for a move).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::core::{web_problem, Lang, WebProblem};

/// A refused request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refused {
    /// The HTTP status.
    pub status: StatusCode,
    /// The words, in the reader's language.
    pub text: String,
}

impl Refused {
    /// `problem` worded in `lang`, with its status.
    pub fn of(problem: WebProblem, lang: Lang) -> Refused {
        let status = match problem {
            WebProblem::Unauthorized => StatusCode::UNAUTHORIZED,
            WebProblem::OtherGame => StatusCode::FORBIDDEN,
            WebProblem::NoGame => StatusCode::NOT_FOUND,
            WebProblem::TooMany => StatusCode::TOO_MANY_REQUESTS,
            WebProblem::Failed => StatusCode::INTERNAL_SERVER_ERROR,
        };
        Refused { status, text: web_problem(problem, lang) }
    }

    /// A refusal the core worded, with `status`.
    pub fn said(status: StatusCode, text: String) -> Refused {
        Refused { status, text }
    }
}

impl IntoResponse for Refused {
    /// A 429 says when to come back (`Retry-After`, a second: the bucket refills by
    /// [`super::rate::PER_SECOND`] a second), so the page can try again by itself.
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.text }));
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            return (self.status, [(header::RETRY_AFTER, "1")], body).into_response();
        }
        (self.status, body).into_response()
    }
}
