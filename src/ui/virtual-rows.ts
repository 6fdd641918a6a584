import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * The rows a virtualizer renders and the room the rows out of view take above and below them (as
 * padding or spacer rows, so that the rendered rows stay in the normal flow). Offsets count from
 * the scroll margin (where the rows start in the scroll area).
 */
export function visibleRows<S extends Element, I extends Element>(virtualizer: Virtualizer<S, I>) {
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    padTop: first ? first.start - margin : 0,
    padBottom: last ? virtualizer.getTotalSize() + margin - last.end : 0,
  };
}
