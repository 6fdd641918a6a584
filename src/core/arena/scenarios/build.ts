// A small builder for the built-in scenarios: turns as (user, answer) pairs, optionally with
// recorded tool calls and results, message ids `t{n}u` / `t{n}a` (`t{n}c{k}` / `t{n}r{k}` for tool
// calls and results), and times that advance a few minutes per turn from a session's start.

import type { ModelMessage } from '../../agent/types';
import type { Probe, Transcript } from '../transcript';

export interface ScenarioTurn {
  user: string;
  answer: string;
  /** Tool calls made before the answer, each with its recorded result. */
  tools?: { name: string; args: Record<string, unknown>; result: string }[];
  /** A new session starting at this ISO date-time. */
  session?: string;
}

export function scenario(
  id: string,
  title: string,
  note: string,
  turns: ScenarioTurn[],
  probes: (Omit<Probe, 'id'> & { id?: string })[],
): Transcript {
  const messages: ModelMessage[] = [];
  let clock = Date.UTC(2025, 2, 3, 9, 0);
  turns.forEach((turn, i) => {
    const n = i + 1;
    if (turn.session) clock = Date.parse(turn.session);
    messages.push({ role: 'user', id: `t${n}u`, content: turn.user, createdAt: clock });
    (turn.tools ?? []).forEach((tool, k) => {
      const callId = `t${n}c${k + 1}`;
      messages.push({
        role: 'assistant',
        id: `t${n}s${k + 1}`,
        content: '',
        toolCalls: [{ id: callId, name: tool.name, arguments: JSON.stringify(tool.args) }],
        createdAt: clock + 1000 * (k + 1),
      });
      messages.push({
        role: 'tool',
        id: `t${n}r${k + 1}`,
        toolCallId: callId,
        toolName: tool.name,
        content: tool.result,
        createdAt: clock + 1000 * (k + 1) + 500,
      });
    });
    messages.push({
      role: 'assistant',
      id: `t${n}a`,
      content: turn.answer,
      createdAt: clock + 60_000,
    });
    clock += 5 * 60_000;
  });
  return {
    id: `scenario:${id}`,
    title,
    source: 'scenario',
    messages,
    probes: probes.map((p, i) => ({ ...p, id: p.id ?? `p${i + 1}` })),
    note,
  };
}
