// The script: decides the Demo's reply from the request alone (pure: the same request gives the
// same reply), handing each kind of request to its part.

import type { ModelMessage, ModelRequest } from '../../agent/types';
import { demoMemoryUpdate } from '../../memory/facts/demo-updater';
import { USER_MEMORY_PATH, parseAgentMemoryBlock, type MemorySource } from './agents-md';
import { afterToolResult, fileCommand } from './file-commands';
import { answerFromMemory, isHelpRequest, isQuestion, unsupportedTask } from './qa';
import { rememberReply, rememberRequest } from './remember';
import { scenarioReply, scenarioRequest } from './scenarios';
import { asksForSummary, conversationToSummarize, extractiveSummary } from './summarizer';
import { hash, withTag } from './text';
import type { DemoReply } from './types';

/**
 * The system prompt without the blocks injected into it (memory, facts, a context strategy's
 * conversation memory): quoted conversation must not read as an instruction to summarize.
 */
function ownInstructions(system: string): string {
  const cut = system.search(/<(agent_memory|memory|conversation_memory)[\s>]/);
  return cut < 0 ? system : system.slice(0, cut);
}

/**
 * What the request carries of the conversation, as quotable sources: each block a context strategy
 * added ("Retrieved", "Graph facts"…) and the earlier user messages sent.
 */
function conversationSources(request: ModelRequest): MemorySource[] {
  const sources: MemorySource[] = [];
  for (const match of request.system.matchAll(
    /<conversation_memory section="([^"]+)">\n([\s\S]*?)\n<\/conversation_memory>/g,
  ))
    sources.push({ path: `the strategy's “${match[1]}”`, content: match[2] ?? '' });
  const earlier = request.messages.slice(0, -1).filter((m) => m.role === 'user');
  if (earlier.length > 0)
    sources.push({
      path: 'an earlier message',
      content: earlier.map((m) => m.content.replace(/\n+/g, ' ')).join('\n'),
    });
  return sources;
}

/** Decides the reply from the request alone (pure: the same request gives the same reply). */
export function planDemoReply(request: ModelRequest): DemoReply {
  // A fact-memory update: pure JSON for the updater, so no DEMO_TAG line.
  const memoryUpdate = demoMemoryUpdate(request);
  if (memoryUpdate !== undefined) return { content: memoryUpdate };
  const messages = request.messages;
  const last = messages.at(-1);

  // A summarizer call: instructions in the system prompt, or in the last user message.
  if (asksForSummary(ownInstructions(request.system)))
    return { content: extractiveSummary(conversationToSummarize(messages, false)) };
  if (!last) return { content: helpText() };
  if (last.role === 'user' && asksForSummary(last.content)) {
    return { content: extractiveSummary(conversationToSummarize(messages, true)) };
  }
  if (last.role === 'tool') return { content: afterToolResult(messages, last) };
  if (last.role === 'assistant')
    return { content: withTag('I have nothing to add to my last message.') };

  const memory = parseAgentMemoryBlock(request.system);
  const text = last.content.trim();
  const callId = toolCallId(messages);

  const fact = rememberRequest(text);
  if (fact !== undefined) return rememberReply(fact, memory, callId);

  const scenario = scenarioRequest(text);
  if (scenario) return scenarioReply(scenario, messages, request.tools, callId);

  const command = fileCommand(text);
  if (command) {
    return {
      content: command.intro,
      toolCalls: [{ id: callId, name: command.name, arguments: JSON.stringify(command.args) }],
    };
  }

  if (/^(?:show\s+me\s+)?fact\s+memory\b/i.test(text)) return { content: factMemoryText() };
  if (isHelpRequest(text)) return { content: helpText() };
  const task = unsupportedTask(text);
  if (task)
    return { content: helpText(`I can't ${task}: I'm a fixed script, not a language model.`) };
  if (isQuestion(text))
    return { content: answerFromMemory(text, memory, conversationSources(request)) };
  return { content: helpText() };
}

/**
 * Deterministic from the request: the message count, plus a hash of the last message's id so that
 * ids stay unique in a thread even after summarization has shortened what is sent.
 */
function toolCallId(messages: readonly ModelMessage[]): string {
  return `demo_call_${messages.length}_${hash(messages.at(-1)?.id ?? '')}`;
}

export function helpText(intro?: string): string {
  return withTag(
    [
      ...(intro ? [intro, ''] : []),
      "I'm the offline demo provider: a fixed script, not a language model, so I only understand a few requests:",
      '',
      `- \`remember …\` (or "note that …", "I prefer …"): saves it to ${USER_MEMORY_PATH} with edit_file, or write_file if the file is missing`,
      '- a question, such as "What do you know about me?": answered from the AGENTS.md memory in my system prompt, naming the lines used',
      '- `read PATH`, `list files [PATH]`, `search TEXT`, `find *.md`: call the file tools and summarise the result',
      '- `write a long file`: a long write_file call, so the context grows (truncation and summarization)',
      '- `run a big computation`: an execute call with a large output (offloaded to a file)',
      '- a summary request with SESSION INTENT, SUMMARY, ARTIFACTS and NEXT STEPS: an extractive summary',
      '',
      'Choose OpenAI-compatible or Anthropic under Settings to talk to a real model.',
    ].join('\n'),
  );
}

function factMemoryText(): string {
  return withTag(
    [
      'Fact memory keeps short facts about you in /memories/memory.json, as DeerFlow does. After a run, the memory updater reads the conversation and extracts statements such as "my name is …", "I work at …" or "I\'m learning …" (30 seconds after the run, or at once with "Update memory now" in the Facts panel).',
      '',
      'On every call the facts most similar to the last turns are injected in a `<memory>` block, within a token budget. Try: "I work at Acme and I\'m learning Rust", then open the Facts panel.',
    ].join('\n'),
  );
}
