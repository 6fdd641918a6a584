// The session's save queue: one save at a time, in order, the latest snapshot only while one is in
// flight, and a failure that loses nothing (the next save stores everything).
import { describe, expect, it } from 'vitest';
import type { Thread, ThreadStore } from '../thread/thread';
import { createSaveQueue } from './save-queue';

const thread = (messages: number): Thread => ({
  id: 't',
  title: 'T',
  workspace: 'default',
  createdAt: 1,
  updatedAt: 1,
  messages: Array.from({ length: messages }, (_, i) => ({
    role: 'user' as const,
    id: `m${i}`,
    content: `message ${i}`,
    createdAt: 1,
  })),
  state: {},
  calls: [],
  memoryEdits: [],
});

function slowStore() {
  const puts: number[] = [];
  let inFlight = 0;
  let overlapped = false;
  let fail = false;
  const store: ThreadStore = {
    list: async () => [],
    get: async () => undefined,
    delete: async () => {},
    async put(saved) {
      inFlight++;
      if (inFlight > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (fail) throw new Error('disk full');
      puts.push(saved.messages.length);
    },
  };
  return {
    store,
    puts,
    overlapped: () => overlapped,
    failing: (value: boolean) => (fail = value),
  };
}

describe('createSaveQueue', () => {
  it('saves one at a time, in order, and only the latest snapshot asked for while one is in flight', async () => {
    const { store, puts, overlapped } = slowStore();
    const queue = createSaveQueue({
      store,
      base: undefined,
      onSaved: () => {},
      onFailed: () => {},
    });
    const working = thread(1);
    const first = queue.save(working);
    for (let i = 2; i <= 5; i++) {
      working.messages.push(thread(i).messages.at(-1)!);
      void queue.save(working);
    }
    await first;
    await queue.flush();
    expect(overlapped()).toBe(false);
    // The first as it was when asked for (a snapshot), then the latest: 2 to 4 are contained in it.
    expect(puts).toEqual([1, 5]);
  });

  it('a failure is reported with the last saved snapshot, and the next save stores everything', async () => {
    const { store, puts, failing } = slowStore();
    const failures: { unsaved: number; stored: number | undefined }[] = [];
    const queue = createSaveQueue({
      store,
      base: undefined,
      onSaved: () => {},
      onFailed: (_error, unsaved, stored) =>
        failures.push({ unsaved: unsaved.messages.length, stored: stored?.messages.length }),
    });
    const working = thread(1);
    await queue.save(working);
    failing(true);
    working.messages.push(...thread(3).messages.slice(1));
    await queue.save(working);
    expect(failures).toEqual([{ unsaved: 3, stored: 1 }]);
    expect(working.messages).toHaveLength(3);
    failing(false);
    await queue.save(working);
    expect(puts).toEqual([1, 3]);
  });
});
