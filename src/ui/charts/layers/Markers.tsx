// The token chart's event markers: a marker per event kind at each call in view that has one,
// stacked above the call's bar (each kind its own colour and shape, as in the legend) so that
// markers never hide each other, drawn over everything else; a click opens what the event produced.
import { memo } from 'react';
import type { ContextEvent } from '../../../core/thread/thread';
import { eventStyle, type ChartRow } from '../chart-data';
import { MARKER_PATHS } from '../MarkerIcon';
import type { Frame } from '../token-frame';

/** Pixels between markers of different kinds at the same call. */
const MARKER_STEP = 13;
/** Pixels from a point's top to the centre of its first marker. */
const MARKER_LIFT = 9;
/** A marker's scale over its 12-pixel legend icon (a summarization's is larger), and half its drawn extent. */
const markerScale = (kind: string) => (kind === 'summarize' ? 1.35 : 1.15);
export const markerHalf = (kind: string) => (kind === 'summarize' ? 7 : 6);

/** Row key of an event kind's marker position ("mark:offload"). */
const markKey = (kind: string) => `mark:${kind}`;

/**
 * Rows with a marker position per event kind present (above the call's bar and reported dot), and
 * each kind's slot in its call's stack of markers, so that markers never hide each other.
 */
export function withMarkers(rows: readonly ChartRow[]): { rows: ChartRow[]; kinds: string[] } {
  const kinds: string[] = [];
  const out = rows.map((row) => {
    const here = [...new Set(row.events.map((event) => event.kind))];
    const marked: ChartRow = { ...row };
    here.forEach((kind, slot) => {
      if (!kinds.includes(kind)) kinds.push(kind);
      marked[markKey(kind)] = Math.max(row.total, row.reported ?? 0, row.drop?.before ?? 0);
      marked[`slot:${kind}`] = slot;
    });
    return marked;
  });
  return { rows: out, kinds };
}

/** Each kind's markers: the indexes of the points that have one. */
export function marksOf(data: readonly ChartRow[], kinds: readonly string[]) {
  const byKind = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
  data.forEach((row, i) => {
    for (const kind of kinds) if (row[markKey(kind)] !== undefined) byKind.get(kind)!.push(i);
  });
  return byKind;
}

/** The centre y of a row's marker of `kind` (the labels keep clear of it too). */
export function markerY(frame: Frame, row: ChartRow, kind: string): number {
  const slot = typeof row[`slot:${kind}`] === 'number' ? (row[`slot:${kind}`] as number) : 0;
  return frame.y(row[markKey(kind)] as number) - MARKER_LIFT - slot * MARKER_STEP;
}

export const EventMarkers = memo(function EventMarkers({
  frame,
  data,
  kinds,
  marks,
  onEvent,
}: {
  frame: Frame;
  data: ChartRow[];
  kinds: string[];
  marks: Map<string, number[]>;
  onEvent: (event: ContextEvent) => void;
}) {
  return (
    <g className="chart-markers">
      {kinds.map((kind) => {
        const style = eventStyle(kind);
        const size = markerScale(kind);
        return (
          <g key={kind} className="chart-marker-kind" data-kind={kind}>
            {(marks.get(kind) ?? []).map((i) => {
              const row = data[i]!;
              const cx = frame.xs[i]!;
              const cy = markerY(frame, row, kind);
              return (
                <g
                  key={row.call}
                  className="chart-marker"
                  cursor="pointer"
                  onClick={() => {
                    const first = row.events.find((event) => event.kind === kind);
                    if (first) onEvent(first);
                  }}
                >
                  <path
                    d={MARKER_PATHS[style.shape]}
                    transform={`translate(${cx.toFixed(2)} ${cy.toFixed(2)}) scale(${size}) translate(-6 -6)`}
                    fill={style.color}
                    stroke="#ffffff"
                    strokeWidth={1}
                    vectorEffect="non-scaling-stroke"
                  />
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
});
