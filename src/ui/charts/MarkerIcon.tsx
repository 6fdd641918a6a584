// Marker shapes as small inline SVGs (legend, event list, tooltip); the token chart draws its
// markers with the same paths, so that a marker looks like its legend entry.
import type { MarkerShape } from './chart-data';

/** Each shape in a 12 × 12 box centred on (6, 6): the legend's icons and the chart's markers. */
export const MARKER_PATHS: Record<MarkerShape, string> = {
  circle: 'M6 1.5a4.5 4.5 0 1 0 0.001 0Z',
  square: 'M2 2h8v8H2Z',
  triangle: 'M6 1.2 10.8 10H1.2Z',
  diamond: 'M6 0.8 11.2 6 6 11.2 0.8 6Z',
  cross: 'M4.2 1h3.6v3.2H11v3.6H7.8V11H4.2V7.8H1V4.2h3.2Z',
  star: 'M6 0.8l1.5 3.3 3.6.4-2.7 2.4.8 3.6L6 8.7 2.8 10.5l.8-3.6L.9 4.5l3.6-.4Z',
  wye: 'M4.8 1h2.4v4l3.5 2-1.2 2.1L6 7.1 2.5 9.1 1.3 7l3.5-2Z',
};

export function MarkerIcon({ shape, color }: { shape: MarkerShape; color: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="marker-icon">
      <path d={MARKER_PATHS[shape]} fill={color} />
    </svg>
  );
}
