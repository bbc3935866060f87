//! The public address of the rules, configured where the bot starts (`TABLETALK_RULES_URL`) and
//! handed to the core as plain configuration ([`crate::core::Core::with_rules_link`]). The core's
//! handlers never read the environment.

use engine::GameKind;

/// The environment variable holding the rules' public address.
pub const RULES_URL_VAR: &str = "TABLETALK_RULES_URL";

/// Why a configured rules address was refused; the message names [`RULES_URL_VAR`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadRulesLink {
    /// Not an `http://` or `https://` address with a host and without spaces.
    #[error(
        "{RULES_URL_VAR} must be an http:// or https:// address without spaces, such as \
         https://example.org/tabletalk/rules/ or https://example.org/rules/{{game}}.html; got `{0}`"
    )]
    Malformed(String),
    /// The variable's value is not UTF-8.
    #[error("{RULES_URL_VAR} is not valid UTF-8")]
    NotUnicode,
}

/// Where a game's full rules can be read: a base address to which the game's rules name
/// (`vorcept`, `yama`, `gridi`, `poi-control`: the file names of `docs/rules/`) is appended,
/// or an address with `{game}` where that name goes (for `…/docs/rules/{game}.md`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesLink {
    template: String,
}

impl RulesLink {
    /// Reads a configured address: it must be an `http://` or `https://` address without spaces.
    /// Empty text means no link.
    pub fn parse(value: &str) -> Result<Option<RulesLink>, BadRulesLink> {
        let value = value.trim();
        if value.is_empty() {
            return Ok(None);
        }
        let has_host = value
            .strip_prefix("https://")
            .or_else(|| value.strip_prefix("http://"))
            .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'));
        if !has_host || value.chars().any(char::is_whitespace) {
            return Err(BadRulesLink::Malformed(value.to_string()));
        }
        let template = if value.contains("{game}") {
            value.to_string()
        } else if value.ends_with('/') {
            format!("{value}{{game}}")
        } else {
            format!("{value}/{{game}}")
        };
        Ok(Some(RulesLink { template }))
    }

    /// The address from [`RULES_URL_VAR`], for the program's start (not for handlers):
    /// `Ok(None)` when it is unset or empty, an error naming the variable when it is malformed.
    pub fn from_env() -> Result<Option<RulesLink>, BadRulesLink> {
        match std::env::var(RULES_URL_VAR) {
            Ok(value) => RulesLink::parse(&value),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(BadRulesLink::NotUnicode),
        }
    }

    /// The address of `kind`'s rules.
    pub fn for_game(&self, kind: GameKind) -> String {
        self.template.replace("{game}", rules_name(kind))
    }
}

/// The name of a game's rules page: the file name in `docs/rules/`.
pub fn rules_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Vorcept => "vorcept",
        GameKind::Yama => "yama",
        GameKind::Gridi => "gridi",
        GameKind::Poi => "poi-control",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_address_gets_the_game_appended_and_a_template_gets_it_filled_in() {
        let cases = [
            ("https://example.org/rules/", GameKind::Gridi, "https://example.org/rules/gridi"),
            ("https://example.org/rules", GameKind::Poi, "https://example.org/rules/poi-control"),
            (
                " https://git.example.org/tt/blob/main/docs/rules/{game}.md ",
                GameKind::Vorcept,
                "https://git.example.org/tt/blob/main/docs/rules/vorcept.md",
            ),
            ("http://localhost:8080/r", GameKind::Yama, "http://localhost:8080/r/yama"),
        ];
        for (value, kind, expected) in cases {
            let link = RulesLink::parse(value).unwrap().unwrap();
            assert_eq!(link.for_game(kind), expected, "{value}");
        }
    }

    #[test]
    fn an_empty_address_is_no_link_and_a_malformed_one_is_refused_naming_the_variable() {
        assert_eq!(RulesLink::parse("  "), Ok(None));
        for bad in ["docs/rules", "ftp://example.org/", "https://", "https:///x", "https://a b/"] {
            let why = RulesLink::parse(bad).unwrap_err().to_string();
            assert!(why.contains(RULES_URL_VAR), "{bad}: {why}");
        }
    }
}
