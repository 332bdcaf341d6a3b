// The page: one game per tab over a WebSocket to `oblique serve`. The server sends the whole
// state after every change (position view, legal moves, history, PGN); this script only
// draws it and turns clicks into moves the server's own generator listed. It never decides
// legality itself.
//
// URL: ?variant=NAME&fen=FEN&engine=off|white|black|both&depth=N&movetime=MS&view=3d|flat
//      &tilt=1&flip=1

import { renderPlane } from './plane.js';
import { renderSpace } from './space.js';
import { figure } from './pieces.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const ui = {
  flip: params.get('flip') === '1',
  tilt: params.get('tilt') === '1',
  spaceView: params.get('view') === 'flat' ? 'flat' : '3d',
  selected: null,
  targets: new Set(),
  movable: new Set(),
  movablePins: new Set(),
  pickedPin: null,
  pinTargets: new Set(),
  lastMove: null,
  arrow: null,
};

let state = null;
let replay = null; // {index, view} while looking at an earlier position
let lines = new Map();
let pending = 0;
let sentAt = null;
let ws = null;
let queue = [];

// Hooks for tests and measurements.
window.__oblique = { states: 0, firstDrawMs: null, roundTripMs: [], errors: [] };

function markIdle() {
  const idle = pending === 0 && state && !state.thinking;
  document.body.dataset.idle = idle ? '1' : '0';
}

let expectNewGame = false;

function send(msg) {
  if (msg.type === 'new') expectNewGame = true;
  pending++;
  markIdle();
  if (msg.type === 'move') sentAt = performance.now();
  const text = JSON.stringify(msg);
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(text);
  else queue.push(text);
}

function strength() {
  const [kind, value] = $('strength').value.split(':');
  return kind === 'depth' ? { depth: Number(value) } : { movetime: Number(value) };
}

function showMessage(text) {
  $('message').textContent = text;
}

// ---- connection -----------------------------------------------------------------------

function connect() {
  ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  ws.onopen = () => {
    for (const t of queue) ws.send(t);
    queue = [];
  };
  ws.onmessage = (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg.type === 'state') onState(msg);
    else if (msg.type === 'error') {
      pending = Math.max(0, pending - 1);
      window.__oblique.errors.push(msg.message);
      expectNewGame = false;
      if (!state) {
        // The address asked for a game that cannot start: say why, and start the game's
        // (or chess's) own start position instead.
        const known = [...$('variant').options].some((o) => o.value === params.get('variant'));
        if (!known) $('variant').value = 'chess';
        newGame();
      }
      showMessage(msg.message);
      markIdle();
    } else if (msg.type === 'info') onInfo(msg);
  };
  ws.onclose = () => showMessage('The connection to oblique serve was lost; reload the page to start again.');
}

// Leaving the page ends its game on the server (and stops its search) even when the browser
// keeps the page in its back-forward cache; coming back to such a page starts it afresh.
window.addEventListener('pagehide', () => { if (ws) { ws.onclose = null; ws.close(); } });
window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });

// ---- state ----------------------------------------------------------------------------

function onState(msg) {
  pending = Math.max(0, pending - 1);
  if (sentAt !== null) {
    window.__oblique.roundTripMs.push(performance.now() - sentAt);
    sentAt = null;
  }
  const variantChanged = !state || state.view.variant !== msg.view.variant;
  state = msg;
  window.__oblique.states++;
  replay = null;
  clearPick();
  if (!msg.analysing) { lines = new Map(); ui.arrow = null; renderLines(); }
  ui.lastMove = msg.lastMove;
  $('engine-side').value = msg.engine;
  if (expectNewGame) {
    // A new game is seen from the person's side: Black at the bottom when the engine has White.
    expectNewGame = false;
    ui.flip = params.get('flip') === '1' || msg.engine === 'white';
  }
  if (variantChanged) {
    $('variant').value = msg.view.variant;
    viewOptions();
  }
  render();
  markIdle();
  if (window.__oblique.firstDrawMs === null) window.__oblique.firstDrawMs = performance.now();
}

function shownView() {
  return replay ? replay.view : state.view;
}

