// Fact memory's update after a run, as the session schedules it: whoever schedules (the app's facts
// store, debounced, one queue for all threads) is handed the update to run later; the update goes
// through the session's own harness, and a change comes back straight to the session, which
// records it on the thread's timeline (no listener set in between).

import type { Message } from '../agent/types';
import type { TimelineEntry } from '../thread/thread';
import { MEMORY_JSON_PATH } from '../memory/facts/store';
import type { HarnessCache } from './harness-cache';
import type { FactUpdateResult, SessionDeps } from './types';

export interface FactUpdates {
  /** After a run: hands the update of `messages` to the scheduler (when there is one). */
  schedule(messages: readonly Message[]): void;
  /** Runs the update of `messages` now (the scheduler calls this, or "Update memory now"). */
  update(messages: readonly Message[]): Promise<FactUpdateResult>;
}

export function createFactUpdates(options: {
  threadId: () => string;
  harnesses: HarnessCache;
  deps: Pick<SessionDeps, 'scheduleFacts' | 'newId'>;
  /** Records a timeline event on the thread (after the run when one is going). */
  record(entry: TimelineEntry): void;
  /** memory.json changed. */
  filesChanged(paths: string[]): void;
}): FactUpdates {
  async function update(messages: readonly Message[]): Promise<FactUpdateResult> {
    const made = await options.harnesses.get({ kind: 'run' });
    if (!made.ok) {
      if ('problems' in made) return { status: 'no-provider', problems: made.problems };
      return {
        status: 'no-provider',
        problems: ['unavailable' in made && 'message' in made ? made.message : 'No model.'],
      };
    }
    const threadId = options.threadId();
    const newId = options.deps.newId;
    return made.harness.updateFacts({
      threadId,
      messages,
      ...(newId ? { newId: () => newId('fact') } : {}),
      emit: (event) => {
        if (event.type !== 'facts-updated') return;
        options.record({ kind: 'facts-updated', detail: event.detail, path: MEMORY_JSON_PATH });
        options.filesChanged([MEMORY_JSON_PATH]);
      },
    });
  }
  return {
    schedule(messages) {
      options.deps.scheduleFacts?.(options.threadId(), () => update(messages));
    },
    update,
  };
}
