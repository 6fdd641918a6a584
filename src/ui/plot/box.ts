// The plot kit's one box type: a rectangle in SVG pixels (y down), and the margins that place a
// plot inside its chart (the axes' room included). Every chart (the token chart, the arena's
// figures) and the label placement use it.

/** A rectangle: its top-left corner, width and height (SVG coordinates, y down). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room around a plot inside its chart, in pixels (the axes' labels included). */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The right and bottom edges of a box. */
export const rightOf = (box: Box) => box.x + box.width;
export const bottomOf = (box: Box) => box.y + box.height;

/** The plot inside a chart of `width` × `height` less its `margins`; never a negative size. */
export function plotBox(width: number, height: number, margins: Margins): Box {
  return {
    x: margins.left,
    y: margins.top,
    width: Math.max(0, width - margins.left - margins.right),
    height: Math.max(0, height - margins.top - margins.bottom),
  };
}
