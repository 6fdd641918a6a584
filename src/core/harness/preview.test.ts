import { describe, expect, it } from 'vitest';
import { previewNextRequest } from './preview';
import { memoryFs } from '../../../tests/fixtures/agent';
import { createFsTools } from '../fs/tools';
import { createAgentsMdMiddleware } from '../memory/agents-md';
import type { Middleware } from '../agent/middleware';

describe('previewNextRequest', () => {
  it('builds the request a run would send, memory included, without changing thread state', async () => {
    const fs = await memoryFs({ '/memories/AGENTS.md': '- Prefers tabs.\n' });
    const state = {};
    const { request, events } = await previewNextRequest({
      threadId: 't',
      history: [{ role: 'user', id: 'u', content: 'hi', createdAt: 0 }],
      model: 'm',
      systemPrompt: 'BASE',
      tools: createFsTools(),
      middleware: [
        createAgentsMdMiddleware({ sources: ['/memories/AGENTS.md'], refreshAfterEdits: true }),
      ],
      fs,
      state,
    });
    expect(request.system).toContain('<agent_memory>\n/memories/AGENTS.md\n\n- Prefers tabs.');
    expect(request.messages.map((m) => m.content)).toEqual(['hi']);
    expect(request.tools.map((t) => t.name)).toContain('edit_file');
    expect(events.some((e) => e.type === 'memory-loaded')).toBe(true);
    expect(state).toEqual({});
  });

  it('cannot write to the filesystem', async () => {
    const fs = await memoryFs({});
    const writer: Middleware = {
      name: 'writer',
      async wrapModelCall(request, next, context) {
        await expect(context.fs.write('/x.md', 'y')).rejects.toThrow('read-only');
        return next(request);
      },
    };
    await previewNextRequest({
      threadId: 't',
      history: [],
      model: 'm',
      systemPrompt: '',
      tools: [],
      middleware: [writer],
      fs,
      state: {},
    });
    expect(await fs.read('/x.md')).toBeUndefined();
  });
});
