//! One game between two engines, refereed by Oblique's own move generator, with the clocks
//! kept by the runner.
//!
//! Time: the runner measures each move from just before it asks for it until the line with
//! the move arrives. Under `--tc` the mover's clock loses that time and gains the increment;
//! the move stands if the clock has not fallen below minus the margin (`--margin`, 100 ms by
//! default), which absorbs pipe and scheduling delays. Under `--movetime` a move may take the
//! move time plus the margin. Under `--depth` there is no clock, but an engine that has not
//! answered after the stall timeout loses as silent.

use crate::config::{EngineConfig, Tc};
use crate::engine::{Engine, MoveRequest, Reply, Score};
use crate::error::{ReplayError, StartError};
use crate::openings::Opening;
use crate::process::EngineError;
use oblique_engine::record::PlayError;
use oblique_engine::{AnyPosition, Color, GameRecord};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn win_for(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Why a game ended, as PGN's `Termination` tag knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// By the rules (mate, stalemate, draws by rule, the Diagonal Chess corner), or a
    /// resignation.
    Normal,
    TimeForfeit,
    /// An illegal or unreadable move.
    IllegalMove,
    /// The engine process died or could not be started.
    Crash,
    /// The engine stopped answering (no clock to run out: `--depth`), or broke the protocol.
    Stall,
    /// By score or by the move limit.
    Adjudication,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Crash | Termination::Stall => "abandoned",
            Termination::Adjudication => "adjudication",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::Stall => "stalled or broke the protocol",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// What the runner knows of a move beyond the move itself (which the game record keeps).
#[derive(Clone, Debug, Default)]
pub struct MoveNote {
    /// From the mover's point of view.
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub ms: u64,
    /// Part of the opening, not played by an engine.
    pub book: bool,
}

/// A finished game of the match: the game itself (the engine's record: start position and
/// moves, opening moves included), the runner's note on each move, and how it ended.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// 1-based number in the schedule.
    pub number: usize,
    /// Engine indices.
    pub white: usize,
    pub black: usize,
    pub game: GameRecord,
    /// One per move of `game`.
    pub notes: Vec<MoveNote>,
    pub result: GameResult,
    pub termination: Termination,
    pub reason: String,
    /// The engine (index) at fault for a forfeit, if any.
    pub culprit: Option<usize>,
}

impl PlayedGame {
    /// A game not yet played.
    pub fn new(number: usize, engines: [usize; 2], game: GameRecord) -> PlayedGame {
        PlayedGame {
            number,
            white: engines[0],
            black: engines[1],
            game,
            notes: Vec::new(),
            result: GameResult::Draw,
            termination: Termination::Normal,
            reason: String::new(),
            culprit: None,
        }
    }

    /// The game ends with `loser` losing: `culprit` is the engine at fault, if any.
    fn forfeit(&mut self, loser: Color, culprit: Option<usize>, term: Termination, why: String) {
        self.result = GameResult::win_for(other(loser));
        self.termination = term;
        self.reason = why;
        self.culprit = culprit;
    }
}

/// Score-based adjudication.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Adjudication {
    /// Both engines agree one side is ahead by at least `cp` for `moves` moves each.
    pub resign: Option<(u32, i32)>,
    /// From move `from_move` on, both scores within `cp` of zero for `moves` moves each.
    pub draw: Option<(u32, u32, i32)>,
    /// Declare a draw after this many moves (from the start position).
    pub max_moves: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct GameSettings {
    pub variant: String,
    pub tc: Tc,
    pub margin: Duration,
    pub stall: Duration,
    pub adjudication: Adjudication,
}

/// What a worker keeps per engine between games.
pub struct Seat {
    pub cfg: EngineConfig,
    pub engine: Option<Engine>,
    /// Prefix for `--debug` traces.
    pub trace: Option<String>,
}

impl Seat {
    /// The running engine, (re)started if needed.
    fn ready(&mut self, stop: &AtomicBool) -> Result<&mut Engine, StartError> {
        if self.engine.as_ref().is_some_and(|e| e.wants_restart) {
            if let Some(e) = self.engine.take() {
                e.quit();
            }
        }
        if self.engine.is_none() {
            self.engine = Some(Engine::start(&self.cfg, stop, self.trace.clone())?);
        }
        self.engine.as_mut().ok_or(StartError::NotRunning)
    }

