// The built-in scenarios, written for this project.
import type { Transcript } from '../transcript';
import { codingSession } from './coding';
import { multiSession } from './multi-session';
import { personalAssistant } from './personal-assistant';
import { correctedPreference } from './preference';

export const SCENARIOS: Transcript[] = [
  personalAssistant,
  codingSession,
  multiSession,
  correctedPreference,
];
