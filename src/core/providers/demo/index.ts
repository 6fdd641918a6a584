// The offline demo provider: a deterministic script that stands in for a model when no key is set.
// It is honest about what it is (every final answer carries DEMO_TAG) and exists to exercise the
// memory mechanisms end to end: it understands ordinary phrasings of a few kinds of request
// (remembering, questions about the user, files, compaction, explanations), edits
// /memories/AGENTS.md, answers questions from the injected memory naming the lines it used, calls
// the file tools, stages large tool results and long file writes, writes extractive summaries in the
// compaction format, and offers at most three clickable suggestions. It decides from the request
// alone.
//
// One file per concern, and one folder per family of intents, its patterns beside its actions:
// provider.ts (streaming shell), dispatcher.ts (which part answers), language.ts (normalising,
// clauses, third person), understand.ts and intents.ts (the intents of a message and their
// slots), turn.ts (running a turn's actions over the tool results), common.ts (what the actions
// share), agents-md.ts (the memory blocks), suggestions.ts (the clickable suggestions),
// summarizer.ts (extractive summaries), scenarios.ts (staged compaction content), text.ts
// (helpers); memory/ (remember, forget), conversation/ (questions about the user and what they
// said), files/ (list, read, open, search, write), explain/ (the mechanisms, the strategies),
// compaction/ (the tour), tokens/ (the thread's token figures).

export { createDemoProvider, DEMO_PROVIDER_NOTICE, type DemoProviderOptions } from './provider';
export { planDemoReply, helpText } from './dispatcher';
export { parseAgentMemoryBlock, USER_MEMORY_PATH, type MemorySource } from './agents-md';
export { uniqueTail, countOccurrences } from './memory/unique';
export { asksForSummary, parseTranscript, extractiveSummary } from './summarizer';
export { longDocument, BIG_COMPUTATION_ROWS } from './scenarios';
export { understand, classify, type Intent } from './understand';
export { thirdPerson } from './language';
export { splitSuggestions, SUGGESTIONS_HEADING } from './suggestions';
export { DEMO_TAG } from './text';
export type { DemoReply } from './types';
