import { memo, type ReactElement } from 'react';
import renderMarkdown from 'react-markdown';

/**
 * Rendered Markdown by text, for the texts seen last: parsing is the costliest part of a message's
 * render (~10–25 ms for a long answer), and the same text renders again when a virtualized row
 * comes back into view or a row's other props change. react-markdown's `Markdown` is a pure
 * function of its options (no hooks), so its element tree can be kept and given again.
 */
const rendered = new Map<string, ReactElement>();
const CACHED_TEXTS = 200;
/** Longer texts are parsed every time rather than kept (a cache of a few such is memory, not time). */
const CACHED_TEXT_CHARS = 50_000;

function treeOf(text: string, keep: boolean): ReactElement {
  if (!keep) return renderMarkdown({ children: text, skipHtml: true });
  const known = rendered.get(text);
  if (known) {
    // Most recently used last: the oldest is the first key.
    rendered.delete(text);
    rendered.set(text, known);
    return known;
  }
  const tree = renderMarkdown({ children: text, skipHtml: true });
  if (text.length <= CACHED_TEXT_CHARS) {
    rendered.set(text, tree);
    if (rendered.size > CACHED_TEXTS) rendered.delete(rendered.keys().next().value!);
  }
  return tree;
}

/**
 * Markdown from models and files, never raw HTML (skipHtml drops it instead of rendering it).
 * `streaming`: a text that grows token by token, parsed each time and never kept.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  return <div className="markdown">{treeOf(text, !streaming)}</div>;
});
