import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest } from '../../agent/types';
import { planDemoReply, readAhead } from './dispatcher';

function longRequest(turns: number): ModelRequest {
  const messages: ModelMessage[] = [];
  for (let i = 0; i < turns; i++) {
    messages.push({
      role: 'user',
      id: `u${i}`,
      content: `My sister lives in city number ${i}.`,
      createdAt: i,
    });
    messages.push({ role: 'assistant', id: `a${i}`, content: 'Noted.', createdAt: i });
  }
  messages.push({
    role: 'user',
    id: 'last',
    content: 'Where does my sister live?',
    createdAt: turns,
  });
  return { model: 'demo', system: '', messages, tools: [] };
}

describe('readAhead', () => {
  it('reads a long thread in slices, pausing between them, and the reply is the same', async () => {
    const request = longRequest(2_000);
    let pauses = 0;
    await readAhead(request, async () => void pauses++, 0);
    expect(pauses).toBeGreaterThan(50);
    // What was decided ahead is what planDemoReply decides itself on a request it has not seen.
    const fresh: ModelRequest = { ...request, messages: request.messages.map((m) => ({ ...m })) };
    expect(planDemoReply(request)).toEqual(planDemoReply(fresh));
  });

  it('does not pause again for messages already read', async () => {
    const request = longRequest(500);
    await readAhead(request, async () => {}, 0);
    let pauses = 0;
    await readAhead(request, async () => void pauses++, 0);
    expect(pauses).toBe(0);
  });
});
