import { useChatStore } from '../../state/chat';
import type { ModelCallRecord, TokenBreakdown } from '../../core/agent/thread';
import './tokens.css';

const SECTIONS: { key: keyof Omit<TokenBreakdown, 'total'>; label: string }[] = [
  { key: 'system', label: 'System prompt' },
  { key: 'memory', label: 'AGENTS.md memory' },
  { key: 'messages', label: 'Messages' },
  { key: 'tools', label: 'Tool schemas' },
];

const NO_CALLS: ModelCallRecord[] = [];
const fmt = (n: number) => n.toLocaleString('en-US');

export function TokenReadout() {
  const calls = useChatStore((s) => s.thread?.calls) ?? NO_CALLS;
  const last = calls[calls.length - 1];

  return (
    <section aria-label="Token usage" className="token-readout">
      <h2>Token usage</h2>
      {!last ? (
        <p className="muted">Each model call's input size will show here.</p>
      ) : (
        <>
          <LastCall call={last} index={calls.length} />
          {calls.length > 1 && <CallTable calls={calls} />}
        </>
      )}
    </section>
  );
}

function LastCall({ call, index }: { call: ModelCallRecord; index: number }) {
  const { estimate, contextWindow } = call;
  const share = (n: number) =>
    `${Math.max(0, (n / contextWindow) * 100).toFixed(n / contextWindow < 0.01 ? 2 : 1)}%`;
  return (
    <div>
      <p className="headline">
        Call {index}: <strong>{fmt(estimate.total)}</strong> estimated input tokens of a{' '}
        {fmt(contextWindow)}-token context window ({share(estimate.total)})
      </p>
      <div className="bar" aria-hidden="true">
        {SECTIONS.map(({ key }) => (
          <span
            key={key}
            className={`seg seg-${key}`}
            style={{ width: share(estimate[key] ?? 0) }}
          />
        ))}
      </div>
      <table>
        <tbody>
          {SECTIONS.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row">
                <span className={`swatch seg-${key}`} /> {label}
              </th>
              <td>{fmt(estimate[key] ?? 0)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Reported by provider</th>
            <td>
              {call.usage
                ? `${fmt(call.usage.inputTokens)} in · ${fmt(call.usage.outputTokens)} out`
                : call.error
                  ? 'call failed'
                  : call.endedAt
                    ? 'not reported'
                    : '…'}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function CallTable({ calls }: { calls: ModelCallRecord[] }) {
  return (
    <details className="call-table">
      <summary>All {calls.length} calls in this thread</summary>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Estimated</th>
            <th>Reported</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call, i) => (
            <tr key={call.callId}>
              <td>{i + 1}</td>
              <td>{fmt(call.estimate.total)}</td>
              <td>{call.usage ? fmt(call.usage.inputTokens) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
