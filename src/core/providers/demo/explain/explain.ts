// The explanations of the app's mechanisms, each with the suggestions that show it.

import { STRATEGY_LIST } from '../../../strategies/registry';
import { USER_MEMORY_PATH } from '../agents-md';
import { SUGGEST } from '../common';
import { TRIGGER_NOTE } from '../compaction/tour';
import type { Topic } from '../intents';
import { say, type Action } from '../turn';

// --- Explanations ---------------------------------------------------------------------------------

/** Each topic's explanation (its lines joined by line breaks) and the suggestions that show it. */
const EXPLANATIONS: Record<Topic, { text: string | string[]; suggestions: string[] }> = {
  compaction: {
    text: [
      'Compaction keeps a long session inside the context window, in three steps (as Deep Agents does):',
      '',
      '- **Offload**: a tool result over the offload limit is saved to /large_tool_results/ and the model gets a preview and the path.',
      '- **Truncation**: once a request passes the trigger, long write_file / edit_file inputs in older messages are cut to a pointer to their file.',
      '- **Summarization**: if that is not enough, older turns are summarized and the full history is saved to /conversation_history/.',
      '',
      TRIGGER_NOTE,
    ],
    suggestions: [SUGGEST.compaction],
  },
  truncation: {
    text: 'Truncation is the second step of compaction, as in Deep Agents: once a request passes the trigger (85% of the context window by default, 15% on the Stress preset), the write_file and edit_file inputs in older messages that are longer than 2,000 characters (500 on Stress) are cut to their first 20 characters and a pointer to the file that holds the text. Only the request changes: the thread keeps every message, and the Token usage chart marks when it happened.',
    suggestions: [SUGGEST.compaction, SUGGEST.longFile],
  },
  offload: {
    text: 'Offload: a tool result over the offload limit (20,000 tokens by default, 2,000 with the Stress preset) is saved to /large_tool_results/, and the model gets the path and the first lines; it can read the rest in slices with read_file.',
    suggestions: [SUGGEST.offload],
  },
  strategies: {
    text: [
      'A context strategy decides what of the conversation each model call carries. The ten here:',
      '',
      ...STRATEGY_LIST.map((strategy) => `- **${strategy.label}**: ${strategy.description}`),
      '',
      'Pick one for this thread with the “Context strategy” select above the conversation (I can’t switch it for you); the Strategy panel shows what it keeps. “Compare strategies” on an empty thread opens the arena, which replays one transcript through several side by side.',
    ],
    suggestions: [SUGGEST.compaction, SUGGEST.aboutMe],
  },
  'fact-memory': {
    text: [
      'Fact memory keeps short facts about you in /memories/memory.json, as DeerFlow does. After a run, the memory updater reads the conversation and extracts statements such as "my name is …", "I work at …" or "I\'m learning …" (30 seconds after the run, or at once with "Update memory now" in the Facts panel).',
      '',
      'On every call the facts most similar to the last turns are injected in a `<memory>` block, within a token budget. Try: "I work at Acme and I\'m learning Rust", then open the Facts panel.',
    ],
    suggestions: ["I work at Acme and I'm learning Rust"],
  },
  arena: {
    text: 'The Arena (the “Arena” button at the top) replays one transcript through several context strategies side by side: a built-in scenario, a past thread, a thread JSONL or a LoCoMo conversation. It shows tokens per turn and in total, extra model calls and probe recall (whether the evidence a probe needs is still in the context), and exports the results as CSV or JSON.',
    suggestions: [SUGGEST.strategies],
  },
  'token-chart': {
    text: 'The Token usage panel charts every model call: the estimated input stacked by section (system prompt, AGENTS.md memory, facts, summary, messages, tool results, tool schemas), with lines for the context window, the compaction trigger and the input the provider reported. A marker shows each event (offload, truncation, summarization, memory loaded or edited, facts updated); click one to open what it produced.',
    suggestions: [SUGGEST.compaction],
  },
  inspector: {
    text: 'The Context tab (the Context inspector) shows the exact request the model would receive if you sent a message now, built by the same middleware as a real run: the system prompt, each memory block, every message and the tool schemas, each with its token count. “Copy as JSON” copies it.',
    suggestions: [SUGGEST.compaction, SUGGEST.strategies],
  },
  bundle: {
    text: 'The Memory bundle panel (left, under the files) saves everything in one .zip with “Export bundle”: every file, the threads as JSONL, per-call token metrics as CSV and the settings, never an API key. “Import bundle” checks a bundle, previews the changes, and merges or replaces in one step. “Export one piece” saves only /memories/AGENTS.md, /memories/memory.json or the open thread.',
    suggestions: [SUGGEST.aboutMe],
  },
  memory: {
    text: [
      `My long-term memory is AGENTS.md files, as in Deep Agents: ${USER_MEMORY_PATH} is about you (it goes with you to every workspace) and /AGENTS.md is about the project. Both are loaded into my system prompt on every call.`,
      '',
      `When you ask me to remember something, or tell me a lasting fact (your name, a preference, an allergy, a standing rule), I add a line to ${USER_MEMORY_PATH} with edit_file; a “Memory updated” chip shows the diff and can undo it.`,
    ],
    suggestions: [SUGGEST.remember, SUGGEST.aboutMe],
  },
};

export function explainAction(topic: Topic): Action {
  const { text, suggestions } = EXPLANATIONS[topic];
  return say(typeof text === 'string' ? text : text.join('\n'), suggestions);
}
