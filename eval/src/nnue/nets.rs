//! Which games play with a network, and where it comes from.
//!
//! A game's network is data, like its tuned weights: `eval/nets/<game>.nnue`, written by
//! `oblique net train`, compiled in for the games listed in [`EMBEDDED`]; a game listed in
//! [`SHARED`] plays with another game's network; a game file may name a network file of its
//! own (`[game] network`, read once from disk). Any other game keeps the hand-written
//! evaluation. For experiments the environment can change that
//! without a rebuild: `OBLIQUE_NET=FILE` plays the game the file names with that network
//! (other games keep theirs), `OBLIQUE_NET=none` turns every network off. A file that cannot
//! be read is reported once on standard error and ignored.

use super::features::Layout;
use super::network::Network;
use oblique_engine::rules::RulesCache;
use oblique_engine::variant::MAX_GAMES;
use oblique_engine::VariantSpec;
use once_cell::sync::OnceCell;

/// The networks compiled in: game name and file. Each was kept because it beat the build
/// without it in a match (README, "Network evaluation").
pub const EMBEDDED: &[(&str, &[u8])] = &[
    ("chess", include_bytes!("../../nets/chess.nnue")),
    ("slanted", include_bytes!("../../nets/slanted.nnue")),
    ("minislanted", include_bytes!("../../nets/minislanted.nnue")),
    ("diagonal", include_bytes!("../../nets/diagonal.nnue")),
    (
        "ultraslanted",
        include_bytes!("../../nets/ultraslanted.nnue"),
    ),
    ("startrek", include_bytes!("../../nets/startrek.nnue")),
    (
        "almostultraslanted",
        include_bytes!("../../nets/almostultraslanted.nnue"),
    ),
    (
        "sortofalmostultraslanted",
        include_bytes!("../../nets/sortofalmostultraslanted.nnue"),
    ),
];

/// Games that play with another game's network: their boards, men and moves are that game's
/// and only the player who moves first differs, which a network that scores the position
/// from the side to move's view does not see. A shared network must still win its own
/// match to be listed here (README, "Network evaluation").
pub const SHARED: &[(&str, &str)] = &[("ultraslantedwhite", "ultraslanted")];

/// The game whose network `game` plays with: its own, or the one it shares.
pub fn network_game(game: &str) -> &str {
    SHARED
        .iter()
        .find(|(g, _)| *g == game)
        .map_or(game, |(_, net)| net)
}

/// `layout` renamed for the network its game plays with (a network file names its owner).
pub fn network_layout(mut layout: Layout) -> Layout {
    layout.game = network_game(&layout.game).to_string();
    layout
}

/// The environment variable that overrides the compiled-in networks.
pub const OVERRIDE: &str = "OBLIQUE_NET";

/// What `OBLIQUE_NET` says.
enum Override {
    /// Unset, or a file that could not be used (reported once).
    Nothing,
    /// `none`: every game plays with its hand-written evaluation.
    Off,
    /// A network file for the game its header names.
    Net { game: String, bytes: Vec<u8> },
}

static FROM_ENV: OnceCell<Override> = OnceCell::new();

/// `OBLIQUE_NET`, read once. The game is the file's own (its header), so a reader knows
/// which game to build it for.
fn from_env() -> &'static Override {
    FROM_ENV.get_or_init(|| {
        let Ok(path) = std::env::var(OVERRIDE) else {
            return Override::Nothing;
        };
        if path.eq_ignore_ascii_case("none") {
            return Override::Off;
        }
        match std::fs::read(&path) {
            Ok(bytes) => match Network::game_of(&bytes) {
                Some(game) => Override::Net { game, bytes },
                None => {
                    eprintln!("{OVERRIDE}: {path} is not an Oblique network file; ignored");
                    Override::Nothing
                }
            },
            Err(e) => {
                eprintln!("{OVERRIDE}: cannot read {path}: {e}; ignored");
                Override::Nothing
            }
        }
    })
}

