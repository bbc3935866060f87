//! Options: the rulings' defaults and clear refusals (V1, V2, V4, V5, V12, V13).

use crate::core::{GameOptions, OptionError};
use crate::vorcept::{SetupMode, VorceptOptions};

#[test]
fn options_defaults_follow_the_rulings() {
    let o = VorceptOptions::default();
    assert_eq!((o.size, o.blocks, o.setup), (9, 4, SetupMode::Random));
    assert_eq!(o.reserve, [4, 3, 2]);
    assert!(o.pylon && o.pylon_win);
    let keys: Vec<&str> = VorceptOptions::specs().iter().map(|s| s.key).collect();
    assert_eq!(keys, ["size", "blocks", "setup", "d1", "d2", "d3", "pylon", "pylon_win"]);
    assert_eq!(VorceptOptions::from_text(&o.to_text()), Ok(o));
}

#[test]
fn options_bad_values_name_the_allowed_ones() {
    let cases = [
        ("size=6", "7 to 12"),
        ("size=13", "7 to 12"),
        ("blocks=9", "0 to 8"),
        ("setup=auto", "random or manual"),
        ("d2=10", "0 to 9"),
        ("pylon=maybe", "on or off"),
        ("pylon_win=2", "on or off"),
    ];
    for (text, allowed) in cases {
        let error = VorceptOptions::from_text(text).unwrap_err();
        assert!(error.to_string().contains(allowed), "{text}: {error}");
    }
    let unknown = VorceptOptions::from_text("colour=red").unwrap_err();
    assert!(matches!(unknown, OptionError::Unknown { .. }), "{unknown}");
    let o = VorceptOptions::from_text("size=12,setup=MANUAL,pylon=off,d1=0").unwrap();
    assert_eq!((o.size, o.setup, o.pylon, o.reserve[0]), (12, SetupMode::Manual, false, 0));
}
