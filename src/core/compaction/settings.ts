// Context compaction's settings (SPEC section 8): the thresholds, the presets, and the Stress preset
// a single thread can run on. Ranges are enforced on save and import (src/core/settings.ts combines
// every feature's settings).

import { z } from 'zod';
import { stateSlot, type ThreadState } from '../agent/middleware';

export const compactionSchema = z.object({
  /** Tool results over this many tokens are moved to /large_tool_results/. */
  offloadTokens: z.number().int().min(100).max(1_000_000),
  /** Compaction starts when the request exceeds this fraction of the context window. */
  triggerFraction: z.number().min(0.05).max(0.99),
  /** Summarization keeps the most recent messages worth this fraction of the window. */
  keepFraction: z.number().min(0.01).max(0.9),
  /** write_file / edit_file arguments longer than this are truncated in old messages. */
  truncateArgChars: z.number().int().min(100).max(1_000_000),
  /**
   * "Keep specifics": the summarizer is handed the removed text's specifics, and those its summary
   * drops are kept beside it (keep-specifics.ts). Off by default, as in Deep Agents.
   */
  keepSpecifics: z.boolean().optional(),
  /** Tokens the "Specifics" block beside a summary may take. */
  specificsBudget: z.number().int().min(50).max(20_000).optional(),
});
export type CompactionSettings = z.infer<typeof compactionSchema>;

/** The "Specifics" block's budget when the setting is absent (settings saved before it existed). */
export const DEFAULT_SPECIFICS_BUDGET = 400;

export const COMPACTION_PRESETS = {
  default: {
    offloadTokens: 20_000,
    triggerFraction: 0.85,
    keepFraction: 0.1,
    truncateArgChars: 2_000,
  },
  /** The Deep Agents team's evaluation practice: trigger early so short sessions produce events. */
  stress: {
    offloadTokens: 2_000,
    triggerFraction: 0.15,
    keepFraction: 0.05,
    truncateArgChars: 500,
  },
} as const satisfies Record<string, CompactionSettings>;

/**
 * The context window the Stress preset also sets (as the window override): small enough that the
 * Demo's long file writes and big computations produce offload, truncation and summarization within
 * a few messages.
 */
export const STRESS_CONTEXT_WINDOW = 32_000;

/**
 * Thread state key: the compaction preset a thread uses instead of the one in Settings. The
 * "Show me compaction" suggestion starts its thread with "stress", so the Demo shows offload,
 * truncation and summarization within a few messages without a trip to Settings.
 */
export const THREAD_PRESET_KEY = 'compactionPreset';
/** The thread's compaction preset, in thread state. */
export const presetSlot = stateSlot(THREAD_PRESET_KEY, z.string());

/** Whether a thread's state asks for the Stress preset. */
export function usesStressPreset(state: Readonly<ThreadState> | undefined): boolean {
  return presetSlot.read(state) === 'stress';
}

const n = (value: number) => value.toLocaleString('en-US');

/** The notice a thread on the Stress preset shows, with the figures it runs with. */
export const STRESS_THREAD_NOTICE =
  `This thread uses the Stress preset: compaction triggers at ${Math.round(COMPACTION_PRESETS.stress.triggerFraction * 100)}% of a ${n(STRESS_CONTEXT_WINDOW)}-token window ` +
  `(${n(Math.round(COMPACTION_PRESETS.stress.triggerFraction * STRESS_CONTEXT_WINDOW))} tokens), tool results over ${n(COMPACTION_PRESETS.stress.offloadTokens)} tokens are offloaded, ` +
  `and old file inputs over ${n(COMPACTION_PRESETS.stress.truncateArgChars)} characters are truncated. Other threads keep your Settings.`;
