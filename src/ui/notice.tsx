// What every notice shares: a dismiss button, and information that goes away by itself.
import { useEffect, useRef, useState, type FocusEvent } from 'react';

/** How long a piece of information stays on screen by itself (errors stay until dismissed). */
export const NOTICE_FADE_MS = 12_000;

/**
 * Dismisses a piece of information after a while. The time starts again when `key` changes (the
 * same notice saying more), and stands still while the pointer or the keyboard focus is on it.
 * Returns the handlers that hold it (spread them on the notice's element).
 */
export function useFadeAway(key: string, dismiss: () => void, ms = NOTICE_FADE_MS) {
  const [held, setHeld] = useState(false);
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  }, [dismiss]);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [key, held, ms]);
  return {
    onPointerEnter: () => setHeld(true),
    onPointerLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
    },
  };
}

/** The "×" that dismisses a notice. */
export function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="notice-dismiss"
      aria-label="Dismiss notice"
      title="Dismiss"
      onClick={onClick}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}
