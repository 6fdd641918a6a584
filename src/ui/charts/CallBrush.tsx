// The token chart's brush: a strip over every call with a window on the calls in view, a handle at
// each end. Drag a handle to zoom, the window to move it; each handle is a slider ("First call in
// view", "Last call in view") that the arrow keys, Page Up/Down, Home and End move; a press on the
// bare strip moves the window there. Plain elements
// placed by share of the strip's width: nothing is measured to draw it (the strip's box is read once
// when a drag starts).
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { brushIndexAt, brushShare, handleKey, normalRange, type CallRange } from './brush';

type Part = 'start' | 'end' | 'window';

export function CallBrush({
  count,
  callOf,
  start,
  end,
  onChange,
}: {
  /** Calls in the thread. */
  count: number;
  /** The call number at an index (what the handles say). */
  callOf: (index: number) => number;
  /** The calls in view, as indexes (start ≤ end). */
  start: number;
  end: number;
  onChange: (range: CallRange) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{
    part: Part;
    left: number;
    width: number;
    x0: number;
    start: number;
    end: number;
  } | null>(null);
  const [dragging, setDragging] = useState(false);
  const set = (a: number, b: number) => {
    if (a !== start || b !== end) onChange(normalRange(a, b, count));
  };

  // Which part a press is on: the element's data-part (one handler for the three).
  const down = (e: PointerEvent<HTMLElement>) => {
    const part = e.currentTarget.dataset.part as Part | undefined;
    if (e.button !== 0 || !part || !track.current) return;
    const box = track.current.getBoundingClientRect();
    drag.current = { part, left: box.left, width: box.width, x0: e.clientX, start, end };
    e.currentTarget.setPointerCapture(e.pointerId);
    if (part !== 'window') e.currentTarget.focus();
    e.preventDefault();
    setDragging(true);
  };
  // A press on the bare strip moves the window there (centred on the call pressed, its span kept)
  // and drags it from there.
  const downOnStrip = (e: PointerEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || e.button !== 0 || !track.current) return;
    const box = track.current.getBoundingClientRect();
    const span = end - start;
    const at = brushIndexAt(e.clientX - box.left, box.width, count);
    const from = Math.max(0, Math.min(count - 1 - span, at - Math.round(span / 2)));
    set(from, from + span);
    drag.current = {
      part: 'window',
      left: box.left,
      width: box.width,
      x0: e.clientX,
      start: from,
      end: from + span,
    };
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
    setDragging(true);
  };
  // The element that took the pointer gets its moves; they come up to the strip.
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    if (d.part === 'window') {
      const span = d.end - d.start;
      const delta = Math.round(((e.clientX - d.x0) / d.width) * (count - 1));
      const from = Math.max(0, Math.min(count - 1 - span, d.start + delta));
      set(from, from + span);
      return;
    }
    const at = brushIndexAt(e.clientX - d.left, d.width, count);
    if (d.part === 'start') set(Math.min(at, end), end);
    else set(start, Math.max(at, start));
  };
  const up = () => {
    drag.current = null;
    setDragging(false);
  };
  const key = (e: KeyboardEvent<HTMLElement>) => {
    const part = e.currentTarget.dataset.part;
    const next =
      part === 'start'
        ? handleKey(e.key, start, 0, end, count)
        : handleKey(e.key, end, start, count - 1, count);
    if (next === undefined) return;
    e.preventDefault();
    if (part === 'start') set(next, end);
    else set(start, next);
  };

  const a = brushShare(start, count) * 100;
  const b = brushShare(end, count) * 100;
  // The start's number goes left of its handle (over the axis's margin at the strip's left), the
  // end's right of its handle; near the strip's right end, left of it when the window leaves room,
  // else the start's says both ("1901–2000").
  const nearEnd = b >= 90;
  const inside = nearEnd && b - a >= 12;
  const both = nearEnd && !inside;
  const handle = (part: 'start' | 'end') => {
    const index = part === 'start' ? start : end;
    const call = callOf(index);
    return (
      <div
        role="slider"
        tabIndex={0}
        aria-label={part === 'start' ? 'First call in view' : 'Last call in view'}
        aria-valuemin={callOf(part === 'start' ? 0 : start)}
        aria-valuemax={callOf(part === 'start' ? end : count - 1)}
        aria-valuenow={call}
        aria-valuetext={`call ${call}`}
        aria-orientation="horizontal"
        className={`call-brush-handle call-brush-${part}${part === 'end' && inside ? ' inside' : ''}`}
        style={{ left: `${part === 'start' ? a : b}%` }}
        data-part={part}
        onPointerDown={down}
        onKeyDown={key}
      >
        {!(part === 'end' && both) && (
          <span className="call-brush-value" aria-hidden="true">
            {part === 'start' && both ? `${call}–${callOf(end)}` : call}
          </span>
        )}
      </div>
    );
  };
  return (
    <div
      ref={track}
      role="group"
      aria-label="Calls in view"
      className={dragging ? 'call-brush dragging' : 'call-brush'}
      onPointerDown={downOnStrip}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onLostPointerCapture={up}
    >
      <div
        className="call-brush-window"
        style={{ left: `${a}%`, width: `${b - a}%` }}
        data-part="window"
        onPointerDown={down}
      />
      {handle('start')}
      {handle('end')}
    </div>
  );
}
