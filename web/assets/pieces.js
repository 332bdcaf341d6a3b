// Piece figures drawn for Oblique (original artwork, MIT like the rest of the project).
// Each figure is SVG markup in a 100x100 box, drawn with two colours: the body `b` and the
// outline/detail `o`. The server names the figure of every piece (`figure`), so games whose
// pieces differ (Diagonal Chess's camel-knight, the escalator games' Crab, the Ultra, the
// Chancellor) get their own drawing without the page knowing which game it shows.

const base = (b, o) =>
  `<path d="M22 88 h56 v-8 q0 -6 -6 -6 h-44 q-6 0 -6 6 z" fill="${b}" stroke="${o}" stroke-width="3"/>`;

const FIGURES = {
  pawn: (b, o) => `${base(b, o)}
    <path d="M36 74 q2 -18 8 -24 a13 13 0 1 1 12 0 q6 6 8 24 z" fill="${b}" stroke="${o}" stroke-width="3"/>`,

  king: (b, o) => `${base(b, o)}
    <path d="M30 74 l-6 -30 q10 -8 26 0 q16 -8 26 0 l-6 30 z" fill="${b}" stroke="${o}" stroke-width="3"/>
    <path d="M50 44 v-30 M40 22 h20" stroke="${o}" stroke-width="8" fill="none"/>
    <path d="M50 42 v-26 M42 22 h16" stroke="${b}" stroke-width="3" fill="none"/>
    <path d="M30 64 h40" stroke="${o}" stroke-width="2"/>`,

  queen: (b, o) => `${base(b, o)}
    <path d="M28 74 l-12 -44 l16 20 l6 -28 l12 26 l12 -26 l6 28 l16 -20 l-12 44 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="16" cy="28" r="5" fill="${b}" stroke="${o}" stroke-width="2"/>
    <circle cx="38" cy="20" r="5" fill="${b}" stroke="${o}" stroke-width="2"/>
    <circle cx="62" cy="20" r="5" fill="${b}" stroke="${o}" stroke-width="2"/>
    <circle cx="84" cy="28" r="5" fill="${b}" stroke="${o}" stroke-width="2"/>
    <path d="M30 64 h40" stroke="${o}" stroke-width="2"/>`,

  rook: (b, o) => `${base(b, o)}
    <path d="M30 74 l3 -40 h34 l3 40 z" fill="${b}" stroke="${o}" stroke-width="3"/>
    <path d="M26 34 v-16 h10 v8 h8 v-8 h12 v8 h8 v-8 h10 v16 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M34 44 h32 M34 64 h32" stroke="${o}" stroke-width="2"/>`,

  bishop: (b, o) => `${base(b, o)}
    <path d="M34 74 q-10 -26 16 -56 q26 30 16 56 z" fill="${b}" stroke="${o}" stroke-width="3"/>
    <circle cx="50" cy="14" r="5" fill="${b}" stroke="${o}" stroke-width="3"/>
    <path d="M56 36 l-12 14" stroke="${o}" stroke-width="4"/>
    <path d="M36 64 h28" stroke="${o}" stroke-width="2"/>`,

  knight: (b, o) => `${base(b, o)}
    <path d="M32 74 q-2 -22 14 -34 l-16 6 q-8 2 -10 -6 l20 -22 l4 -10 l6 8 q24 4 26 34 l2 24 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="44" cy="28" r="3" fill="${o}"/>`,

  // Diagonal Chess's knight is a (1,3) leaper, a camel: long neck, two humps.
  camel: (b, o) => `${base(b, o)}
    <path d="M24 74 v-22 q0 -10 8 -14 q6 -14 14 0 q6 -12 14 0 q6 2 8 -6 v-14 q0 -8 8 -8 h10 l-2 8 h-6 v30 q0 12 -6 14 v12 h-8 v-10 h-24 v10 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="78" cy="15" r="2.5" fill="${o}"/>`,

  // The escalator games' Crab: a wide shell, claws forward, legs to the sides.
  crab: (b, o) => `${base(b, o)}
    <path d="M20 52 l-10 -6 M20 60 l-12 2 M80 52 l10 -6 M80 60 l12 2" stroke="${o}" stroke-width="4"/>
    <path d="M30 44 l-8 -16 q-2 -8 6 -10 l4 8 l2 -10 q8 2 4 12 l0 14 M70 44 l8 -16 q2 -8 -6 -10 l-4 8 l-2 -10 q-8 2 -4 12 l0 14" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <ellipse cx="50" cy="58" rx="30" ry="16" fill="${b}" stroke="${o}" stroke-width="3"/>
    <circle cx="42" cy="48" r="3" fill="${o}"/><circle cx="58" cy="48" r="3" fill="${o}"/>
    <path d="M34 74 v-4 M66 74 v-4" stroke="${o}" stroke-width="3"/>`,

  // The Ultra (Short's "Cannon"): a barrel on a wheel.
  ultra: (b, o) => `${base(b, o)}
    <path d="M22 60 l46 -38 q8 -4 12 4 q2 6 -4 10 l-42 36 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="40" cy="62" r="13" fill="${b}" stroke="${o}" stroke-width="3"/>
    <circle cx="40" cy="62" r="4" fill="${o}"/>
    <path d="M74 22 l8 -8 M78 26 l10 -4" stroke="${o}" stroke-width="3"/>`,

  // The Chancellor (rook + knight): a tower with a horse's head on top.
  chancellor: (b, o) => `${base(b, o)}
    <path d="M28 74 l2 -30 h40 l2 30 z" fill="${b}" stroke="${o}" stroke-width="3"/>
    <path d="M26 46 v-10 h8 v5 h8 v-5 h16 v5 h8 v-5 h8 v10 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M42 36 q0 -12 8 -16 l-8 2 l8 -14 l4 -4 l2 6 q12 4 12 26 z" fill="${b}" stroke="${o}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="51" cy="16" r="2" fill="${o}"/>
    <path d="M32 60 h36" stroke="${o}" stroke-width="2"/>`,
};

// A piece of a game file with no figure of its own: a plain disc marked with its letter.
const generic = (letter) => (b, o) => `${base(b, o)}
    <circle cx="50" cy="48" r="26" fill="${b}" stroke="${o}" stroke-width="3"/>
    <text x="50" y="59" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="32" fill="${o}">${String(letter || '?').toUpperCase().replace(/[^A-Z]/g, '?')}</text>`;

/** SVG markup of a piece, 100x100 box; `letter` marks a piece without a figure of its own. */
export function figure(name, color, letter) {
  const draw = FIGURES[name] || generic(letter);
  return color === 'white' ? draw('#fbfaf5', '#1d1d1d') : draw('#262626', '#e8e2d0');
}

export const FIGURE_NAMES = Object.keys(FIGURES);
