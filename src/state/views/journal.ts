// The memory journal's view (the Memory journal list and the memory chips in the conversation): who
// wrote, which thread, the diff of a write, what a fact update changed.

export { buildDiff, describeAuthor, threadOf } from '../../core/fs/journal';
export { describeMemoryChange } from '../../core/memory/facts/changes';