static LOADED: [OnceCell<Option<&'static Network>>; MAX_GAMES] =
    [const { OnceCell::new() }; MAX_GAMES];

/// The network a 2D game plays with, if any: read once per process.
pub fn for_game<B: RulesCache>(spec: &'static VariantSpec) -> Option<&'static Network> {
    *LOADED
        .get(spec.id)?
        .get_or_init(|| load(spec.name, spec.network, || Layout::of_game::<B>(spec)))
}

/// The network a game file names (`[game] network`), read for `oblique check`: `None` when
/// the file names none, else the network or why the game cannot play with it.
pub fn file_network<B: RulesCache>(spec: &'static VariantSpec) -> Option<Result<Network, String>> {
    let path = spec.network?;
    let read = || -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let layout = Layout::of_game::<B>(spec)
            .ok_or_else(|| format!("{} has no network inputs", spec.name))?;
        Network::read(&bytes, &network_layout(layout)).map_err(|e| format!("{path}: {e}"))
    };
    Some(read())
}

static STARTREK: OnceCell<Option<&'static Network>> = OnceCell::new();

/// The network Star Trek chess plays with, if any: read once per process.
pub fn for_startrek() -> Option<&'static Network> {
    *STARTREK.get_or_init(|| {
        load(oblique_engine::startrek::NAME, None, || {
            Some(Layout::of_startrek())
        })
    })
}

/// The network of `game`: `OBLIQUE_NET`'s if it names the game, else the game file's
/// `file`, else the compiled-in one. A file that cannot be read or does not fit is reported
/// once and the game keeps the hand-written evaluation.
fn load(
    game: &str,
    file: Option<&str>,
    layout: impl FnOnce() -> Option<Layout>,
) -> Option<&'static Network> {
    let net_game = network_game(game);
    let from_file;
    let bytes: &[u8] = match (from_env(), file) {
        (Override::Off, _) => return None,
        (Override::Net { game: g, bytes }, _) if g == net_game => bytes,
        (_, Some(path)) => match std::fs::read(path) {
            Ok(b) => {
                from_file = b;
                &from_file
            }
            Err(e) => {
                eprintln!("network for {game}: cannot read {path}: {e}; using the hand-written evaluation");
                return None;
            }
        },
        _ => EMBEDDED.iter().find(|(g, _)| *g == net_game)?.1,
    };
    match Network::read(bytes, &network_layout(layout()?)) {
        Ok(net) => Some(Box::leak(Box::new(net))),
        Err(e) => {
            eprintln!("network for {game}: {e}; using the hand-written evaluation");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiled-in network that does not fit its game's layout would be reported at run
    /// time and the game would quietly play without it: catch that here.
    #[test]
    fn every_embedded_network_reads_for_its_game() {
        for (game, bytes) in EMBEDDED {
            let layout = Layout::of_name(game).expect("a game of the engine, with a layout");
            if let Err(e) = Network::read(bytes, &layout) {
                panic!("embedded network for {game}: {e}");
            }
        }
    }

    /// A game that shares a network must see the same inputs as the game that owns it:
    /// the same cells, roles, view of the other player and symmetries.
    #[test]
    fn a_shared_network_fits_the_game_that_borrows_it() {
        for (game, owner) in SHARED {
            let mine = Layout::of_name(game).expect("a game of the engine");
            let theirs = Layout::of_name(owner).expect("a game of the engine");
            let shape = |l: &Layout| {
                (
                    l.cells,
                    l.roles,
                    l.role_slot,
                    l.mirror.clone(),
                    l.symmetries.clone(),
                )
            };
            assert_eq!(
                shape(&mine),
                shape(&theirs),
                "{game} cannot play with {owner}'s network"
            );
            let (_, bytes) = EMBEDDED
                .iter()
                .find(|(g, _)| g == owner)
                .expect("the owner's network is compiled in");
            if let Err(e) = Network::read(bytes, &network_layout(mine)) {
                panic!("{game} with {owner}'s network: {e}");
            }
        }
    }
}
