import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Fact, FactCategory } from '../../core/memory/facts/schema';
import { useChatStore } from '../../state/chat';
import { useFactsStore, FACT_CATEGORIES, MEMORY_JSON_PATH } from '../../state/facts';
import { useSettingsStore } from '../../state/settings';
import { METHOD_LABELS } from '../settings/FactsFields';
import type { SimilarityMethod } from '../../core/retrieval/types';
import { useFilesStore } from '../../state/files';
import './facts.css';
import { Options } from '../options';

const pct = (n: number) => n.toFixed(2);

/** A fact typed in the panel: its trimmed text and confidence, or what is wrong with them. */
function checkFact(
  content: string,
  confidence: string,
): { content: string; confidence: number } | string {
  const value = Number(confidence);
  if (!content.trim()) return 'A fact needs some text.';
  if (confidence.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1)
    return 'Confidence must be a number from 0 to 1.';
  return { content: content.trim(), confidence: value };
}

/** memory.json as a list: search, add, edit, delete, and why each fact did or did not reach the model. */
export function FactsPanel() {
  const memory = useFactsStore((s) => s.memory);
  const invalid = useFactsStore((s) => s.invalid);
  const cut = useFactsStore((s) => s.cut);
  const scores = useFactsStore((s) => s.scores);
  const rankedMethod = useFactsStore((s) => s.rankedMethod);
  const fallback = useFactsStore((s) => s.fallback);
  const updating = useFactsStore((s) => s.updating);
  const lastUpdate = useFactsStore((s) => s.lastUpdate);
  const thread = useChatStore((s) => s.thread);
  const running = useChatStore((s) => s.running);
  const facts = useSettingsStore((s) => s.settings.facts);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Reload whenever memory.json changes, whoever changed it (updater, editor, another tab).
  const fileStamp = useFilesStore(
    (s) => s.files.find((f) => f.path === MEMORY_JSON_PATH)?.version ?? 0,
  );
  useEffect(() => {
    void useFactsStore.getState().load();
  }, [fileStamp, facts.maxFacts]);

  const shown = useMemo(() => {
    const list = memory?.facts ?? [];
    const q = query.trim().toLowerCase();
    const filtered = q
      ? list.filter((f) => `${f.content} ${f.category}`.toLowerCase().includes(q))
      : list;
    // Best score first when there are scores, else highest confidence first.
    return [...filtered].sort(
      (a, b) => (scores[b.id]?.score ?? b.confidence) - (scores[a.id]?.score ?? a.confidence),
    );
  }, [memory, query, scores]);

  const updateNow = async () => {
    if (!thread) return;
    await useChatStore.getState().updateFactsNow();
  };

  return (
    <section aria-label="Facts" className="facts-panel" ref={panelRef}>
      <header className="panel-head">
        <h2 className="panel-title">Facts · memory.json</h2>
        <button
          type="button"
          onClick={() => void updateNow()}
          disabled={!thread || running || updating}
          title={
            thread
              ? 'Ask the model to update memory.json from this thread now'
              : 'Start a thread first'
          }
        >
          {updating ? 'Updating…' : 'Update memory now'}
        </button>
      </header>
      {!facts.enabled && <p className="muted">Fact memory is off (Settings).</p>}
      <EmbedderNotice method={facts.method} />
      {fallback && (
        <p role="status" className="facts-notice">
          Last call ranked with {METHOD_LABELS[fallback as SimilarityMethod] ?? fallback} instead of{' '}
          {METHOD_LABELS[facts.method]}: the embedding model is not ready.
        </p>
      )}
      {invalid && (
        <p role="alert" className="facts-error">
          {invalid} Fact injection is skipped until the file is fixed.
        </p>
      )}
      {cut && (
        <p role="status" className="facts-notice">
          {cut}
        </p>
      )}
      {lastUpdate && (
        <div
          role={lastUpdate.kind === 'error' ? 'alert' : 'status'}
          className={`facts-update facts-update-${lastUpdate.kind}`}
        >
          {lastUpdate.message}
          {lastUpdate.answer && (
            <details>
              <summary>The model's answer</summary>
              <pre>{lastUpdate.answer}</pre>
            </details>
          )}
        </div>
      )}
      {memory && <ContextSummary memory={memory} />}
      <label className="facts-search">
        Search facts
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <AddFact onError={setError} />
      {error && (
        <p role="alert" className="facts-error">
          {error}
        </p>
      )}
      {rankedMethod && (
        <p className="muted">
          Scores from the last model call (
          {rankedMethod === 'confidence'
            ? 'no conversation yet: confidence only'
            : (METHOD_LABELS[rankedMethod as SimilarityMethod] ?? rankedMethod)}
          ): score = similarity × {facts.similarityWeight} + confidence × {facts.confidenceWeight},
          injected until {facts.budgetTokens.toLocaleString('en-US')} tokens.
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted">
          {memory?.facts.length
            ? 'No fact matches the search.'
            : 'No facts yet. Chat, then press "Update memory now".'}
        </p>
      ) : (
        <FactList facts={shown} scrollRef={panelRef} onError={setError} />
      )}
    </section>
  );
}

