// Colours for the strategies' lines and points: the Okabe–Ito palette (distinguishable with the
// common forms of colour blindness), with a dash pattern from the ninth line on.
const OKABE_ITO = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#000000',
  '#F0E442',
];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];
const SHAPES = ['circle', 'diamond', 'square', 'triangle', 'star', 'cross', 'wye'] as const;

export interface Look {
  color: string;
  dash: string;
  shape: (typeof SHAPES)[number];
}

export function lookOf(index: number): Look {
  return {
    color: OKABE_ITO[index % OKABE_ITO.length]!,
    dash: DASHES[Math.floor(index / OKABE_ITO.length) % DASHES.length]!,
    shape: SHAPES[index % SHAPES.length]!,
  };
}
