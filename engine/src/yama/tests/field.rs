use super::super::advice::check_advice;
use super::super::{named_map, NAMED_MAPS};

#[test]
fn y2_named_maps_follow_the_rulebook_advice() {
    for (name, _) in NAMED_MAPS {
        let map = named_map(name).unwrap();
        assert_eq!(check_advice(&map, 6), Ok(()), "{name}");
    }
}
