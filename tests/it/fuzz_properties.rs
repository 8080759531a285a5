//! The fuzz targets' properties (the crate in fuzz/properties/), run as proptests on random
//! inputs and on the seed corpora, so that `cargo test` checks them too.

use reversi_fuzz_properties as properties;

use proptest::prelude::*;

/// Text that looks like the formats: their characters, mixed.
fn texty() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop::sample::select(b"abcdefghij0123456789 -/#BWRGN\n[]\"();*OX.xoPASpas|".to_vec()),
        0..120,
    )
}

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let data: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(!data.is_empty(), "no seeds for {target}");
    data
}

/// The C ABI's property on its seeds alone: what .ci/run's Miri step runs, a
/// check of the exports' unsafe code that stays within Miri's pace.
#[cfg(feature = "capi")]
#[test]
fn c_abi_seeds_hold_the_property() {
    let seeds = seeds("c_abi");
    assert!(seeds.len() >= 2);
    for data in seeds {
        properties::c_abi(&data);
    }
}

#[test]
fn seed_corpora_hold_the_properties() {
    type Property = fn(&[u8]);
    #[cfg_attr(not(feature = "capi"), allow(unused_mut))]
    let mut targets: Vec<(&str, Property)> = vec![
        ("games", properties::games),
        ("position_string", properties::position_string),
        ("move_list", properties::move_list),
        ("record", properties::record),
        ("ggf", properties::ggf),
        ("obf", properties::obf),
        ("wthor", properties::wthor),
    ];
    #[cfg(feature = "capi")]
    targets.push(("c_abi", properties::c_abi));
    for (name, property) in targets {
        for data in seeds(name) {
            property(&data);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn position_strings(data in texty()) { properties::position_string(&data) }

    #[test]
    fn move_lists(data in texty()) { properties::move_list(&data) }

    #[test]
    fn records(data in texty()) { properties::record(&data) }

    #[test]
    fn ggf_games(data in texty()) { properties::ggf(&data) }

    #[test]
    fn obf_boards(data in texty()) { properties::obf(&data) }

    #[test]
    fn many_games(data in texty()) { properties::games(&data) }

    #[test]
    fn many_games_around_real_ones(cut in 0usize..2000, splice in texty()) {
        // A real archive with fuzzed text spliced into it.
        let archive = include_str!("../data/ggs/TestGames.ggf");
        let mut cut = cut.min(archive.len());
        while !archive.is_char_boundary(cut) {
            cut -= 1;
        }
        let mut data = archive.as_bytes()[..cut].to_vec();
        data.extend(&splice);
        data.extend(&archive.as_bytes()[cut..]);
        properties::games(&data)
    }

    #[cfg(feature = "capi")]
    #[test]
    fn c_abi_call_sequences(data in prop::collection::vec(any::<u8>(), 0..200)) { properties::c_abi(&data) }

    #[test]
    fn wthor_files(data in prop::collection::vec(any::<u8>(), 0..400)) { properties::wthor(&data) }
}
