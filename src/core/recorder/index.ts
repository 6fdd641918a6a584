// The compaction flight recorder's pure core: which specifics a compaction removed, what became of
// them, and whether the user's intent survived. No model, no DOM, deterministic. Rules: RULES.md.

export {
  MAX_SCAN_CHARS,
  SPECIFIC_KINDS,
  SPECIFIC_KIND_LABELS,
  collectSpecifics,
  extractSpecifics,
  type ExtractOptions,
  type SourceRef,
  type Specific,
  type SpecificCollection,
  type SpecificKind,
  type SpecificOrigin,
  type TextPart,
} from './specifics';
export { buildHaystack, findSpecific, type Haystack } from './match';
export {
  FATE_LABELS,
  classifySpecifics,
  fateDetail,
  fateHeadline,
  type ClassifiedSpecific,
  type ContextSection,
  type Fate,
  type FateCounts,
  type FateTarget,
  type ReadableFile,
  type SpecificsFate,
} from './fate';
export {
  MAX_NEXT_STEPS,
  MAX_TERMS,
  extractNextSteps,
  intentSurvival,
  keyTerms,
  nextStepsFromMessages,
  type CheckedTerm,
  type IntentInput,
  type IntentSurvival,
  type KeyTerm,
  type Survival,
  type TermCheck,
} from './intent';
