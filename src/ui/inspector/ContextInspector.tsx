import { useEffect, useState } from 'react';
import type { ModelMessage, ModelRequest } from '../../core/agent/types';
import { EVENT_LABELS } from '../charts/chart-data';
import { useChatStore } from '../../state/chat';
import { useSettingsStore } from '../../state/settings';
import type { AgentEvent } from '../../core/agent/events';
import { useRecordsStore } from '../../state/records';
import './inspector.css';
import {
  isSummaryMessage,
  describeOutdated,
  memoryLoadedEntry,
  previewView,
  type PreviewView,
} from '../../state/views/inspector';

interface Part {
  title: string;
  text: string;
  tokens: number;
}

/** The exact next request, section by section, with token counts; copyable as JSON. */
export function ContextInspector() {
  const thread = useChatStore((s) => s.thread);
  const running = useChatStore((s) => s.running);
  const previewNext = useChatStore((s) => s.previewNext);
  const settings = useSettingsStore((s) => s.settings);
  const [preview, setPreview] = useState<PreviewView>({});
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (running) return;
    let cancelled = false;
    // Counted with the run's own counter (the in-browser model's tokenizer included).
    void previewView(previewNext).then((view) => {
      if (!cancelled) setPreview(view);
    });
    return () => {
      cancelled = true;
    };
  }, [thread, running, settings, previewNext]);

  const request = preview.value?.request;
  const count = (text: string) => preview.counter?.count(text) ?? Math.ceil(text.length / 4);
  const parts = request ? splitRequest(request, count) : [];
  const total = parts.reduce((sum, part) => sum + part.tokens, 0);

  const copy = async () => {
    if (!request) return;
    await navigator.clipboard.writeText(JSON.stringify(request, null, 2));
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <section aria-label="Context" className="context-inspector">
      <header className="panel-head">
        <h2 className="panel-title">Next request</h2>
        <button type="button" onClick={() => void copy()} disabled={!request}>
          {copied ? 'Copied' : 'Copy as JSON'}
        </button>
        <button
          type="button"
          onClick={() => void useRecordsStore.getState().compactNow()}
          disabled={running || !thread?.messages.length}
          title="Summarize the older messages now, as a preview: see what would be kept, recoverable and lost before anything changes"
        >
          Compact now
        </button>
      </header>
      {preview.error && <p role="alert">{preview.error}</p>}
      {!request && !preview.error && <p className="muted">Building the next request…</p>}
      {request && (
        <>
          <p className="muted">
            What the model would receive if you sent a message now ({request.model}):{' '}
            {total.toLocaleString('en-US')} tokens before your message
            {preview.counter && !preview.counter.approximate
              ? ''
              : ' (rough estimate: tokenizer not loaded)'}
            .
          </p>
          {(preview.value?.events ?? []).map((event, i) => {
            const note = eventNote(event);
            return note ? (
              <p key={i} className="inspector-note">
                ◆ {note}
              </p>
            ) : null;
          })}
          <ol className="request-parts" aria-label="Request sections">
            {parts.map((part, i) => (
              <li key={i}>
                <details>
                  <summary>
                    <span className="part-title">{part.title}</span>
                    <span className="part-tokens">
                      {part.tokens.toLocaleString('en-US')} tokens
                    </span>
                  </summary>
                  <pre>{part.text}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** What the inspector says about an event of the previewed call (none for most). */
function eventNote(event: AgentEvent): string | undefined {
  if (event.type === 'context-event')
    return `${EVENT_LABELS[event.event.kind]}: ${event.event.detail}`;
  // "Refresh memory after edits" off: which version of AGENTS.md this thread sends.
  if (event.type === 'memory-outdated')
    return `AGENTS.md memory: ${describeOutdated(event.sources)}`;
  const marker = memoryLoadedEntry(event);
  if (marker?.kind === 'memory-refreshed') return `${EVENT_LABELS[marker.kind]}: ${marker.detail}`;
  return undefined;
}

/** System prompt, each named middleware section, each message, and the tool schemas. */
export function splitRequest(request: ModelRequest, count: (text: string) => number): Part[] {
  let base = request.system;
  const sectionParts: Part[] = [];
  for (const section of request.sections ?? []) {
    const at = base.indexOf(section.text);
    if (at >= 0) base = base.slice(0, at) + base.slice(at + section.text.length);
    sectionParts.push({
      title: sectionTitle(section.name),
      text: section.text,
      tokens: count(section.text),
    });
  }
  base = base.trim();
  const parts: Part[] = [
    { title: 'System prompt', text: base, tokens: count(base) },
    ...sectionParts,
  ];
  request.messages.forEach((message, index) => {
    const text = messageText(message);
    parts.push({ title: messageTitle(message, index), text, tokens: count(text) + 4 });
  });
  const tools = JSON.stringify(request.tools, null, 2);
  parts.push({
    title: `Tool schemas (${request.tools.length})`,
    text: tools,
    tokens: request.tools.length ? count(JSON.stringify(request.tools)) : 0,
  });
  return parts;
}

function sectionTitle(name: string): string {
  if (name === 'memory') return 'AGENTS.md memory';
  if (name === 'facts') return 'Facts (<memory>)';
  return name;
}

function messageTitle(message: ModelMessage, index: number): string {
  const n = `#${index + 1}`;
  if (isSummaryMessage(message)) return `${n} Summary (replaces the older messages)`;
  if (message.role === 'user') return `${n} User`;
  if (message.role === 'tool') return `${n} Tool result · ${message.toolName}`;
  const calls = message.toolCalls?.map((c) => c.name).join(', ');
  return `${n} Assistant${calls ? ` · calls ${calls}` : ''}`;
}

function messageText(message: ModelMessage): string {
  if (message.role !== 'assistant' || !message.toolCalls?.length) return message.content;
  const calls = message.toolCalls.map((call) => `→ ${call.name}(${call.arguments})`).join('\n');
  return message.content ? `${message.content}\n${calls}` : calls;
}
