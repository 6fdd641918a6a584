// Reasoning blocks in a local model's output. Qwen3 writes its reasoning between <think> and
// </think> before it answers. The app asks for none (enable_thinking=false: the template closes an
// empty block in the prompt), but a model may still write one, and a template without that switch
// may open the block in the prompt, leaving only "</think>" in the output. Neither the reasoning nor
// the tags belong in the answer or in a tool call's arguments, so both are taken out here.

export const THINK_OPEN = '<think>';
export const THINK_CLOSE = '</think>';

/**
 * The output without its reasoning: every <think>…</think> block, an unclosed block to the end (the
 * model ran out of tokens while reasoning), and everything before a "</think>" that no "<think>" in
 * the output opened (the prompt opened it).
 */
export function stripThinking(output: string): string {
  let rest = output;
  const firstClose = rest.indexOf(THINK_CLOSE);
  const firstOpen = rest.indexOf(THINK_OPEN);
  if (firstClose >= 0 && (firstOpen < 0 || firstOpen > firstClose)) {
    rest = rest.slice(firstClose + THINK_CLOSE.length);
  }
  let out = '';
  for (;;) {
    const open = rest.indexOf(THINK_OPEN);
    if (open < 0) return out + rest;
    out += rest.slice(0, open);
    const close = rest.indexOf(THINK_CLOSE, open + THINK_OPEN.length);
    if (close < 0) return out;
    rest = rest.slice(close + THINK_CLOSE.length);
  }
}

/** Length of the longest tail of `text` that could be the start of `tag` (held back in a stream). */
export function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(text.length, tag.length - 1); n > 0; n--) {
    if (tag.startsWith(text.slice(-n))) return n;
  }
  return 0;
}

export interface TextFilter {
  push(text: string): void;
  end(): void;
}

/**
 * Streamed output with reasoning blocks taken out as they arrive: what is inside <think>…</think>
 * never reaches `onText`, and a lone "</think>" is dropped (what came before it was already shown;
 * stripThinking, on the whole output, decides the final text).
 */
export function createThinkingFilter(onText: (text: string) => void): TextFilter {
  let buffer = '';
  let inside = false;
  const drain = () => {
    for (;;) {
      const tag = inside ? THINK_CLOSE : THINK_OPEN;
      const at = buffer.indexOf(tag);
      const close = inside ? -1 : buffer.indexOf(THINK_CLOSE);
      if (close >= 0 && (at < 0 || close < at)) {
        if (close > 0) onText(buffer.slice(0, close));
        buffer = buffer.slice(close + THINK_CLOSE.length);
        continue;
      }
      if (at >= 0) {
        if (!inside && at > 0) onText(buffer.slice(0, at));
        buffer = buffer.slice(at + tag.length);
        inside = !inside;
        continue;
      }
      const keep = Math.max(
        partialTagLength(buffer, tag),
        inside ? 0 : partialTagLength(buffer, THINK_CLOSE),
      );
      const ready = buffer.slice(0, buffer.length - keep);
      if (!inside && ready !== '') onText(ready);
      buffer = buffer.slice(buffer.length - keep);
      return;
    }
  };
  return {
    push(text) {
      buffer += text;
      drain();
    },
    end() {
      if (!inside && buffer !== '') onText(buffer);
      buffer = '';
    },
  };
}
