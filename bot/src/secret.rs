//! A token or a password from the settings (a bot token, a database URL), kept so that no log
//! line and no debug output ever shows it: only the platform client or the store asks for
//! the text itself.

/// A secret text: shown as `***` in logs and debug output.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Keeps `text` as a secret.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The text itself, for the platform client or the store only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::Secret;

    #[test]
    fn debug_output_never_shows_the_text() {
        let secret = Secret::new("123:SECRET");
        assert_eq!(format!("{secret:?}"), "Secret(***)");
        assert_eq!(secret.expose(), "123:SECRET");
    }
}
