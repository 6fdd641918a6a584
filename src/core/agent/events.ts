// Everything the agent loop tells the outside world. The UI and the stores only listen.
//
// The loop's own events are the run, its messages, the streamed pieces and each model call. Every
// other event belongs to a feature (a middleware, the memory journal, the thread's timeline) and is
// declared by that feature's module, which adds it to FeatureEvents:
//
//   declare module '../agent/events' {
//     interface FeatureEvents {
//       'facts-ranked': { type: 'facts-ranked'; method: string; scores: FactScore[] };
//     }
//   }
//
// The key is the event's `type`. AgentEvent is the union of both, so `event.type === 'facts-ranked'`
// narrows to the feature's own shape wherever it is read; the loop passes feature events on without
// reading them.

import type { Message, ModelRequest, StreamEvent, Usage } from './types';

export type RunOutcome =
  | { status: 'done' }
  | { status: 'aborted' }
  | { status: 'max-steps'; steps: number }
  | { status: 'error'; message: string };

/** The loop's own events. */
export type LoopEvent =
  | { type: 'run-start'; threadId: string }
  /** A complete message was appended to the thread. */
  | { type: 'message'; message: Message }
  /** A piece of the assistant message being streamed (not yet in the thread). */
  | { type: 'stream'; event: StreamEvent }
  /** A model call is about to go to the provider, with the request exactly as it will be sent. */
  | { type: 'model-call-start'; callId: string; request: ModelRequest; startedAt: number }
  | {
      type: 'model-call-end';
      callId: string;
      usage?: Usage;
      endedAt: number;
      error?: string;
    }
  | { type: 'run-end'; outcome: RunOutcome };

/**
 * Events declared by features, by type (see the top of this file). Empty here: the agent names no
 * feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureEvents {}

/** An event a feature declared. */
export type FeatureEvent = FeatureEvents[keyof FeatureEvents];

export type AgentEvent = LoopEvent | FeatureEvent;