/** Up to this many facts are all in the page; a longer list renders only the rows in view. */
const RENDER_ALL_UP_TO = 100;

/**
 * The list of facts. Up to RENDER_ALL_UP_TO rows are all rendered (the page's own find works on
 * them); beyond, the list is virtualized with @tanstack/react-virtual inside the panel's scroll
 * area, rows measured as they render (a fact wraps to any height, a row opens into a form), so a
 * thousand facts cost a screenful of rows.
 */
interface FactListProps {
  facts: Fact[];
  scrollRef: RefObject<HTMLElement | null>;
  onError: (message: string | null) => void;
}

function FactList({ facts, scrollRef, onError }: FactListProps) {
  if (facts.length <= RENDER_ALL_UP_TO)
    return (
      <ul className="fact-list" aria-label="Facts list">
        {facts.map((fact) => (
          <FactRow key={fact.id} fact={fact} onError={onError} />
        ))}
      </ul>
    );
  return <VirtualFactList facts={facts} scrollRef={scrollRef} onError={onError} />;
}

const estimateFact = () => 72;

function VirtualFactList({ facts, scrollRef, onError }: FactListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // The same function while the facts are (a new one lays out every row again).
  const getItemKey = useCallback((index: number) => facts[index]!.id, [facts]);
  // No React Compiler in this build, so its warning about memoizing the virtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: facts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateFact,
    overscan: 6,
    gap: 4,
    getItemKey,
    // The list starts below the panel's header, notices and form.
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  return (
    <ul
      ref={listRef}
      className="fact-list fact-list-virtual"
      aria-label="Facts list"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => (
        <FactRow
          key={item.key}
          fact={facts[item.index]!}
          onError={onError}
          index={item.index}
          count={facts.length}
          top={item.start - margin}
          measure={virtualizer.measureElement}
        />
      ))}
    </ul>
  );
}

function EmbedderNotice({ method }: { method: SimilarityMethod }) {
  const status = useFactsStore((s) => s.embedder);
  if (method !== 'embeddings' && method !== 'hybrid') return null;
  if (status.state === 'loading') {
    const progress = status.progress;
    return (
      <div className="facts-notice">
        <label>
          Embedding model download
          <progress max={100} value={progress ?? undefined} aria-label="Embedding model download" />
        </label>
        <span className="muted"> Lexical ranking (BM25) is used until it is ready.</span>
      </div>
    );
  }
  if (status.state === 'failed') {
    return (
      <div role="alert" className="facts-error">
        Embeddings unavailable: {status.message} Ranking falls back to lexical similarity (BM25).{' '}
        <button type="button" onClick={() => useFactsStore.getState().retryEmbedder()}>
          Retry
        </button>
      </div>
    );
  }
  if (status.state === 'ready') {
    return (
      <p role="status" className="muted">
        Embedding model ready ({status.device}
        {status.dimensions ? `, ${status.dimensions} dimensions` : ''}).
      </p>
    );
  }
  return (
    <p className="muted">
      The embedding model loads when needed; lexical ranking is used until then.
    </p>
  );
}

