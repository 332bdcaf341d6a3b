// Draws a 2D board from the server's data: every cell is the outline the engine's geometry
// gives it (escalator squares are parallelograms, a graph board's cells the polygons of its
// file, other cells squares), barriers are drawn hatched and holes not at all, so every 2D
// game is drawn by this one function. Cells carry data-square (grid name) and show their
// true name on hover; cells whose true name differs also write it in a corner, as the
// escalator diagrams do.

import { figure } from './pieces.js';

const S = 64; // pixels per file/rank
const M = 28; // margin for coordinates

const centroid = (q) => [q.reduce((a, p) => a + p[0], 0) / q.length, q.reduce((a, p) => a + p[1], 0) / q.length];

export function defs() {
  return `<defs>
    <pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="10" height="10" fill="#555"/><line x1="0" y1="0" x2="0" y2="10" stroke="#999" stroke-width="4"/>
    </pattern>
    <marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">
      <path d="M0 0 L10 5 L0 10 z" fill="#1565c0"/>
    </marker>
  </defs>`;
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Renders `view` (the server's position view) into `svg`; `ui` holds the page's marks. */
export function renderPlane(svg, view, ui) {
  const b = view.board;
  const W = b.files * S, H = b.ranks * S;
  const pt = ([x, y]) => {
    const fx = ui.flip ? b.files - x : x;
    const fy = ui.flip ? y : b.ranks - y;
    return [M + fx * S, M + fy * S];
  };
  const poly = (q) => q.map(pt).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const cellBy = new Map(b.cells.map((c) => [c.square, c]));
  const out = [defs()];
  const cx = M + W / 2, cy = M + H / 2;
  const tiltOn = ui.tilt;
  out.push(`<g id="plane" transform="${tiltOn ? `rotate(-45 ${cx} ${cy})` : ''}">`);
  for (const c of b.cells) {
    const [f, r] = [c.square.charCodeAt(0) - 97, parseInt(c.square.slice(1), 10) - 1];
    const shade = (f + r) % 2 === 0 ? 'dark' : 'light';
    const attrs = ui.movable.has(c.square) ? ' data-movable="1"' : '';
    const target = ui.targets.has(c.square) ? ' data-target="1"' : '';
    out.push(`<polygon class="cell ${shade}" data-square="${c.square}" data-name="${c.name}"${attrs}${target} points="${poly(c.quad)}"><title>${esc(c.name)}</title></polygon>`);
  }
  for (const h of b.holes) {
    out.push(`<polygon class="hole" data-hole="${h.slot}" points="${poly(h.quad)}"><title>barrier</title></polygon>`);
  }
  const mark = (sq, cls) => {
    const c = cellBy.get(sq);
    if (c) out.push(`<polygon class="${cls}" points="${poly(c.quad)}"/>`);
  };
  if (ui.lastMove && !ui.lastMove.boardMove) { mark(ui.lastMove.from, 'last'); mark(ui.lastMove.to, 'last'); }
  if (view.check) mark(view.check, 'check');
  if (ui.selected) mark(ui.selected, 'selected');
  // True names of the escalator squares, in the lower corner as the original diagrams.
  for (const c of b.cells) {
    if (c.name !== c.square) {
      const [cx0, cy0] = centroid(c.quad);
      const at = c.quad.length === 4
        ? [(c.quad[0][0] + c.quad[3][0]) / 2 + 0.06, (c.quad[0][1] + c.quad[3][1]) / 2 - 0.34]
        : [cx0 - 0.44, cy0 - 0.34];
      const [x, y] = pt(at);
      const rot = tiltOn ? ` transform="rotate(45 ${x} ${y})"` : '';
      out.push(`<text class="truename" x="${x}" y="${y}"${rot}>${c.name}</text>`);
    }
  }
  for (const p of view.pieces) {
    const c = cellBy.get(p.square);
    if (!c) continue;
    const [x, y] = pt(centroid(c.quad));
    const size = S * 0.86;
    const rot = tiltOn ? ` rotate(45 ${size / 2} ${size / 2})` : '';
    out.push(`<g class="piece" data-piece="${p.color[0]}${p.role}" data-on="${p.square}" transform="translate(${x - size / 2} ${y - size / 2})${rot}"><g transform="scale(${size / 100})">${figure(p.figure, p.color, p.role)}</g></g>`);
  }
  for (const t of ui.targets) {
    const c = cellBy.get(t);
    if (!c) continue;
    const [x, y] = pt(centroid(c.quad));
    out.push(`<circle class="target-dot" cx="${x}" cy="${y}" r="${S * 0.14}"/>`);
  }
  if (ui.arrow) {
    const a = cellBy.get(ui.arrow.from), z = cellBy.get(ui.arrow.to);
    if (a && z) {
      const [x1, y1] = pt(centroid(a.quad)), [x2, y2] = pt(centroid(z.quad));
      out.push(`<line class="arrow" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
    }
  }
  // Coordinates: files under the board, ranks at its left (grid names; true names are in
  // the cells).
  const coords = [];
  for (let f = 0; f < b.files; f++) {
    const [x] = pt([f + 0.5, 0]);
    coords.push(`<text class="coord" x="${x - 4}" y="${ui.flip ? M - 8 : M + H + 18}">${String.fromCharCode(97 + f)}</text>`);
  }
  for (let r = 0; r < b.ranks; r++) {
    const [, y] = pt([0, r + 0.5]);
    coords.push(`<text class="coord" x="${M - 20}" y="${y + 5}">${r + 1}</text>`);
  }
  out.push(coords.join(''));
  out.push('</g>');
  let vw = W + 2 * M, vh = H + 2 * M, vx = 0, vy = 0;
  if (tiltOn) {
    const d = (W + H) / Math.SQRT2 + 2 * M;
    vx = cx - d / 2; vy = cy - d / 2; vw = d; vh = d;
  }
  svg.setAttribute('viewBox', `${vx} ${vy} ${vw} ${vh}`);
  svg.classList.remove('space');
  svg.innerHTML = out.join('');
}
