// The offline demo provider: a deterministic script that stands in for a model when no key is set.
// It is honest about what it is (every final answer carries DEMO_TAG) and exists to exercise the
// memory mechanisms end to end: it understands ordinary phrasings of a few kinds of request
// (remembering, questions about the user, files, compaction, explanations), edits
// /memories/AGENTS.md, answers questions from the injected memory naming the lines it used, calls
// the file tools, stages large tool results and long file writes, writes extractive summaries in the
// compaction format, and offers at most three clickable suggestions. It decides from the request
// alone.
//
// One file per concern: provider.ts (streaming shell), dispatcher.ts (which part answers),
// language.ts (normalising, clauses, third person), understand.ts (intents and slots), turn.ts
// (running a turn's actions over the tool results), actions.ts (what each intent does and says),
// agents-md.ts (the memory blocks), qa.ts (questions), file-commands.ts (plain tool reports),
// scenarios.ts (staged compaction content), summarizer.ts (extractive summaries), suggestions.ts
// (the clickable suggestions), remember.ts and text.ts (helpers).

export { createDemoProvider, DEMO_PROVIDER_NOTICE, type DemoProviderOptions } from './provider';
export { planDemoReply, helpText } from './dispatcher';
export { parseAgentMemoryBlock, USER_MEMORY_PATH, type MemorySource } from './agents-md';
export { uniqueTail, countOccurrences } from './remember';
export { asksForSummary, parseTranscript, extractiveSummary } from './summarizer';
export { longDocument, BIG_COMPUTATION_ROWS } from './scenarios';
export { understand, classify, type Intent } from './understand';
export { thirdPerson } from './language';
export { splitSuggestions, SUGGESTIONS_HEADING } from './suggestions';
export { DEMO_TAG } from './text';
export type { DemoReply } from './types';
