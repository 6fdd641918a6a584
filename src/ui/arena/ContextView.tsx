import { useEffect, useRef, type ReactNode } from 'react';
import type { ArenaRun, SnapshotMessage } from '../../core/arena/results';
import type { ModelMessage } from '../../core/agent/types';
import { useArenaStore } from '../../state/arena';
import { tokens } from './format';
import './context-view.css';

/** The context a strategy would send at a probe, with the evidence highlighted or marked missing. */
export function ContextView({ run }: { run: ArenaRun }) {
  const selected = useArenaStore((s) => s.selected);
  const sectionRef = useRef<HTMLElement>(null);
  // A probe cell opens its context below the grid: it is brought into view, not left unseen.
  const shown = selected ? `${selected.key}|${selected.probeId}` : null;
  useEffect(() => {
    if (shown) sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  if (!selected) return null;
  const strategy = run.runs.find((r) => r.key === selected.key);
  const probe = run.transcript.probes.find((p) => p.id === selected.probeId);
  const result = strategy?.probes.find((p) => p.probeId === selected.probeId);
  if (!strategy || !probe || !result) return null;
  const messages = run.transcript.messages;
  const byId = new Map(messages.map((m) => [m.id, m]));
  const evidenceTexts = probe.evidence.map((id) => byId.get(id)?.content ?? '').filter(Boolean);
  const needles = [
    ...evidenceTexts,
    ...(result.foundBy === 'answer' && probe.expected ? [probe.expected] : []),
  ];
  const context = result.context;

  return (
    <section ref={sectionRef} className="arena-card arena-context" aria-label="Context at probe">
      <header>
        <h3>
          {strategy.label} · context for “{probe.question}”
        </h3>
        <p>
          Asked after turn {probe.at}
          {probe.expected && (
            <>
              {' '}
              · expected answer: <strong>{probe.expected}</strong>
            </>
          )}{' '}
          ·{' '}
          {result.foundBy === 'verbatim' &&
            result.missing.length === 0 &&
            'evidence present verbatim'}
          {result.foundBy === 'verbatim' &&
            result.missing.length > 0 &&
            `${Math.round(result.score * 100)}% of the evidence present verbatim`}
          {result.foundBy === 'answer' &&
            'found by the expected-answer rule (the evidence is not quoted verbatim)'}
          {result.foundBy === 'missing' && 'evidence missing'}
          {context && ` · the request would be ${tokens(context.tokens)} tokens`}
        </p>
        {result.answer && (
          <p className="arena-answer">
            {'text' in result.answer ? (
              <>
                Model answered: “{clip(result.answer.text, 400)}” —{' '}
                <strong>
                  {result.answer.correct
                    ? 'holds the expected answer'
                    : 'does not hold the expected answer'}
                </strong>
              </>
            ) : (
              <>Asking the model failed: {result.answer.error}</>
            )}
          </p>
        )}
        <ul className="arena-evidence">
          {probe.evidence.map((id) => {
            const present = result.present.includes(id);
            return (
              <li key={id} className={present ? 'present' : 'missing'}>
                <strong>{present ? 'Present' : 'Missing'}</strong> {id}: “
                {clip(byId.get(id)?.content ?? '', 220)}”
              </li>
            );
          })}
        </ul>
      </header>
      {!context ? (
        <p className="arena-hint">
          The context of this probe was not kept (large runs keep the first ones only).
        </p>
      ) : (
        <div className="arena-context-body">
          {context.blocks.map((block, i) => (
            <div key={i} className="arena-block">
              <div className="arena-block-name">{block.section}</div>
              <pre>{highlight(block.text, needles)}</pre>
            </div>
          ))}
          <div className="arena-block">
            <div className="arena-block-name">Messages carried</div>
            <MessageList
              snapshot={context.messages}
              messages={messages}
              evidence={new Set(probe.evidence)}
              needles={needles}
            />
          </div>
          {context.blocks.length === 0 && context.messages.length === 0 && (
            <p className="arena-hint">Nothing from the conversation is carried at this point.</p>
          )}
        </div>
      )}
    </section>
  );
}

function MessageList(props: {
  snapshot: SnapshotMessage[];
  messages: ModelMessage[];
  evidence: Set<string>;
  needles: string[];
}) {
  // Expand the references; keep evidence messages and one neighbour each side, fold the rest.
  const items: { role: string; id?: string; content: string }[] = [];
  for (const m of props.snapshot) {
    if ('ref' in m) {
      for (let i = m.ref[0]; i <= m.ref[1]; i++) {
        const message = props.messages[i];
        if (message) items.push({ role: message.role, id: message.id, content: message.content });
      }
    } else items.push(m);
  }
  const near = new Set<number>();
  items.forEach((item, i) => {
    const hit =
      (item.id && props.evidence.has(item.id)) ||
      props.needles.some((n) => n && item.content.toLowerCase().includes(n.toLowerCase()));
    if (hit) [i - 1, i, i + 1].forEach((j) => near.add(j));
  });
  const keepAll = items.length <= 12;
  const out: ReactNode[] = [];
  let folded = 0;
  items.forEach((item, i) => {
    if (keepAll || near.has(i) || i >= items.length - 2) {
      if (folded)
        out.push(
          <li key={`f${i}`} className="arena-folded">
            … {folded} other message{folded === 1 ? '' : 's'} carried
          </li>,
        );
      folded = 0;
      const isEvidence = !!item.id && props.evidence.has(item.id);
      out.push(
        <li key={i} className={isEvidence ? 'evidence' : undefined}>
          <span className="arena-role">
            {item.role}
            {item.id ? ` · ${item.id}` : ''}
          </span>
          <span>{highlight(clip(item.content, 1200), props.needles)}</span>
        </li>,
      );
    } else folded++;
  });
  if (folded)
    out.push(
      <li key="f-end" className="arena-folded">
        … {folded} other messages carried
      </li>,
    );
  return items.length ? (
    <ol className="arena-messages">{out}</ol>
  ) : (
    <p className="arena-hint">No messages carried.</p>
  );
}

function clip(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** Marks every case-insensitive occurrence of the needles (whitespace-tolerant is not needed here). */
function highlight(text: string, needles: string[]): ReactNode {
  const wanted = needles.map((n) => n.trim()).filter((n) => n.length >= 3);
  if (!wanted.length) return text;
  const lower = text.toLowerCase();
  const marks: [number, number][] = [];
  for (const needle of wanted) {
    const n = needle.toLowerCase();
    let at = lower.indexOf(n);
    while (at >= 0) {
      marks.push([at, at + n.length]);
      at = lower.indexOf(n, at + n.length);
    }
  }
  if (!marks.length) return text;
  marks.sort((a, b) => a[0] - b[0]);
  const out: ReactNode[] = [];
  let pos = 0;
  marks.forEach(([start, end], i) => {
    if (start < pos) return;
    out.push(text.slice(pos, start), <mark key={i}>{text.slice(start, end)}</mark>);
    pos = end;
  });
  out.push(text.slice(pos));
  return out;
}
