// How deep a JSON text nests, found without parsing it: the nesting bound (src/core/limits.ts) is
// checked before any parser, copier or store recurses into the value.
import { MAX_JSON_DEPTH } from '../limits';

/**
 * Where `text` first nests arrays and objects more than `maxDepth` deep (the offset of the bracket
 * that goes past it), or -1. A linear scan that skips strings; nothing is parsed or built.
 */
export function jsonDepthOverflow(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string: to the next quote not escaped.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}
