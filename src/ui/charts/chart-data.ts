import type {
  ContextEvent,
  ContextEventKind,
  ModelCallRecord,
  TokenBreakdown,
} from '../../core/agent/thread';

export type SectionKey = Exclude<keyof TokenBreakdown, 'total' | 'strategy'>;

export const SECTION_KEYS: SectionKey[] = [
  'system',
  'memory',
  'facts',
  'summary',
  'messages',
  'toolResults',
  'tools',
];

export const SECTION_LABELS: Record<SectionKey, string> = {
  system: 'System prompt',
  memory: 'AGENTS.md memory',
  facts: 'Facts',
  summary: 'Summary',
  messages: 'Messages',
  toolResults: 'Tool results',
  tools: 'Tool schemas',
};

export const SECTION_COLORS: Record<SectionKey, string> = {
  system: '#8a94a6',
  memory: '#d4a017',
  facts: '#ec4899',
  summary: '#a3a3ff',
  messages: '#3b82f6',
  toolResults: '#f97316',
  tools: '#84cc16',
};

export const EVENT_LABELS: Record<ContextEventKind, string> = {
  offload: 'Large tool result offloaded',
  truncate: 'Old tool inputs truncated',
  summarize: 'Conversation summarized',
  'summarize-failed': 'Summarization failed (nothing dropped)',
  'memory-loaded': 'AGENTS.md memory loaded',
  'memory-refreshed': 'AGENTS.md memory refreshed',
  'memory-edited': 'AGENTS.md memory edited',
  'facts-updated': 'Facts updated',
  'strategy-changed': 'Context strategy changed',
  'strategy-step': 'Strategy model call',
  'strategy-step-failed': 'Strategy step failed (memory unchanged)',
  'strategy-evicted': 'Strategy store capped (oldest dropped)',
  'strategy-note': 'Strategy note',
};

export const fmt = (n: number) => n.toLocaleString('en-US');

export interface ChartRow {
  call: number;
  system: number;
  memory: number;
  facts: number;
  summary: number;
  messages: number;
  toolResults: number;
  tools: number;
  total: number;
  contextWindow: number;
  trigger?: number;
  reported?: number;
  /** y position of this call's event markers (the top of the stack). */
  marker?: number;
  events: ContextEvent[];
}

export function buildRows(calls: ModelCallRecord[], events: ContextEvent[]): ChartRow[] {
  return calls.map((call, index) => {
    const e = call.estimate;
    const here = events.filter((event) => event.callId === call.callId);
    return {
      call: index + 1,
      system: e.system,
      memory: e.memory,
      facts: e.facts ?? 0,
      summary: e.summary ?? 0,
      messages: e.messages,
      toolResults: e.toolResults ?? 0,
      tools: e.tools,
      total: e.total,
      contextWindow: call.contextWindow,
      trigger: call.triggerTokens,
      reported: call.usage?.inputTokens,
      marker: here.length > 0 ? e.total : undefined,
      events: here,
    };
  });
}
