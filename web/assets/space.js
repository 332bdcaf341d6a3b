// Draws Star Trek chess from the server's data: the cells that exist now (main boards and
// attack boards on their pins), each at its (file, rank, level). Two views:
//  - '3d': the levels stacked in an oblique projection, lowest first, upper cells
//    translucent so the lower levels show through; pins drawn as posts;
//  - 'flat': the seven levels as flat boards in two rows (levels 1-4 above, 5-7 below;
//    level 1, White's, top left): cells of about 30 px in a 900 px area, where one row of
//    seven drew each level's board about 70 px wide, too small to click.
// Every attack board has a handle (data-pin) showing its owner; while one is picked, each pin
// it may move to is an outline (data-pin-target).

import { figure } from './pieces.js';
import { defs } from './plane.js';

const FILES = 6, RANKS = 10;

function projector(mode, flip) {
  if (mode === 'flat') {
    // Four panels a row: the widest layout whose height still fits a screen beside the
    // width (two rows of 6x10 panels are about as tall as four are wide).
    const S = 30, gap = 34, top = 34, COLS = 4;
    const panelW = FILES * S + gap, panelH = RANKS * S + top;
    return {
      S,
      width: COLS * panelW + 40,
      height: 2 * panelH + 20,
      // (x, y, level) in world units -> screen
      pt(x, y, l) {
        const lx = flip ? FILES - x : x;
        const ly = flip ? y : RANKS - y;
        const panel = flip ? 7 - l : l - 1;
        const col = panel % COLS, row = Math.floor(panel / COLS);
        return [20 + gap / 2 + col * panelW + lx * S, top + row * panelH + ly * S];
      },
      label(l) {
        // Above the panel's top left corner.
        const [x, y] = this.pt(flip ? FILES : 0, flip ? 0 : RANKS, l);
        return [x, y - 12];
      },
    };
  }
  const W = 46, D = 15, Z = 62, SH = 0.55;
  const width = FILES * W + RANKS * W * SH + 200;
  const height = RANKS * D + 7 * Z + 90;
  return {
    S: W,
    width,
    height,
    pt(x, y, l) {
      const fx = flip ? FILES - x : x;
      const fy = flip ? RANKS - y : y;
      const fl = flip ? 8 - l : l;
      return [110 + fx * W + fy * W * SH, height - 40 - fy * D - (fl - 1) * Z];
    },
    label(l) {
      // Beside the west (east when flipped) edge of the level, at its middle rank.
      const [x, y] = this.pt(flip ? FILES + 0.9 : -0.9, l + 0.5, l);
      return [flip ? x : x - 70, y + 4];
    },
  };
}

const fileOf = (sq) => sq.charCodeAt(0) - 97;

