//! The browser board (`oblique serve`) in a real browser: headless Chromium driven by
//! Selenium from `tests/browser/board_test.py`. A whole game by clicks in every game (the
//! page's FEN checked after every move against the engine's own replay of the moves), a
//! Black-first start, Diagonal Chess's restricted promotion and corner win, an illegal click,
//! a bad FEN, castling, a Star Trek attack-board move carrying a piece and Star Trek's flat
//! view large enough to click; and games from files (`oblique serve --variant-file FILE`):
//! listed, a whole game by clicks, a piece without a figure drawn with its letter, and
//! Grand Chess's optional promotion (the chooser offers the pawn too).
//!
//! Without Chromium, chromedriver or Selenium the browser test fails under CI=true and skips
//! with a `SKIPPED:` line elsewhere (`tests/common/tools.rs`; `.ci/install-test-tools`
//! installs them).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

#[path = "common/file_games.rs"]
mod file_games;
#[path = "common/tools.rs"]
mod tools;

/// Chromium, chromedriver and a Python with Selenium; `None` after a skip (outside CI; under
/// CI a missing one fails the test, `tests/common/tools.rs`).
fn tools_present() -> Option<PathBuf> {
    tools::require(
        tools::find_program(
            &["chromium", "chromium-browser", "google-chrome"],
            &["/usr/bin", "/usr/lib/chromium"],
        ),
        "chromium (Debian package chromium)",
    )?;
    tools::require(
        tools::find_program(&["chromedriver"], &["/usr/bin", "/usr/lib/chromium"]),
        "chromedriver (Debian package chromium-driver)",
    )?;
    tools::require_python(
        &["selenium"],
        "Selenium for Python 3 (PyPI package selenium)",
    )
}

/// `oblique serve --port 0`, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// With global arguments before `serve` (`--variant-file FILE`).
    fn start_with(global: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oblique"))
            .env_remove("OBLIQUE_NET")
            .args(global)
            .args(["serve", "--port", "0", "--threads", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start oblique serve");
        let stdout = child.stdout.take().expect("server stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the server's first line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in the server's first line: {line:?}"))
            .to_string();
        Server { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_browser_board_plays_every_game() {
    let Some(python) = tools_present() else {
        return;
    };
    let server = Server::start();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/board_test.py");
    let status = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .arg(&script)
        .arg(&server.url)
        .status()
        .expect("run tests/browser/board_test.py");
    assert!(
        status.success(),
        "browser tests failed (see the lines above)"
    );
}

#[test]
fn the_browser_board_plays_games_from_files() {
    // Capablanca (10x8; the archbishop A has no figure of its own) and a game of the test's
    // own whose khon S has none either: `oblique serve --variant-file FILE` as docs/browser.md
    // gives it, a whole game by clicks in each.
    let Some(python) = tools_present() else {
        return;
    };
    // Grand Chess (variants/grand.toml): the chooser offers the pawn where promotion is
    // optional.
    let (capablanca, khon) = (file_games::capablanca_file(), file_games::khon_chess_file());
    let grand = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/grand.toml");
    let server = Server::start_with(&[
        "--variant-file",
        capablanca.to_str().expect("path"),
        "--variant-file",
        khon.to_str().expect("path"),
        "--variant-file",
        grand.to_str().expect("path"),
    ]);
    let games = [("capablanca", 'a'), (file_games::KHON_CHESS_NAME, 's')];
    let mut only: Vec<String> = games
        .iter()
        .flat_map(|(g, _)| [format!("listed-{g}"), format!("game-{g}")])
        .collect();
    only.push("grand-promotion".to_string());
    let mut file_games: Vec<String> = games.iter().map(|(g, l)| format!("{g}:{l}")).collect();
    file_games.push("grand:a".to_string());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/board_test.py");
    let status = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .arg(&script)
        .arg(&server.url)
        .args(["--only", &only.join(",")])
        .args(["--file-games", &file_games.join(",")])
        .status()
        .expect("run tests/browser/board_test.py");
    assert!(
        status.success(),
        "browser tests of file games failed (see the lines above)"
    );
}

#[test]
fn the_browser_board_draws_a_graph_board() {
    // variants/forked-escalators.toml, given cell by cell: every cell of the file drawn (its
    // own polygon where it gives one), its barriers drawn, then a whole game by clicks.
    let Some(python) = tools_present() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("variants/forked-escalators.toml");
    let text = std::fs::read_to_string(&path).expect("the example file");
    let game = oblique_gamefile::toml_reader::parse("forked-escalators.toml", &text)
        .expect("the example reads");
    let polygons = game
        .board
        .cell
        .iter()
        .filter(|c| c.polygon.is_some())
        .count();
    let spec = format!(
        "{}:{}:{}:{polygons}",
        game.game.name,
        game.board.cell.len(),
        game.board.barriers.len()
    );
    let server = Server::start_with(&["--variant-file", path.to_str().expect("path")]);
    let only = format!("drawn-{0},game-{0}", game.game.name);
    let status = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .arg(root.join("tests/browser/board_test.py"))
        .arg(&server.url)
        .args(["--only", &only, "--graph-games", &spec])
        .status()
        .expect("run tests/browser/board_test.py");
    assert!(status.success(), "browser test of the graph board failed");
}

/// One HTTP/1.1 GET over a plain socket: (status code, body).
fn http_get(url: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let authority = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = std::net::TcpStream::connect(&authority).expect("connect to the server");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n"
    )
    .expect("send request");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read response");
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}

/// The server without a browser (runs everywhere): the page and its assets are served from
/// the binary, the API answers from the engine's own position, and bad requests get a clear
/// error while the server goes on.
#[test]
fn serve_answers_http_without_a_browser() {
    let server = Server::start();
    let (code, page) = http_get(&server.url, "/?variant=startrek");
    assert_eq!(code, 200);
    assert!(page.contains("<svg id=\"board\""), "{page}");
    for asset in ["app.js", "plane.js", "space.js", "pieces.js", "style.css"] {
        assert_eq!(
            http_get(&server.url, &format!("/assets/{asset}")).0,
            200,
            "{asset}"
        );
    }
    // conventions.md: b2 to ab4 is written b2a4 in SEC, a double step over b3 (the e.p.
    // square, escalator.md 1.6); the view names the square both ways.
    let (code, body) = http_get(&server.url, "/api/position?variant=slanted&moves=b2a4");
    assert_eq!(code, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("JSON view");
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/2*2*2/P1*2*2/8/P1PPPPPP/RNBQKBNR b KQkq b3 0 1"
    );
    let a4 = v["board"]["cells"]
        .as_array()
        .and_then(|cells| cells.iter().find(|c| c["square"] == "a4"))
        .expect("cell a4");
    assert_eq!(a4["name"], "ab4");
    for (path, want) in [
        ("/api/position?variant=nosuchgame", 400),
        ("/api/position?variant=chess&moves=e2e5", 400),
        ("/api/position?variant=chess&fen=garbage", 400),
        ("/assets/../../etc/passwd", 404),
        ("/nothing/here", 404),
    ] {
        let (code, body) = http_get(&server.url, path);
        assert_eq!(code, want, "{path}: {body}");
    }
    assert_eq!(http_get(&server.url, "/api/variants").0, 200);
}
