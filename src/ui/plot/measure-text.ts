// The width of a chart label's text in the page's font, measured with a canvas (no layout of the
// page): the label placement (label-layout) needs each label's box before drawing it. Where no
// canvas is at hand (a test without one), an estimate from the character count, on the wide side.

/** The charts' text labels (token chart, arena scatter): font size and the height of a line. */
export const LABEL_SIZE = 11;
export const LABEL_LINE = 13;

let context: CanvasRenderingContext2D | null | undefined;
let family: string | undefined;
const widths = new Map<string, number>();

function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  } catch {
    context = null;
  }
  return context;
}

/** Text width in pixels at `size` px, bold or not, in the font of the page's body. */
export function textWidth(text: string, size: number, bold = false): number {
  const key = `${size}|${bold ? 1 : 0}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const ctx = canvasContext();
  let width: number;
  if (ctx) {
    family ??= getComputedStyle(document.body).fontFamily || 'sans-serif';
    ctx.font = `${bold ? 600 : 400} ${size}px ${family}`;
    width = ctx.measureText(text).width;
  } else {
    width = text.length * size * (bold ? 0.68 : 0.62);
  }
  // Bounded: a long thread's captions are few distinct strings, but never let it grow unchecked.
  if (widths.size > 2000) widths.clear();
  widths.set(key, width);
  return width;
}
