//! Why a surface could not start or stopped early ([`SurfaceError`]): the platform, the step
//! that failed, and the library's error as the source. The service formats the whole chain
//! for the operator in one place (`service::error::for_people`); players never see it.

use std::error::Error;

use data::Platform;
use thiserror::Error;

/// A library error boxed as a [`SurfaceError`]'s source.
pub type Cause = Box<dyn Error + Send + Sync>;

/// A platform's start or run failed at one step.
#[derive(Debug, Error)]
#[error("{platform:?}: {step}")]
pub struct SurfaceError {
    /// The platform.
    pub platform: Platform,
    /// What it was doing, in words (`getMe`, `the gateway`, `TELEGRAM_API_URL`…).
    pub step: String,
    /// The library's error.
    #[source]
    pub source: Cause,
}

impl SurfaceError {
    /// A function that wraps a library error at `step` of `platform`, for `map_err`.
    pub fn at<E: Into<Cause>>(
        platform: Platform,
        step: impl Into<String>,
    ) -> impl FnOnce(E) -> SurfaceError {
        let step = step.into();
        move |source| SurfaceError { platform, step, source: source.into() }
    }
}