function humanMayMove() {
  if (!state || replay || state.view.result) return false;
  const side = state.view.sideToMove;
  return state.engine === 'off' || (state.engine !== 'both' && state.engine !== side);
}

function clearPick() {
  ui.selected = null;
  ui.targets = new Set();
  ui.pickedPin = null;
  ui.pinTargets = new Set();
}

function render() {
  if (!state) return;
  const view = shownView();
  const moves = humanMayMove() ? view.moves : [];
  ui.movable = new Set(moves.filter((m) => !m.boardMove).map((m) => m.from));
  ui.movablePins = new Set(moves.filter((m) => m.boardMove).map((m) => m.from));
  const svg = $('board');
  if (view.board.kind === 'space') renderSpace(svg, view, ui);
  else renderPlane(svg, view, ui);
  const r = view.result;
  $('status').textContent = r ? `${r.result} ${r.reason}` : `${view.sideToMove === 'white' ? 'White' : 'Black'} to move`;
  $('thinking').textContent = state.thinking ? 'Oblique is thinking…' : (state.analysing ? 'Analysing…' : '');
  $('fen').textContent = view.fen;
  renderMoves();
  const pgn = state.pgn || '';
  $('download').href = 'data:application/x-chess-pgn;charset=utf-8,' + encodeURIComponent(pgn);
  $('replay-pos').textContent = replay ? `move ${replay.index} of ${state.history.length}` : '';
}

function renderMoves() {
  const ol = $('moves');
  const items = [];
  let black = state.firstMover === 'black';
  let n = state.startFullmove;
  state.history.forEach((h, i) => {
    const num = black ? (i === 0 ? `${n}... ` : '') : `${n}. `;
    const current = replay ? replay.index === i + 1 : i === state.history.length - 1;
    items.push(`<li data-ply="${i + 1}" data-move="${h.text}"${current ? ' class="current"' : ''}>${num}${h.human}</li>`);
    if (black) n++;
    black = !black;
  });
  ol.innerHTML = items.join('');
  ol.scrollTop = ol.scrollHeight;
}

// ---- analysis -------------------------------------------------------------------------

