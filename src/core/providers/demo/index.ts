// The offline demo provider: a deterministic script that stands in for a model when no key is set.
// It is honest about what it is (every final answer carries DEMO_TAG) and exists to exercise the
// memory mechanisms end to end: it edits /memories/AGENTS.md on "remember …", answers questions
// from the injected <agent_memory> block naming the lines it used, calls the file tools, stages
// large tool results and long file writes on request, and writes extractive summaries in the
// compaction format. It decides from the request alone.
//
// One file per concern: provider.ts (streaming shell), dispatcher.ts (which part answers),
// agents-md.ts (the memory block), remember.ts, file-commands.ts, qa.ts (questions),
// scenarios.ts (staged compaction), summarizer.ts (extractive summaries), text.ts (shared helpers).

export { createDemoProvider, DEMO_PROVIDER_NOTICE, type DemoProviderOptions } from './provider';
export { planDemoReply, helpText } from './dispatcher';
export { parseAgentMemoryBlock, USER_MEMORY_PATH, type MemorySource } from './agents-md';
export { normaliseFact, uniqueTail, countOccurrences } from './remember';
export { asksForSummary, parseTranscript, extractiveSummary } from './summarizer';
export { scenarioRequest, longDocument, BIG_COMPUTATION_ROWS } from './scenarios';
export { DEMO_TAG } from './text';
export type { DemoReply } from './types';
