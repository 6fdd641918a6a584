// The context strategies' app settings (SPEC section 10): the default for new threads and who answers
// their model steps. Each strategy's own settings are its schema (registry.ts). src/core/settings.ts
// combines every feature's settings.

import { z } from 'zod';
import { STRATEGY_IDS } from './types';

export const strategySettingsSchema = z.object({
  default: z.enum(STRATEGY_IDS),
  /** Model for strategy steps (summary merge, extraction…) on the same connection; empty: the chat model. */
  memoryModel: z.string().max(200),
  /**
   * Who answers memory steps (summaries, fact updates, strategy steps, arena questions): the chat
   * provider ('chat', with memoryModel), or the in-browser model of the `local` settings ('local'),
   * whatever the chat provider is.
   */
  memoryProvider: z.enum(['chat', 'local']).default('chat'),
});
export type StrategySettings = z.infer<typeof strategySettingsSchema>;
export const DEFAULT_STRATEGY_SETTINGS: StrategySettings = {
  default: 'deep-agents',
  memoryModel: '',
  memoryProvider: 'chat',
};