function scoreText(s) {
  if (s.mate !== undefined) return `#${s.mate}`;
  const v = s.cp / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

function onInfo(info) {
  if (!state || !state.analysing) return;
  lines.set(info.multipv, info);
  if (info.multipv === 1) {
    const s = info.score;
    const frac = s.mate !== undefined ? (s.mate > 0 ? 1 : 0) : 1 / (1 + Math.exp(-s.cp / 250));
    $('evalfill').style.height = `${(frac * 100).toFixed(1)}%`;
    const best = state.view.moves.find((m) => m.text === info.pv[0]);
    ui.arrow = best && !best.boardMove ? { from: best.from, to: best.to } : null;
    if (!replay) render();
  }
  renderLines();
}

function renderLines() {
  const items = [...lines.values()].sort((a, b) => a.multipv - b.multipv).map((i) =>
    `<li>d${i.depth} ${scoreText(i.score)} ${i.pvHuman.join(' ')}</li>`);
  $('lines').innerHTML = items.join('');
}

// ---- moves by click and drag ----------------------------------------------------------

function choosePromotion(candidates) {
  const box = $('promotion');
  const view = shownView();
  const figureOf = (letter) => {
    const known = view.pieces.find((p) => p.role === letter);
    if (known) return known.figure;
    return { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', u: 'ultra', c: 'chancellor' }[letter] || letter;
  };
  // Where promotion is optional one candidate has no promotion: the pawn stays a pawn and
  // its button shows the moving piece.
  const mover = view.pieces.find((p) => p.square === candidates[0].from);
  const choice = (m) => m.promotion || '';
  const button = (m) => {
    const letter = m.promotion || (mover ? mover.role : 'p');
    const name = m.promotion ? figureOf(m.promotion) : (mover ? mover.figure : 'pawn');
    return `<button data-promotion="${choice(m)}" title="${m.human}"><svg viewBox="0 0 100 100">${figure(name, view.sideToMove, letter)}</svg></button>`;
  };
  box.innerHTML = candidates.map(button).join('')
    + '<button data-promotion-cancel="1" title="cancel">✕</button>';
  box.hidden = false;
  box.onclick = (e) => {
    const btn = e.target.closest('button');
    if (!btn) return;
    box.hidden = true;
    if (btn.dataset.promotionCancel) {
      clearPick();
      render();
      return;
    }
    const chosen = candidates.find((m) => choice(m) === btn.dataset.promotion);
    if (chosen) send({ type: 'move', move: chosen.text });
    clearPick();
    render();
  };
}

function play(candidates) {
  if (candidates.length === 1) {
    send({ type: 'move', move: candidates[0].text });
    clearPick();
  } else if (candidates.length > 1) {
    choosePromotion(candidates);
  }
}

function onSquare(square) {
  if (!$('promotion').hidden || !humanMayMove()) return;
  const moves = state.view.moves;
  if (ui.selected && ui.targets.has(square)) {
    play(moves.filter((m) => !m.boardMove && m.from === ui.selected && m.to === square));
    render();
    return;
  }
  if (ui.movable.has(square) && ui.selected !== square) {
    clearPick();
    ui.selected = square;
    ui.targets = new Set(moves.filter((m) => !m.boardMove && m.from === square).map((m) => m.to));
    showMessage('');
  } else {
    if (ui.selected && ui.selected !== square) showMessage(`${ui.selected} to ${square} is not a legal move`);
    else if (!ui.selected) showMessage(`no move from ${square}`);
    clearPick();
  }
  render();
}

function onPin(pin) {
  if (!humanMayMove() || !ui.movablePins.has(pin)) {
    if (state) showMessage(`the attack board on ${pin} cannot move now`);
    return;
  }
  clearPick();
  ui.pickedPin = pin;
  ui.pinTargets = new Set(state.view.moves.filter((m) => m.boardMove && m.from === pin).map((m) => m.to));
  showMessage('');
  render();
}

function onPinTarget(pin) {
  if (!ui.pickedPin) return;
  play(state.view.moves.filter((m) => m.boardMove && m.from === ui.pickedPin && m.to === pin));
  render();
}

let drag = null;

function svgPoint(el, e) {
  const m = el.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

function elementAt(e) {
  const el = document.elementFromPoint(e.clientX, e.clientY);
  return el ? el.closest('[data-square],[data-pin],[data-pin-target]') : null;
}

function setupBoardInput() {
  const svg = $('board');
  svg.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-square],[data-pin],[data-pin-target]');
    if (!el || !state) return;
    e.preventDefault();
    if (el.dataset.pinTarget) { onPinTarget(el.dataset.pinTarget); return; }
    if (el.dataset.pin) { onPin(el.dataset.pin); return; }
    const sq = el.dataset.square;
    const wasSelected = ui.selected === sq;
    if (wasSelected) { drag = { square: sq, toggle: true }; return; }
    onSquare(sq);
    if (ui.selected === sq) {
      const piece = svg.querySelector(`g.piece[data-on="${CSS.escape(sq)}"]`);
      drag = { square: sq, toggle: false, piece, start: piece ? svgPoint(piece.parentNode, e) : null, transform: piece ? piece.getAttribute('transform') : '' };
      try { svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
    }
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag || !drag.piece || !drag.start) return;
    const p = svgPoint(drag.piece.parentNode, e);
    drag.piece.setAttribute('transform', `translate(${p.x - drag.start.x} ${p.y - drag.start.y}) ${drag.transform}`);
  });
  svg.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    const el = elementAt(e);
    const sq = el && el.dataset.square;
    if (sq && sq !== d.square) {
      onSquare(sq);
    } else if (d.toggle) {
      clearPick();
      render();
    } else if (d.piece) {
      d.piece.setAttribute('transform', d.transform);
    }
  });
}

// ---- controls -------------------------------------------------------------------------

function newGame(extra = {}) {
  showMessage('');
  send({
    type: 'new',
    variant: $('variant').value,
    engine: $('engine-side').value,
    ...strength(),
    ...extra,
  });
}

