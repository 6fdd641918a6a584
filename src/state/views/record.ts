// The Compaction record's view: the fate of each specific, and what the thread has pinned.

import type { ThreadState } from '../../core/agent/middleware';
import { getPins, type Pins } from '../../core/recorder/pins';

export { fateDetail, fateHeadline } from '../../core/recorder/fate';
export { pinKey } from '../../core/recorder/record';

/** The thread's pins (messages and specifics); none for a thread without state. */
export function pinsOf(state: ThreadState | undefined): Pins {
  return getPins(state);
}
