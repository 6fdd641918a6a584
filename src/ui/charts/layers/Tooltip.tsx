// The token chart's tooltip: the call (or group of calls) under the pointer or the arrow keys, its
// sections, the reported input, speed and events; in the page's top layer (a portal, fixed) and
// placed within the window by the kit's placer (in the token panel it was clipped by the panel's
// edge, and in a short panel the plot is shorter than the tooltip).
import { forwardRef } from 'react';
import { createPortal } from 'react-dom';
import { breakdownOf, eventStyle, fmt, type ChartRow, type Series } from '../chart-data';
import { MarkerIcon } from '../MarkerIcon';
import { placeTooltip } from '../../plot/tooltip';

/** Where the floating tooltip goes for the pointer at `at` (page pixels), inside the window. */
export function placeFloating(box: HTMLElement, at: { x: number; y: number }) {
  const { x, y } = placeTooltip(
    at,
    { width: box.offsetWidth, height: box.offsetHeight },
    { width: window.innerWidth, height: window.innerHeight },
    { row: 'below' },
  );
  box.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
}

/** The tooltip, in the page's top layer. */
export const FloatingTooltip = forwardRef<
  HTMLDivElement,
  { id: string; row: ChartRow; series: Series[] }
>(function FloatingTooltip({ id, row, series }, ref) {
  return createPortal(
    <div ref={ref} id={id} role="tooltip" className="chart-tooltip chart-tooltip-floating">
      <TooltipContent row={row} series={series} />
    </div>,
    document.body,
  );
});

/** The tooltip's content: the call's sections, the reported input, speed and events. */
function TooltipContent({ row, series }: { row: ChartRow; series: Series[] }) {
  const group = row.bucket;
  return (
    <>
      {group && (
        <div className="muted">
          Calls {group.first}–{group.last}, drawn as the largest:
        </div>
      )}
      <strong>Call {row.call}</strong>: {fmt(row.total)} estimated input tokens
      <table>
        <tbody>
          {breakdownOf(row, series)
            .reverse()
            .map((s) => (
              <tr key={s.key}>
                <th scope="row">
                  <span className="swatch" style={{ background: s.color }} /> {s.label}
                </th>
                <td>{fmt(s.tokens)}</td>
              </tr>
            ))}
          {row.reported !== undefined && (
            <tr>
              <th scope="row">Reported by provider</th>
              <td>{fmt(row.reported)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {row.speed && <div className="muted">{row.speed}</div>}
      {row.events.slice(0, TOOLTIP_EVENTS).map((event, i) => {
        const style = eventStyle(event.kind);
        return (
          <div key={event.id} className="chart-tooltip-event">
            <MarkerIcon shape={style.shape} color={style.color} />{' '}
            {group ? `Call ${group.eventCalls[i]}: ` : ''}
            {style.label}
            {event.tokensBefore !== undefined && event.tokensAfter !== undefined && (
              <>
                : {fmt(event.tokensBefore)} → {fmt(event.tokensAfter)} tokens
              </>
            )}
            <div className="muted">{event.detail}</div>
          </div>
        );
      })}
      {row.events.length > TOOLTIP_EVENTS && (
        <div className="muted">
          … and {row.events.length - TOOLTIP_EVENTS} more events (zoom in, or see the event list)
        </div>
      )}
    </>
  );
}

/** Events listed in one tooltip (a grouped point may hold many). */
const TOOLTIP_EVENTS = 6;