function viewOptions() {
  const v = $('variant').value;
  const box = $('view-options');
  if (v === 'diagonal') {
    box.innerHTML = `<label><input type="checkbox" id="tilt"${ui.tilt ? ' checked' : ''}> tilted 45°</label>`;
    $('tilt').onchange = (e) => { ui.tilt = e.target.checked; render(); };
  } else if (v === 'startrek') {
    box.innerHTML = `<label>View <select id="space-view"><option value="3d">3D (stacked)</option><option value="flat">flat (levels in two rows)</option></select></label>`;
    $('space-view').value = ui.spaceView;
    $('space-view').onchange = (e) => { ui.spaceView = e.target.value; render(); };
  } else {
    box.innerHTML = '';
  }
}

async function showReplay(index) {
  if (!state) return;
  const n = state.history.length;
  index = Math.max(0, Math.min(n, index));
  if (index === n) { replay = null; ui.lastMove = state.lastMove; render(); return; }
  const moves = state.history.slice(0, index).map((h) => h.text).join(',');
  const url = `/api/position?variant=${encodeURIComponent(state.view.variant)}&fen=${encodeURIComponent(state.startFen)}&moves=${encodeURIComponent(moves)}`;
  const res = await fetch(url);
  const view = await res.json();
  if (!res.ok) { showMessage(view.error || 'cannot show that position'); return; }
  replay = { index, view };
  clearPick();
  const h = state.history[index - 1];
  ui.lastMove = h ? { from: h.from, to: h.to, boardMove: h.boardMove } : null;
  render();
}

function setupControls() {
  $('variant').onchange = () => {
    const url = new URL(location.href);
    url.searchParams.set('variant', $('variant').value);
    url.searchParams.delete('fen');
    history.replaceState(null, '', url);
    viewOptions();
    newGame();
  };
  $('new-game').onclick = () => newGame();
  $('undo').onclick = () => send({ type: 'undo' });
  $('flip').onclick = () => { ui.flip = !ui.flip; render(); };
  $('go').onclick = () => send({ type: 'go' });
  $('engine-side').onchange = () => send({ type: 'engine', side: $('engine-side').value, ...strength() });
  $('strength').onchange = () => send({ type: 'engine', side: $('engine-side').value, ...strength() });
  $('load-fen').onclick = () => {
    const fen = $('fen-input').value.trim();
    if (!fen) { showMessage('paste a FEN or TFEN first'); return; }
    newGame({ fen });
  };
  $('analyse').onclick = () => send({ type: 'analyse', multipv: Number($('multipv').value) });
  $('stop').onclick = () => send({ type: 'stop' });
  $('load-pgn').onclick = () => send({ type: 'loadPgn', pgn: $('pgn-input').value });
  $('first').onclick = () => showReplay(0);
  $('back').onclick = () => showReplay((replay ? replay.index : state.history.length) - 1);
  $('forward').onclick = () => showReplay((replay ? replay.index : state.history.length) + 1);
  $('last').onclick = () => showReplay(state ? state.history.length : 0);
  $('moves').onclick = (e) => {
    const li = e.target.closest('li');
    if (li) showReplay(Number(li.dataset.ply));
  };
}

async function start() {
  setupControls();
  setupBoardInput();
  let variants = [];
  try {
    variants = await (await fetch('/api/variants')).json();
  } catch {
    showMessage('cannot reach oblique serve');
  }
  $('variant').innerHTML = variants.map((v) => `<option value="${v.name}">${v.title}</option>`).join('');
  const wanted = params.get('variant') || 'chess';
  $('variant').value = variants.some((v) => v.name === wanted) ? wanted : 'chess';
  if (params.get('depth')) {
    const o = document.createElement('option');
    o.value = `depth:${Number(params.get('depth'))}`;
    o.textContent = `depth ${Number(params.get('depth'))}`;
    $('strength').append(o);
    $('strength').value = o.value;
  } else if (params.get('movetime')) {
    const o = document.createElement('option');
    o.value = `movetime:${Number(params.get('movetime'))}`;
    o.textContent = `${Number(params.get('movetime'))} ms a move`;
    $('strength').append(o);
    $('strength').value = o.value;
  }
  viewOptions();
  connect();
  const first = { type: 'new', variant: wanted, ...strength() };
  if (params.get('fen')) first.fen = params.get('fen');
  if (params.get('engine')) first.engine = params.get('engine');
  send(first);
}

start();
