// Taking in a save that merged another tab's messages (working.ts adopt): the stored thread's
// messages, then ours that arrived while the save was on its way; in place, so that a run going on
// keeps recording into the same object.
import { describe, expect, it } from 'vitest';
import type { Message } from '../agent/types';
import type { Thread } from '../thread/thread';
import { adopt, saveFailedText, view } from './working';

const said = (id: string): Message => ({ role: 'user', id, content: id, createdAt: 1 });
const thread = (messages: Message[]): Thread => ({
  id: 't',
  title: 'T',
  workspace: 'default',
  createdAt: 1,
  updatedAt: 1,
  messages,
  state: { choice: 1 },
  calls: [],
  memoryEdits: [],
  events: [],
});

describe('adopt', () => {
  it("takes the stored messages (ours and the other tab's) and keeps ours that came after the save", () => {
    const working = thread([said('a1'), said('b1'), said('b2')]);
    const messages = working.messages;
    // Saved when it held a1 and b1; the other tab had added o1 and o2 after a1.
    const stored = thread([said('a1'), said('o1'), said('o2'), said('b1')]);
    stored.events = [{ id: 'e-other', at: 2, kind: 'facts-updated', detail: 'other' }];
    const sameObject = working;
    adopt(working, stored);
    expect(working).toBe(sameObject);
    expect(working.messages.map((m) => m.id)).toEqual(['a1', 'o1', 'o2', 'b1', 'b2']);
    expect(working.events?.map((e) => e.id)).toEqual(['e-other']);
    // A recorder holding the thread appends to the new list.
    working.messages.push(said('b3'));
    expect(messages).toHaveLength(3);
    expect(working.messages.at(-1)?.id).toBe('b3');
  });
});

describe('view', () => {
  it('is a new object whose lists and state later changes do not reach', () => {
    const working = thread([said('a1')]);
    const shown = view(working);
    working.messages.push(said('a2'));
    working.state.choice = 2;
    expect(shown.messages).toHaveLength(1);
    expect(shown.state).toEqual({ choice: 1 });
  });
});

describe('saveFailedText', () => {
  it('says what is stored and what is not', () => {
    const unsaved = thread([said('a'), said('b'), said('c')]);
    expect(saveFailedText('disk full', unsaved, thread([said('a')]))).toBe(
      'This thread could not be saved (disk full). It is intact in this tab; the stored copy has 1 of its 3 messages. The next change saves it again.',
    );
  });
});
