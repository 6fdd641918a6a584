// The chat store over the real IndexedDB thread store (fake-indexeddb in Node) and the Demo
// provider: it shows what the open thread's session says, and what it shows is what is stored.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { getServices } from './services';
import { useSettingsStore } from './settings';
import { useChatStore } from './chat';
import { defaultSelection, strategyChoiceSlot } from '../core/strategies/registry';

// The execute tool's sandbox is a Vite-built worker (a virtual module Node cannot load); no test
// here runs code.
vi.mock('../adapters/execute-runner', () => ({
  createWorkerCodeRunner: () => ({
    run: async () => {
      throw new Error('No sandbox in Node.');
    },
  }),
}));

describe('chat store', () => {
  it('sends through the session, shows the reply, lists the thread and reopens it from storage', async () => {
    useSettingsStore.setState({
      settings: {
        ...DEFAULT_SETTINGS,
        provider: 'demo',
        facts: { ...DEFAULT_SETTINGS.facts, enabled: false },
      },
    });
    const chat = useChatStore.getState();
    chat.newThread();
    const seen: boolean[] = [];
    const unsubscribe = useChatStore.subscribe((state, before) => {
      if (state.running !== before.running) seen.push(state.running);
    });
    await chat.send('Hello, what can you do?');
    unsubscribe();
    expect(seen).toEqual([true, false]);
    const shown = useChatStore.getState().thread!;
    expect(shown.messages[0]).toMatchObject({ role: 'user', content: 'Hello, what can you do?' });
    expect(shown.messages.at(-1)?.role).toBe('assistant');
    expect(useChatStore.getState().threads.map((t) => t.id)).toContain(shown.id);

    // Saved as shown: another thread, then this one again, read back from IndexedDB.
    useChatStore.getState().newThread();
    expect(useChatStore.getState().thread).toBeNull();
    expect(await useChatStore.getState().openThread(shown.id)).toBe('opened');
    expect(useChatStore.getState().thread?.messages).toEqual(shown.messages);
    expect((await getServices().threads.get(shown.id))?.messages).toEqual(shown.messages);
  });

  it('a new thread takes the strategy chosen before its first message', async () => {
    useChatStore.getState().newThread();
    await useChatStore.getState().setStrategy(defaultSelection('sliding-window'));
    expect(useChatStore.getState().pendingStrategy?.id).toBe('sliding-window');
    await useChatStore.getState().send('First message');
    const thread = useChatStore.getState().thread!;
    expect(strategyChoiceSlot.read(thread.state)?.id).toBe('sliding-window');
    expect(useChatStore.getState().pendingStrategy).toBeNull();
  });
});
