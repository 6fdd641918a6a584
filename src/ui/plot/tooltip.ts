// The plot kit's one tooltip placer, pure: where a tooltip of a known size goes beside what it
// describes, inside an area (a chart, or the window for a tooltip in the page's top layer).

export type TooltipRow = 'below' | 'middle' | 'level';

/**
 * Where a tooltip of `size` goes for an `anchor` (the pointer, a point, a bar's end) inside `area`
 * (width × height): right of it by `gap` where it fits, else left of it, else as far right as the
 * area allows; and, by `row`, below the anchor (above it where it would run past the bottom), its
 * middle level with the anchor, or its top level with it; never past the area's left or top edge.
 */
export function placeTooltip(
  anchor: { x: number; y: number },
  size: { width: number; height: number },
  area: { width: number; height: number },
  { gap = 12, row = 'middle' }: { gap?: number; row?: TooltipRow } = {},
): { x: number; y: number } {
  const x =
    anchor.x + gap + size.width <= area.width
      ? anchor.x + gap
      : anchor.x - gap - size.width >= 0
        ? anchor.x - gap - size.width
        : Math.max(0, area.width - size.width);
  let y: number;
  if (row === 'level') y = anchor.y;
  else if (row === 'below')
    y =
      anchor.y + gap + size.height <= area.height
        ? anchor.y + gap
        : Math.max(0, anchor.y - gap - size.height);
  else y = Math.max(0, Math.min(anchor.y - size.height / 2, area.height - size.height));
  return { x, y };
}
