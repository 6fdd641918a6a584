// "How close are we to the limit?": the figures come from the request's size and the window the
// app runs with (set in Settings or by the thread's preset), else the model profile's.
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../agent/types';
import { createDemoProvider } from '../provider';

function asked(text: string): ModelRequest {
  return {
    model: 'demo',
    system: '',
    messages: [{ role: 'user', id: 'u1', content: text, createdAt: 1 }],
    tools: [],
  };
}

async function answer(text: string, contextWindow?: number): Promise<string> {
  const provider = createDemoProvider({ delayMs: 0, ...(contextWindow ? { contextWindow } : {}) });
  const { message } = await provider.complete(asked(text), {
    signal: new AbortController().signal,
  });
  return message.content;
}

describe('nearness to the context limit', () => {
  it('says the window set in Settings, what is used and what is left', async () => {
    const text = await answer('how close are we to the context limit?', 8_192);
    expect(text).toMatch(
      /about [\d,]+ tokens of a 8,192-token context window \(the window set in Settings\): [\d.]+% used, [\d,]+ tokens left/,
    );
  });

  it("says the model profile's window when none is set", async () => {
    const text = await answer('how far are we from compaction?');
    expect(text).toContain("128,000-token context window (the model profile's window)");
  });

  it('says by how much a request is over a window smaller than it', async () => {
    const text = await answer('are we near the token limit?', 4);
    expect(text).toMatch(
      /4-token context window \(the window set in Settings\): [\d,]+ tokens over it/,
    );
  });
});