    /// Ends a misbehaving engine now; the next game starts a fresh one.
    fn discard(&mut self) {
        if let Some(e) = self.engine.take() {
            e.quit();
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn other(c: Color) -> Color {
    match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Text from an engine made safe for a PGN comment: no braces or control characters, at
/// most `max` characters, never empty.
pub fn sanitize(s: &str, max: usize) -> String {
    let t: String = s
        .chars()
        .map(|c| match c {
            '{' | '}' => '_',
            c if c.is_control() => ' ',
            c => c,
        })
        .take(max)
        .collect();
    if t.is_empty() {
        "(nothing)".to_string()
    } else {
        t
    }
}

/// Plays one game. `seats[0]` plays White, `seats[1]` Black; `engines` are their indices.
/// Returns `None` when stopped before the end (the game is then not recorded).
pub fn play_game(
    settings: &GameSettings,
    opening: &Opening,
    number: usize,
    engines: [usize; 2],
    mut seats: [&mut Seat; 2],
    stop: &AtomicBool,
) -> Option<PlayedGame> {
    // 1. The game record, the opening's moves played as book moves.
    let mut record = opening_record(settings, opening, number, engines)?;

    // 2. Each colour's limit: the match's, or its engine's own clock (time odds).
    let tcs = [Color::White, Color::Black].map(|c| seats[idx(c)].cfg.tc.unwrap_or(settings.tc));

    // 3. Start both engines and set up the game; a failure forfeits the game.
    for c in [Color::White, Color::Black] {
        let seat = &mut *seats[idx(c)];
        if let Err((term, why)) = start_engine(seat, &record.game, tcs[idx(c)], stop) {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return None;
            }
            seat.discard();
            let why = format!("{} {}", side_name(c), sanitize(&why, 200));
            record.forfeit(c, Some(engines[idx(c)]), term, why);
            finish(&mut seats, &record);
            return Some(record);
        }
    }

    // 4. Moves until the rules, an engine's failure, the clock or adjudication end the game.
    let mut clocks = Clocks::new(&tcs, settings.margin);
    let mut adjudicator = Adjudicator::default();
    while !ended_by_rules(&mut record, settings) {
        let side = record.game.position().side_to_move();
        let i = idx(side);
        let seat = &mut *seats[i];
        let culprit = Some(engines[i]);

        // 4a. Ask the engine on move, with both clocks and a deadline.
        let asked = Instant::now();
        let (budget, timed) = clocks.budget(i, settings);
        let req = clocks.request(&record.game, i, tcs[i], asked + budget);
        let reply = match seat.engine.as_mut() {
            Some(e) => e.request_move(&req, stop),
            None => Err(EngineError::Crashed("not running".into())),
        };
        let (text, at, score, depth) = match reply {
            Ok(Reply::Move {
                text,
                at,
                score,
                depth,
            }) => (text, at, score, depth),
            Ok(Reply::Resign) => {
                let why = format!("{} resigns", side_name(side));
                record.forfeit(side, None, Termination::Normal, why);
                break;
            }
            Err(EngineError::Aborted) => return None,
            Err(e) => {
                seat.discard();
                let (term, why) = failure(side, e, timed, settings.stall);
                record.forfeit(side, culprit, term, why);
                break;
            }
        };

        // 4b. The clock: the time from the request to the move's line.
        let ms = at.saturating_duration_since(asked).as_millis() as i64;
        if clocks.charge(i, ms, settings.tc) {
            seat.discard();
            let why = format!("{} loses on time", side_name(side));
            record.forfeit(side, culprit, Termination::TimeForfeit, why);
            break;
        }

        // 4c. The arbiter: an illegal move loses.
        if let Err(e) = record.game.play(&text) {
            let why = illegal_move_reason(side, &text, e);
            record.forfeit(side, culprit, Termination::IllegalMove, why);
            // Its idea of the position is wrong: start afresh next game.
            seat.discard();
            break;
        }
        record.notes.push(MoveNote {
            score,
            depth,
            ms: ms.max(0) as u64,
            book: false,
        });

        // 4d. Score adjudication.
        let adjudication = &settings.adjudication;
        if let Some((result, reason)) = adjudicator.after_move(adjudication, side, score, &record) {
            record.result = result;
            record.termination = Termination::Adjudication;
            record.reason = reason;
            break;
        }
    }
    finish(&mut seats, &record);
    Some(record)
}

/// Step 1 of `play_game`: the record of a game about to start, with the opening's moves.
fn opening_record(
    settings: &GameSettings,
    opening: &Opening,
    number: usize,
    engines: [usize; 2],
) -> Option<PlayedGame> {
    let game = GameRecord::new(&settings.variant, opening.fen.as_deref()).ok()?;
    let mut record = PlayedGame::new(number, engines, game);
    for m in &opening.moves {
        record.game.play_past_result(m).ok()?;
        record.notes.push(MoveNote {
            book: true,
            ..MoveNote::default()
        });
    }
    Some(record)
}

/// Step 3 of `play_game`: one seat's engine started (or reused) and told of the game; on
/// failure, how the game ends and why.
fn start_engine(
    seat: &mut Seat,
    game: &GameRecord,
    tc: Tc,
    stop: &AtomicBool,
) -> Result<(), (Termination, String)> {
    let eng = seat
        .ready(stop)
        .map_err(|e| (Termination::Crash, e.to_string()))?;
    eng.new_game(game, tc, stop).map_err(|e| match e {
        EngineError::Crashed(_) => (Termination::Crash, format!("engine crashed: {e}")),
        EngineError::Aborted => (Termination::Stall, "aborted".to_string()),
        other => (
            Termination::Stall,
            format!("engine failed to start the game: {other}"),
        ),
    })
}

/// Step 4 of `play_game`: a result the rules give (mate, stalemate, draws, the Diagonal
/// Chess corner) or the move limit, written into the record; `true` when the game is over.
fn ended_by_rules(record: &mut PlayedGame, settings: &GameSettings) -> bool {
    if let Some(o) = record.game.outcome() {
        record.result = match o.winner() {
            Some(c) => GameResult::win_for(c),
            None => GameResult::Draw,
        };
        record.termination = Termination::Normal;
        record.reason = o.reason().to_string();
        return true;
    }
    if let Some(limit) = settings.adjudication.max_moves {
        if record.game.len() as u32 >= 2 * limit {
            record.result = GameResult::Draw;
            record.termination = Termination::Adjudication;
            record.reason = format!("Draw by move limit ({limit} moves)");
            return true;
        }
    }
    false
}

/// Step 4a of `play_game`: how a failed request ends the game for the side on move.
fn failure(side: Color, e: EngineError, timed: bool, stall: Duration) -> (Termination, String) {
    match e {
        EngineError::Timeout if timed => (
            Termination::TimeForfeit,
            format!("{} loses on time", side_name(side)),
        ),
        EngineError::Timeout => (
            Termination::Stall,
            format!(
                "{}'s engine did not move within {} s",
                side_name(side),
                stall.as_secs()
            ),
        ),
        EngineError::Crashed(why) => (
            Termination::Crash,
            format!(
                "{}'s engine crashed ({})",
                side_name(side),
                sanitize(&why, 200)
            ),
        ),
        EngineError::Protocol(why) => (
            Termination::Stall,
            format!("{}'s engine: {}", side_name(side), sanitize(&why, 200)),
        ),
        EngineError::Aborted => (Termination::Stall, "aborted".to_string()),
    }
}

/// Step 4c of `play_game`: the arbiter's reason for refusing an engine's move (the game is
/// not over here: that was looked at first).
fn illegal_move_reason(side: Color, text: &str, e: PlayError) -> String {
    let why = match e {
        PlayError::Move(e) => e.to_string(),
        PlayError::GameOver(o) => o.reason().to_string(),
    };
    let what = if text.is_empty() {
        "an empty move".to_string()
    } else {
        format!("an illegal move: {}", sanitize(text, 80))
    };
    format!("{} makes {what} ({})", side_name(side), sanitize(&why, 200))
}

/// Both clocks of a game in milliseconds, kept by the runner (step 4 of `play_game`).
struct Clocks {
    clock_ms: [i64; 2],
    inc_ms: [i64; 2],
    margin_ms: i64,
}

impl Clocks {
    fn new(tcs: &[Tc; 2], margin: Duration) -> Clocks {
        let fischer = |tc: Tc| match tc {
            Tc::Fischer { base_ms, inc_ms } => (base_ms as i64, inc_ms as i64),
            _ => (0, 0),
        };
        Clocks {
            clock_ms: tcs.map(|tc| fischer(tc).0),
            inc_ms: tcs.map(|tc| fischer(tc).1),
            margin_ms: margin.as_millis() as i64,
        }
    }

    /// How long side `i` may take before it loses (the clock plus the margin, the move time
    /// plus the margin, or the stall timeout without a clock), and whether that is a clock.
    fn budget(&self, i: usize, settings: &GameSettings) -> (Duration, bool) {
        match settings.tc {
            Tc::Fischer { .. } => (
                Duration::from_millis((self.clock_ms[i] + self.margin_ms).max(0) as u64),
                true,
            ),
            Tc::MoveTime(ms) => (Duration::from_millis(ms) + settings.margin, true),
            Tc::Depth(_) => (settings.stall, false),
        }
    }

    /// The request for side `i`'s move, with both clocks.
    fn request<'a>(
        &self,
        game: &'a GameRecord,
        i: usize,
        tc: Tc,
        deadline: Instant,
    ) -> MoveRequest<'a> {
        let c = &self.clock_ms;
        MoveRequest {
            game,
            own_ms: c[i].max(0) as u64,
            opp_ms: c[1 - i].max(0) as u64,
            wtime_ms: c[0].max(0) as u64,
            btime_ms: c[1].max(0) as u64,
            winc_ms: self.inc_ms[0] as u64,
            binc_ms: self.inc_ms[1] as u64,
            tc,
            deadline,
        }
    }

    /// Charges side `i` for a move that took `ms` (adding the increment after); `true` when
    /// the move came too late.
    fn charge(&mut self, i: usize, ms: i64, tc: Tc) -> bool {
        match tc {
            Tc::Fischer { .. } => {
                self.clock_ms[i] -= ms;
                let late = self.clock_ms[i] < -self.margin_ms;
                self.clock_ms[i] += self.inc_ms[i];
                late
            }
            Tc::MoveTime(limit) => ms > limit as i64 + self.margin_ms,
            Tc::Depth(_) => false,
        }
    }
}

/// Score adjudication (step 4d of `play_game`): streaks of plies whose scores, seen from
/// White's side, agree that one side is ahead, or that the game is level.
#[derive(Default)]
struct Adjudicator {
    /// (plies, sign of the score).
    resign_streak: (u32, i32),
    draw_streak: u32,
}

impl Adjudicator {
    /// After a move by `side` with its engine's `score`: the result and reason if the
    /// streaks decide the game.
    fn after_move(
        &mut self,
        rules: &Adjudication,
        side: Color,
        score: Option<Score>,
        record: &PlayedGame,
    ) -> Option<(GameResult, String)> {
        let white_cp = score.map(|s| {
            let cp = s.centipawns();
            if side == Color::White {
                cp
            } else {
                -cp
            }
        });
        if let Some((moves, cp)) = rules.resign {
            match white_cp {
                Some(v) if v.abs() >= cp => {
                    let sign = v.signum();
                    self.resign_streak = if self.resign_streak.1 == sign {
                        (self.resign_streak.0 + 1, sign)
                    } else {
                        (1, sign)
                    };
                }
                _ => self.resign_streak = (0, 0),
            }
            if self.resign_streak.0 >= 2 * moves {
                let winner = if self.resign_streak.1 > 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let reason = format!("{} wins by adjudication", side_name(winner));
                return Some((GameResult::win_for(winner), reason));
            }
        }
        if let Some((from_move, moves, cp)) = rules.draw {
            let move_no = (record.game.len() as u32).div_ceil(2);
            match white_cp {
                Some(v) if v.abs() <= cp && move_no >= from_move => self.draw_streak += 1,
                _ => self.draw_streak = 0,
            }
            if self.draw_streak >= 2 * moves {
                return Some((GameResult::Draw, "Draw by adjudication".to_string()));
            }
        }
        None
    }
}

fn finish(seats: &mut [&mut Seat; 2], record: &PlayedGame) {
    for seat in seats.iter_mut() {
        if let Some(e) = seat.engine.as_mut() {
            e.end_game(record.result.pgn(), &record.reason);
        }
    }
}

/// Replays a game through the arbiter from what its PGN says (start FEN, moves in protocol
/// notation): the final position, or the first problem.
pub fn replay(g: &PlayedGame) -> Result<AnyPosition, ReplayError> {
    let mut pos = AnyPosition::new(g.game.variant(), Some(&g.game.start_fen()))?;
    for m in g.game.moves() {
        pos.play(&m.text)?;
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitizing_engine_text() {
        assert_eq!(sanitize("e2e4}{x", 80), "e2e4__x");
        assert_eq!(sanitize("", 80), "(nothing)");
        assert_eq!(sanitize("a\tb", 80), "a b");
        assert_eq!(sanitize(&"x".repeat(500), 80).len(), 80);
    }

    #[test]
    fn termination_tags() {
        assert_eq!(Termination::TimeForfeit.pgn(), "time forfeit");
        assert_eq!(Termination::IllegalMove.pgn(), "rules infraction");
        assert_eq!(Termination::Crash.pgn(), "abandoned");
        assert_eq!(GameResult::win_for(Color::Black).pgn(), "0-1");
    }
}