function ContextSummary({
  memory,
}: {
  memory: NonNullable<ReturnType<typeof useFactsStore.getState>['memory']>;
}) {
  const rows = [
    ['Work context', memory.user.workContext.summary],
    ['Personal context', memory.user.personalContext.summary],
    ['Top of mind', memory.user.topOfMind.summary],
    ['Recent months', memory.history.recentMonths.summary],
    ['Earlier context', memory.history.earlierContext.summary],
    ['Long-term background', memory.history.longTermBackground.summary],
  ].filter(([, text]) => text);
  if (rows.length === 0) return null;
  return (
    <details className="facts-context">
      <summary>User context and history</summary>
      <dl>
        {rows.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type FactInput = { content: string; category: FactCategory; confidence: number };

/** The form that adds a fact or edits one: text, category and confidence, checked before saving. */
function FactForm({
  label,
  initial,
  save,
  onCancel,
  onError,
}: {
  label: string;
  initial: { content: string; category: FactCategory; confidence: string };
  /** Saves; resolves with a problem to show, or null when saved. */
  save: (input: FactInput) => Promise<string | null>;
  onCancel: () => void;
  onError: (message: string | null) => void;
}) {
  const [content, setContent] = useState(initial.content);
  const [category, setCategory] = useState<FactCategory>(initial.category);
  const [confidence, setConfidence] = useState(initial.confidence);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = checkFact(content, confidence);
    if (typeof input === 'string') return onError(input);
    const problem = await save({ ...input, category });
    onError(problem);
    if (!problem) onCancel();
  };

  return (
    <form className="fact-form" onSubmit={(e) => void submit(e)} aria-label={label}>
      <label>
        Fact
        <input value={content} onChange={(e) => setContent(e.target.value)} autoFocus />
      </label>
      <label>
        Category
        <select value={category} onChange={(e) => setCategory(e.target.value as FactCategory)}>
          <Options items={FACT_CATEGORIES} value={(c) => c} label={(c) => c} />
        </select>
      </label>
      <label>
        Confidence
        <input
          inputMode="decimal"
          value={confidence}
          onChange={(e) => setConfidence(e.target.value)}
        />
      </label>
      <button type="submit">Save fact</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function AddFact({ onError }: { onError: (message: string | null) => void }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add fact
      </button>
    );
  }
  return (
    <FactForm
      label="Add fact"
      initial={{ content: '', category: 'preference', confidence: '0.9' }}
      save={(input) => useFactsStore.getState().addFact(input)}
      onCancel={() => setOpen(false)}
      onError={onError}
    />
  );
}

/** Where a fact came from: the thread's title, opening that thread; other sources as text. */
function FactSource({ source }: { source: string | undefined }) {
  const thread = useChatStore((s) => s.threads.find((t) => t.id === source));
  const running = useChatStore((s) => s.running);
  if (!source || source === 'unknown') return null;
  if (!thread) {
    const unknownThread = source.startsWith('thread_');
    return (
      <span title={source}>
        {unknownThread ? 'from a deleted or imported thread' : `source: ${source}`}
      </span>
    );
  }
  return (
    <span>
      from{' '}
      <button
        type="button"
        className="fact-source"
        title={`Open the thread "${thread.title}"`}
        disabled={running}
        onClick={() => void useChatStore.getState().openThread(thread.id)}
      >
        {thread.title}
      </button>
    </span>
  );
}

/**
 * One fact. In a virtualized list it gets its place (index of count, `top` from the list's top)
 * and the virtualizer's `measure`; props are plain values, so rows that did not move are not
 * rendered again while the list scrolls (memo).
 */
const FactRow = memo(function FactRow({
  fact,
  onError,
  index,
  count,
  top,
  measure,
}: {
  fact: Fact;
  onError: (message: string | null) => void;
  index?: number;
  count?: number;
  top?: number;
  measure?: (element: Element | null) => void;
}) {
  const score = useFactsStore((s) => s.scores[fact.id]);
  const [editing, setEditing] = useState(false);
  const placed =
    measure && index !== undefined
      ? {
          ref: measure,
          'data-index': index,
          'aria-posinset': index + 1,
          'aria-setsize': count,
          style: {
            position: 'absolute' as const,
            top: 0,
            left: 0,
            right: 0,
            transform: `translateY(${top ?? 0}px)`,
          },
        }
      : {};

  if (editing) {
    return (
      <li className="fact editing" {...placed}>
        <FactForm
          label={`Edit fact: ${fact.content}`}
          initial={{
            content: fact.content,
            category: fact.category,
            confidence: String(fact.confidence),
          }}
          save={(input) => useFactsStore.getState().editFact(fact.id, input)}
          onCancel={() => setEditing(false)}
          onError={onError}
        />
      </li>
    );
  }
  return (
    <li
      className={`fact${score?.injected ? ' injected' : ''}`}
      aria-label={fact.content}
      {...placed}
    >
      <div className="fact-content">{fact.content}</div>
      <div className="fact-meta">
        <span className="fact-category">{fact.category}</span>
        <span>confidence {pct(fact.confidence)}</span>
        {fact.createdAt && (
          <span title={fact.createdAt}>{new Date(fact.createdAt).toLocaleDateString()}</span>
        )}
        <FactSource source={fact.source} />
        {score && (
          <span className="fact-score">
            similarity {pct(score.similarity)} · score {pct(score.score)} ·{' '}
            <strong>{score.injected ? 'injected' : 'not injected'}</strong>
            {score.injected && score.similarity < 0.005 && (
              <span className="fact-why">
                {' '}
                (shares no words with the last turns: ranked by confidence alone, and it fitted the
                budget)
              </span>
            )}
          </span>
        )}
      </div>
      <div className="fact-actions">
        <button type="button" onClick={() => setEditing(true)} aria-label={`Edit ${fact.content}`}>
          Edit
        </button>
        <button
          type="button"
          aria-label={`Delete ${fact.content}`}
          onClick={() => void useFactsStore.getState().deleteFact(fact.id).then(onError)}
        >
          Delete
        </button>
      </div>
    </li>
  );
});
