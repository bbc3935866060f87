//! Why the settings were refused ([`ConfigError`]): each names the setting in one line, says
//! what it must be and, unless it is a secret, what it was.

use thiserror::Error;

use crate::core::BadRulesLink;

/// A setting the service cannot start with.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// A value not of the form the setting takes; `got` is echoed (never used for secrets).
    #[error("{setting} must be {wanted}, not `{got}`")]
    Malformed {
        /// The setting's environment name.
        setting: &'static str,
        /// What it must be, in words with an example.
        wanted: String,
        /// What it was.
        got: String,
    },
    /// A rule about a setting that echoes nothing back (tokens, secrets, pairs of settings).
    #[error("{setting} {rule}")]
    Rule {
        /// The setting's environment name.
        setting: &'static str,
        /// The rule it broke, as a sentence that follows the name.
        rule: &'static str,
    },
    /// `TABLETALK_RULES_URL`, checked where the rules link is made.
    #[error(transparent)]
    RulesLink(#[from] BadRulesLink),
    /// The `--config` file.
    #[error("config file {path}: {problem}")]
    File {
        /// The file as given.
        path: String,
        /// What is wrong with it.
        problem: FileProblem,
    },
}

/// What is wrong with a `--config` file.
#[derive(Debug, Error)]
pub enum FileProblem {
    /// It could not be read.
    #[error("{0}")]
    Unreadable(#[from] std::io::Error),
    /// It is not TOML (the parser's message, one line).
    #[error("not valid TOML: {0}")]
    NotToml(String),
    /// A key that is not a setting.
    #[error("unknown setting `{key}` (known: {known})")]
    Unknown {
        /// The key as written.
        key: String,
        /// Every setting's file name, comma-separated.
        known: String,
    },
    /// A value that is neither a string nor a boolean.
    #[error("`{key}` must be a string, not {kind}")]
    NotText {
        /// The key as written.
        key: String,
        /// The TOML type it had.
        kind: &'static str,
    },
}

impl ConfigError {
    /// A [`ConfigError::Malformed`] for `setting`.
    pub fn malformed(setting: &'static str, wanted: impl Into<String>, got: &str) -> Self {
        ConfigError::Malformed { setting, wanted: wanted.into(), got: got.to_string() }
    }

    /// A [`ConfigError::Rule`] for `setting`.
    pub fn rule(setting: &'static str, rule: &'static str) -> Self {
        ConfigError::Rule { setting, rule }
    }
}
