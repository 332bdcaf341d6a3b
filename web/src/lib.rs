//! `oblique serve`: the browser board. A small local web server (axum on tokio) hands out the
//! page, whose files are compiled into the binary (no build step, no CDN, no request leaves
//! the machine), and plays with each tab over its own WebSocket: one game per socket, its
//! searches run on blocking threads and are cancelled when the socket closes.
//!
//! Routes: `/` the page (query `variant`, `fen`, `engine=off`, ... are read by the page),
//! `/assets/*` its scripts and style, `/ws` a game, `/api/variants` the game list,
//! `/api/position?variant=V&fen=F&moves=m1,m2` the view of a position (stateless, for tools
//! and tests).

mod assets;
pub mod engine;
pub mod error;
pub mod json;
pub mod pgn;
pub mod session;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use engine::Engines;
use error::ServeError;
use serde::Deserialize;
use serde_json::{json, Value};
use session::Session;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Largest WebSocket message accepted from a page (a long PGN fits easily).
const MAX_MESSAGE: usize = 1 << 20;

/// How `oblique serve` was started.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub host: String,
    pub port: u16,
    /// Most searches running at once (each uses one thread).
    pub threads: usize,
    pub hash_mb: usize,
    pub open: bool,
}

#[derive(Clone)]
struct AppState {
    engines: Arc<Engines>,
    /// Open game sockets (tabs).
    sessions: Arc<AtomicUsize>,
}

/// Runs the server until the process is stopped.
pub fn serve(options: ServeOptions) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(run(options))
}

async fn run(options: ServeOptions) -> Result<(), ServeError> {
    let engines = Arc::new(Engines::new(options.threads, options.hash_mb)?);
    let app = router(AppState {
        engines,
        sessions: Arc::new(AtomicUsize::new(0)),
    });
    let addr = format!("{}:{}", options.host, options.port);
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|error| ServeError::Listen {
            addr: addr.clone(),
            error,
        })?;
    let local: SocketAddr = listener.local_addr().map_err(ServeError::LocalAddress)?;
    let url = format!("http://{local}/");
    println!("oblique serve: open {url} in a browser (Ctrl-C stops the server)");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    if options.open {
        open_browser(&url);
    }
    axum::serve(listener, app)
        .await
        .map_err(ServeError::Stopped)
}

/// Opens the page with the desktop's browser, if the machine has a way to.
fn open_browser(url: &str) {
    let candidates: Vec<String> = std::env::var("BROWSER")
        .ok()
        .into_iter()
        .chain(["xdg-open", "open", "sensible-browser"].map(String::from))
        .collect();
    for c in candidates {
        if std::process::Command::new(&c)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .is_ok()
        {
            return;
        }
    }
    eprintln!("oblique serve: no browser found to open; open {url} yourself");
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{file}", get(asset))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/ws", get(socket))
        .route("/api/variants", get(variants))
        .route("/api/position", get(position))
        .route("/api/stats", get(stats))
        .fallback(not_found)
        .with_state(state)
}

async fn index() -> Response {
    asset_response("index.html")
}

async fn asset(Path(file): Path<String>) -> Response {
    asset_response(&file)
}

fn asset_response(file: &str) -> Response {
    match assets::get(file) {
        Some((bytes, mime)) => (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => not_found_response(),
    }
}

async fn not_found() -> Response {
    not_found_response()
}

fn not_found_response() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

async fn variants() -> Response {
    match oblique_engine::any::variant_infos() {
        Ok(list) => Json(
            list.iter()
                .map(|v| {
                    json!({"name": v.name, "title": v.title, "board": v.board,
                           "squares": v.squares, "first": v.first.name()})
                })
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => bad_request(e.to_string()),
    }
}

#[derive(Deserialize)]
struct PositionQuery {
    variant: Option<String>,
    fen: Option<String>,
    /// Comma- or space-separated moves to play first.
    moves: Option<String>,
}

fn bad_request(message: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": message}))).into_response()
}

async fn position(
    query: Result<Query<PositionQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let q = match query {
        Ok(Query(q)) => q,
        Err(e) => return bad_request(format!("bad query: {e}")),
    };
    let variant = q.variant.unwrap_or_else(|| "chess".into());
    let mut game = match session::new_game(&variant, q.fen.as_deref()) {
        Ok(g) => g,
        Err(e) => return bad_request(e.to_string()),
    };
    let moves = q.moves.unwrap_or_default();
    for m in moves.split([',', ' ']).filter(|m| !m.is_empty()) {
        if let Err(e) = game.play(m) {
            return bad_request(e.to_string());
        }
    }
    let view = oblique_engine::view::view(game.position());
    let mut v: Value = json::view_json(&view);
    v["pgn"] = json!(pgn::write(&game));
    Json(v).into_response()
}

/// Open tabs and search load, for tests and measurements.
async fn stats(State(state): State<AppState>) -> Response {
    let (threads, searching, peak) = state.engines.load();
    Json(json!({
        "sessions": state.sessions.load(Ordering::SeqCst),
        "threads": threads,
        "searching": searching,
        "peakSearching": peak,
    }))
    .into_response()
}

/// A page from another site (the browser sends its `Origin`) may not open a game here: only
/// pages this server handed out, whose origin names the host they were fetched from.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true; // not a browser page (tools, tests)
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

async fn socket(
    State(state): State<AppState>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "games may be opened only from this server's own page\n",
        )
            .into_response();
    }
    ws.max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| play(socket, state))
}

/// One tab's game for as long as its socket is open.
async fn play(socket: WebSocket, state: AppState) {
    state.sessions.fetch_add(1, Ordering::SeqCst);
    run_session(socket, &state).await;
    state.sessions.fetch_sub(1, Ordering::SeqCst);
}

async fn run_session(mut socket: WebSocket, state: &AppState) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut session = Session::new(state.engines.clone(), tx);
    loop {
        let replies = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => session.handle_text(text.as_str()),
                Some(Ok(Message::Binary(_))) => vec![json!({
                    "type": "error", "message": "binary messages are not understood; send JSON text"
                })],
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => Vec::new(),
            },
            Some(event) = rx.recv() => session.handle_event(event),
        };
        for reply in replies {
            if socket
                .send(Message::Text(reply.to_string().into()))
                .await
                .is_err()
            {
                session.cancel_search();
                return;
            }
        }
    }
    session.cancel_search();
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn only_our_own_pages_open_games() {
        assert!(same_origin(&headers(None, "127.0.0.1:8080")));
        assert!(same_origin(&headers(
            Some("http://127.0.0.1:8080"),
            "127.0.0.1:8080"
        )));
        assert!(!same_origin(&headers(
            Some("https://evil.example"),
            "127.0.0.1:8080"
        )));
        assert!(!same_origin(&headers(
            Some("http://127.0.0.1:9999"),
            "127.0.0.1:8080"
        )));
    }
}