/** Renders the Star Trek `view` into `svg`; `ui.spaceView` is '3d' or 'flat'. */
export function renderSpace(svg, view, ui) {
  const b = view.board;
  const mode = ui.spaceView === 'flat' ? 'flat' : '3d';
  const P = projector(mode, ui.flip);
  const quadAt = (f, r, l, inset = 0) => [
    P.pt(f + inset, r + inset, l), P.pt(f + 1 - inset, r + inset, l),
    P.pt(f + 1 - inset, r + 1 - inset, l), P.pt(f + inset, r + 1 - inset, l),
  ].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const center = (f, r, l) => P.pt(f + 0.5, r + 0.5, l);
  const boardOf = new Map(b.attackBoards.map((a) => [a.pin, a]));
  const pinInfo = new Map(b.pins.map((p) => [p.pin, p]));
  const cellAt = new Map(b.cells.map((c) => [c.square, c]));
  const piecesAt = new Map(view.pieces.map((p) => [p.square, p]));
  const out = [defs()];
  // Lowest level first (in 3D the upper levels are drawn over the lower ones).
  const levels = ui.flip ? [7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7];
  const posts = [];
  for (const a of b.attackBoards) {
    const p = pinInfo.get(a.pin);
    const m = /^([a-f])(\d)\((\d)\)$/.exec(a.pin);
    if (!m || !p) continue;
    const [af, ar] = [fileOf(m[1]), parseInt(m[2], 10)];
    const mb = b.mainBoards.find((x) => Math.abs(x.level - p.level) === 1 && ar >= x.firstRank && ar < x.firstRank + 4);
    if (mb && mode === '3d') {
      const [x1, y1] = center(af, ar, p.level), [x2, y2] = center(af, ar, mb.level);
      posts.push({ level: Math.min(p.level, mb.level), svg: `<line class="pin-post" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>` });
    }
  }
  for (const l of levels) {
    const [lx, ly] = P.label(l);
    const main = b.mainBoards.find((x) => x.level === l);
    out.push(`<text class="level-label" x="${lx}" y="${ly}">level ${l}${main ? ' (' + ['W', 'N', 'B'][b.mainBoards.indexOf(main)] + ')' : ''}</text>`);
    for (const post of posts) if (post.level === l) out.push(post.svg);
    const upper = l !== levels[0] && mode === '3d' ? ' upper' : '';
    for (const c of b.cells.filter((c) => c.level === l).sort((p, q) => q.rank - p.rank || p.file - q.file)) {
      const shade = (c.file + c.rank + c.level) % 2 === 0 ? 'dark' : 'light';
      const ab = c.pin ? ` ab-${boardOf.get(c.pin)?.owner}` : '';
      const attrs = (ui.movable.has(c.square) ? ' data-movable="1"' : '') + (ui.targets.has(c.square) ? ' data-target="1"' : '');
      out.push(`<polygon class="cell ${shade}${upper}${ab}" data-square="${c.square}"${attrs} points="${quadAt(c.file, c.rank, c.level)}"><title>${c.square}${c.pin ? ' (attack board ' + c.pin + ')' : ''}</title></polygon>`);
    }
    const mark = (sq, cls) => {
      const c = cellAt.get(sq);
      if (c && c.level === l) out.push(`<polygon class="${cls}" points="${quadAt(c.file, c.rank, c.level)}"/>`);
    };
    if (ui.lastMove && !ui.lastMove.boardMove) { mark(ui.lastMove.from, 'last'); mark(ui.lastMove.to, 'last'); }
    if (view.check) mark(view.check, 'check');
    if (ui.selected) mark(ui.selected, 'selected');
    // Handles of the attack boards of this level, beside their outer files.
    for (const a of b.attackBoards) {
      const p = pinInfo.get(a.pin);
      if (!p || p.level !== l) continue;
      const hx = p.file === 0 ? -0.55 : FILES + 0.05;
      const picked = ui.pickedPin === a.pin ? ' picked' : '';
      const movable = ui.movablePins.has(a.pin) ? ' data-movable="1"' : '';
      const pts = [P.pt(hx, p.rank + 0.1, l), P.pt(hx + 0.5, p.rank + 0.1, l), P.pt(hx + 0.5, p.rank + 1.9, l), P.pt(hx, p.rank + 1.9, l)]
        .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
      const [tx, ty] = P.pt(hx + 0.25, p.rank + 1, l);
      out.push(`<polygon class="handle ${a.owner}${picked}" data-pin="${a.pin}" data-owner="${a.owner}"${movable} points="${pts}"><title>attack board ${a.pin}, ${a.owner}'s</title></polygon>`);
      out.push(`<text class="handle-label" x="${tx - 4}" y="${ty + 4}" fill="${a.owner === 'white' ? '#222' : '#eee'}">${a.owner === 'white' ? 'W' : 'B'}</text>`);
    }
    for (const c of b.cells.filter((c) => c.level === l).sort((p, q) => q.rank - p.rank)) {
      const p = piecesAt.get(c.square);
      if (!p) continue;
      const size = P.S * (mode === 'flat' ? 0.9 : 0.95);
      const [x, y] = center(c.file, c.rank, c.level);
      const dy = mode === 'flat' ? size / 2 : size * 0.8;
      out.push(`<g class="piece" data-piece="${p.color[0]}${p.role}" data-on="${p.square}" transform="translate(${x - size / 2} ${y - dy})"><g transform="scale(${size / 100})">${figure(p.figure, p.color)}</g></g>`);
    }
    for (const t of ui.targets) {
      const c = cellAt.get(t);
      if (!c || c.level !== l) continue;
      const [x, y] = center(c.file, c.rank, c.level);
      out.push(`<circle class="target-dot" cx="${x}" cy="${y}" r="${P.S * 0.14}"/>`);
    }
  }
  // Pins the picked board may move to, drawn last so they can be clicked.
  for (const pin of ui.pinTargets) {
    const p = pinInfo.get(pin);
    if (!p) continue;
    const pts = [P.pt(p.file, p.rank, p.level), P.pt(p.file + 2, p.rank, p.level), P.pt(p.file + 2, p.rank + 2, p.level), P.pt(p.file, p.rank + 2, p.level)]
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    out.push(`<polygon class="pin-target" data-pin-target="${pin}" points="${pts}"><title>move the board to ${pin}</title></polygon>`);
  }
  if (ui.arrow) {
    const a = cellAt.get(ui.arrow.from), z = cellAt.get(ui.arrow.to);
    if (a && z) {
      const [x1, y1] = center(a.file, a.rank, a.level), [x2, y2] = center(z.file, z.rank, z.level);
      out.push(`<line class="arrow" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
    }
  }
  svg.setAttribute('viewBox', `0 0 ${P.width} ${P.height}`);
  svg.classList.add('space');
  svg.innerHTML = out.join('');
}
