import type { ReactNode } from 'react';
import { useChatStore, strategyOf } from '../../state/chat';
import { useSettingsStore } from '../../state/settings';
import { getStrategy } from '../../core/strategies/registry';
import { getStrategyState, loadStrategyState } from '../../core/strategies/middleware';
import { splitTurns, userText } from '../../core/strategies/turns';
import { isModelMessage } from '../../core/agent/types';
import type { CallReport, StrategyThreadState, Turn } from '../../core/strategies/types';
import type { SummarizationData } from '../../core/strategies/kinds/summarization';
import type { MemoryAugmentedData } from '../../core/strategies/kinds/memory-augmented';
import type { HierarchicalData } from '../../core/strategies/kinds/hierarchical';
import { edgeText, type GraphData } from '../../core/strategies/kinds/graph';
import type { CompressionData } from '../../core/strategies/kinds/compression';
import type { PagingData } from '../../core/strategies/kinds/paging';
import { GraphView } from './GraphView';
import './strategy.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The thread's strategy memory as it evolves: what it keeps, what the last call carried. */
export function StrategyPanel() {
  const thread = useChatStore((s) => s.thread);
  const settings = useSettingsStore((s) => s.settings);
  const selection = strategyOf(thread, settings);
  const strategy = getStrategy(selection.id);
  const state = thread ? loadStrategyState(thread.state) : undefined;
  const raw = thread ? getStrategyState(thread.state) : undefined;
  const turns = thread ? splitTurns(thread.messages.filter(isModelMessage)) : [];
  const steps = (thread?.events ?? []).filter((e) => e.kind === 'strategy-step' && e.step);
  const stepIn = steps.reduce((sum, e) => sum + (e.step?.inputTokens ?? 0), 0);
  const stepOut = steps.reduce((sum, e) => sum + (e.step?.outputTokens ?? 0), 0);
  const offline = steps.some((e) => e.step?.offline);
  const failures = (thread?.events ?? []).filter((e) => e.kind === 'strategy-step-failed');
  const stale = state && raw && state.id !== selection.id;

  return (
    <section aria-label="Strategy" className="strategy-panel">
      <header>
        <h2>{strategy.label}</h2>
      </header>
      <p className="muted">{strategy.description}</p>
      {!thread && <p>Send a message to start a thread; its strategy memory shows here.</p>}
      {stale && (
        <p className="strategy-notice">
          Switched to {strategy.label}: it takes over at the next model call.
        </p>
      )}
      {thread && (
        <dl className="strategy-stats">
          <dt>Turns</dt>
          <dd>
            {fmt(turns.length)} in the thread
            {state && strategy.update ? `, ${fmt(state.data.processed)} taken in` : ''}
          </dd>
          {strategy.usesModel && (
            <>
              <dt>Extra model calls</dt>
              <dd>
                {fmt(steps.length)} ({fmt(stepIn)} tokens in, {fmt(stepOut)} out)
                {offline ? ' · answered by the offline stand-in, not a language model' : ''}
              </dd>
            </>
          )}
        </dl>
      )}
      {failures.length > 0 && (
        <p className="strategy-notice" role="status">
          {failures[failures.length - 1]!.detail}
        </p>
      )}
      {state && !stale && <StrategyMemory state={state} turns={turns} />}
      {state?.data.lastCall && !stale && <LastCall report={state.data.lastCall} turns={turns} />}
    </section>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="strategy-block" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

const turnLabel = (turns: Turn[], index: number) => {
  const text = userText(turns[index] ?? { index, messages: [] });
  return `Turn ${index + 1}${text ? `: ${text.length > 70 ? `${text.slice(0, 67)}…` : text}` : ''}`;
};

function StrategyMemory({ state, turns }: { state: StrategyThreadState; turns: Turn[] }) {
  const store = state.data.store;
  switch (state.id) {
    case 'summarization': {
      const data = store as SummarizationData;
      return (
        <>
          <Block title="Running summary">
            {data.summary ? (
              <pre className="strategy-text">{data.summary}</pre>
            ) : (
              <p className="muted">
                Empty until the buffer reaches {String(state.settings.threshold)} messages.
              </p>
            )}
            <p className="muted">
              {fmt(data.merges)} merge{data.merges === 1 ? '' : 's'}; buffer from turn{' '}
              {data.bufferStart + 1}.
            </p>
          </Block>
        </>
      );
    }
    case 'memory-augmented':
      return (
        <Block title="Memory tokens">
          <FactList facts={(store as MemoryAugmentedData).facts} empty="No fact extracted yet." />
        </Block>
      );
    case 'compression':
      return (
        <Block title="Compressed facts">
          <FactList facts={(store as CompressionData).facts} empty="No turn compressed yet." />
        </Block>
      );
    case 'hierarchical': {
      const data = store as HierarchicalData;
      return (
        <Block title="Long-term">
          {data.promoted.length === 0 ? (
            <p className="muted">
              Nothing promoted yet: a message with a promotion keyword (
              {(state.settings.keywords as string[]).join(', ')}) is.
            </p>
          ) : (
            <ul className="strategy-list" aria-label="Promoted messages">
              {data.promoted.map((p) => (
                <li key={p.turn}>
                  <span className="tag">“{p.keyword}”</span> turn {p.turn + 1}: {p.user}
                </li>
              ))}
            </ul>
          )}
        </Block>
      );
    }
    case 'graph': {
      const data = store as GraphData;
      const used = new Set(state.data.lastCall?.usedEdges ?? []);
      const newest = data.edges.reduce((max, e) => Math.max(max, e.turn), -1);
      return (
        <Block title="Knowledge graph">
          {data.edges.length === 0 ? (
            <p className="muted">No triple extracted yet.</p>
          ) : (
            <>
              <GraphView
                edges={data.edges}
                used={used}
                linked={state.data.lastCall?.linkedEntities ?? []}
              />
              <ul className="strategy-list" aria-label="Edges">
                {data.edges
                  .map((edge, index) => ({ edge, index }))
                  .slice(-60)
                  .reverse()
                  .map(({ edge, index }) => (
                    <li key={index} className={used.has(index) ? 'used' : undefined}>
                      {edgeText(edge)}
                      {edge.turn === newest && <span className="tag new">new</span>}
                      {used.has(index) && <span className="tag used">used</span>}
                    </li>
                  ))}
              </ul>
            </>
          )}
        </Block>
      );
    }
    case 'paging': {
      const data = store as PagingData;
      const faults = new Set(state.data.lastCall?.pageFaults ?? []);
      return (
        <>
          <Block title="RAM pages">
            <ul className="strategy-list" aria-label="RAM pages">
              {data.ram.map((i) => (
                <li key={i}>{turnLabel(turns, i)}</li>
              ))}
            </ul>
          </Block>
          <Block title="Disk pages">
            {data.disk.length === 0 ? (
              <p className="muted">Nothing paged out yet.</p>
            ) : (
              <ul className="strategy-list" aria-label="Disk pages">
                {data.disk.slice(-40).map((i) => (
                  <li key={i} className={faults.has(i) ? 'used' : undefined}>
                    {turnLabel(turns, i)}
                    {faults.has(i) && <span className="tag used">paged in</span>}
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </>
      );
    }
    default:
      return null;
  }
}

function FactList({ facts, empty }: { facts: { text: string; turn: number }[]; empty: string }) {
  if (facts.length === 0) return <p className="muted">{empty}</p>;
  const newest = facts[facts.length - 1]!.turn;
  return (
    <ul className="strategy-list">
      {facts.map((f, i) => (
        <li key={i}>
          {f.text} <span className="muted">· turn {f.turn + 1}</span>
          {f.turn === newest && <span className="tag new">new</span>}
        </li>
      ))}
    </ul>
  );
}

function LastCall({ report, turns }: { report: CallReport & { query: string }; turns: Turn[] }) {
  const kept = report.keptTurns;
  return (
    <Block title="Last model call">
      <p>
        Question: <q>{report.query || '(none)'}</q>
      </p>
      <p>
        {kept.length === 0
          ? 'No earlier turn sent as messages.'
          : kept.length === turns.length || kept.length > 6
            ? `Turns ${kept[0]! + 1}–${kept[kept.length - 1]! + 1} sent as messages (${kept.length}).`
            : `Sent as messages: ${kept.map((i) => `turn ${i + 1}`).join(', ')}.`}
      </p>
      {report.pageFaults && (
        <p>
          Page faults:{' '}
          {report.pageFaults.length === 0
            ? 'none'
            : report.pageFaults.map((i) => `turn ${i + 1}`).join(', ')}
        </p>
      )}
      {report.linkedEntities && (
        <p>
          Linked entities:{' '}
          {report.linkedEntities.length ? report.linkedEntities.join(', ') : 'none'}
        </p>
      )}
      {report.scored && report.scored.length > 0 && (
        <table className="strategy-scores" aria-label="Retrieved">
          <caption>Scored by {report.method ?? 'the ranker'} for this question</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Score</th>
              <th scope="col">Injected</th>
            </tr>
          </thead>
          <tbody>
            {report.scored.map((s) => (
              <tr key={s.id} className={s.injected ? 'used' : undefined}>
                <td>{s.label}</td>
                <td>{s.score.toFixed(2)}</td>
                <td>{s.injected ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}
