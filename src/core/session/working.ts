// The session's working copy of its thread: what the UI is shown of it, the notices a run appends,
// and how a save that merged another tab's messages is taken in without losing what arrived since.

import type { NoticeMessage } from '../agent/types';
import type { HarnessProblem } from './types';
import type { Thread } from '../thread/thread';

/**
 * The thread as the UI is shown it: a new object whose lists and state later changes do not reach
 * (the state too is a new object, so that a view of it, the pins say, sees a change).
 */
export function view(thread: Thread): Thread {
  return {
    ...thread,
    state: { ...thread.state },
    messages: [...thread.messages],
    calls: [...thread.calls],
    events: [...(thread.events ?? [])],
  };
}

/**
 * Takes in the stored thread a save returned (ours merged with another tab's messages): its
 * messages, model calls and events, followed by ours that it does not have yet (those that arrived
 * while the save was on its way). In place: a run going on keeps recording into the same object.
 */
export function adopt(working: Thread, stored: Thread): void {
  working.messages = union(stored.messages, working.messages, (m) => m.id);
  working.calls = union(stored.calls, working.calls, (c) => c.callId);
  working.events = union(stored.events ?? [], working.events ?? [], (e) => e.id);
  working.memoryEdits = union(
    stored.memoryEdits,
    working.memoryEdits,
    (e) => `${e.journalId ?? e.toolCallId}\u0000${e.at}`,
  );
}

function union<T>(first: readonly T[], then: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(first.map(key));
  return [...first, ...then.filter((item) => !seen.has(key(item)))];
}

/** Notices the session appends to the thread (what the user reads in the conversation). */
export const NOTICES = {
  stopped: 'Stopped. Everything up to this point is kept; send a message to continue.',
  stoppedBeforeModel: 'Stopped before the model was ready. Everything up to this point is kept.',
  downloadCancelled:
    'The model download was cancelled, so nothing was sent. Send again to download it, or choose another provider in Settings.',
  modelUnavailable: (message: string) => `The in-browser model is not available: ${message}`,
  settings: (problems: readonly string[]) =>
    `Settings need attention before this can be sent: ${problems.join(' ')} Open Settings to fix them.`,
  failed: (message: string) => `The run failed: ${message} Everything up to this point is kept.`,
  merged: (count: number) =>
    `Another tab added ${count} message${count === 1 ? '' : 's'} to this thread.`,
  copied: (title: string) =>
    `Another tab changed this thread in a way that could not be merged; its version is kept as a separate thread, "${title}".`,
};

/** The notice for a run that got no harness. */
export function problemNotice(problem: HarnessProblem): Pick<NoticeMessage, 'kind' | 'content'> {
  if ('problems' in problem) return { kind: 'error', content: NOTICES.settings(problem.problems) };
  if (problem.unavailable === 'cancelled')
    return { kind: 'info', content: NOTICES.downloadCancelled };
  if (problem.unavailable === 'failed')
    return { kind: 'error', content: NOTICES.modelUnavailable(problem.message) };
  return { kind: 'info', content: NOTICES.stoppedBeforeModel };
}

/** What a failed save says: the thread in memory is intact, and how much of it is stored. */
export function saveFailedText(error: string, unsaved: Thread, stored: Thread | undefined): string {
  const kept = stored
    ? `the stored copy has ${stored.messages.length} of its ${unsaved.messages.length} messages`
    : 'nothing of it is stored yet';
  return `This thread could not be saved (${error}). It is intact in this tab; ${kept}. The next change saves it again.`;
}
