// The script: decides the Demo's reply from the request alone (pure: the same request gives the
// same reply). The features' own requests (a summary, a fact update) are answered by their purpose;
// a turn of the conversation is
// understood clause by clause (understand.ts) and run as actions (actions.ts, turn.ts).

import type { ModelMessage, ModelRequest, RequestPurpose } from '../../agent/types';
import { isSummaryMessage } from '../../tokens/counter';
import { offlineFactUpdate } from '../../memory/facts/demo-updater';
import {
  USER_MEMORY_PATH,
  parseAgentMemoryBlock,
  parseFactsBlock,
  type MemorySource,
} from './agents-md';
import { INTRO, SUGGEST, unsupportedAction } from './common';
import {
  aboutMeAction,
  askAction,
  askNameAction,
  nameFromMemory,
  recallAction,
  summarizeConversationAction,
} from './conversation/about-me';
import { bigComputationAction, longFileAction, tourAction } from './compaction/tour';
import { explainAction } from './explain/explain';
import {
  globAction,
  listAction,
  locateAction,
  openAction,
  readAction,
  searchAction,
} from './files/actions';
import { rememberAction } from './memory/remember';
import { forgetAction } from './memory/forget';
import { profileAction } from './conversation/profile';
import { tokensAction } from './tokens/tokens';
import { writeAction } from './files/write';
import { compareAction } from './explain/compare';
import { afterToolResult } from './files/reports';
import { thirdPerson } from './language';
import { asksForSummary, conversationToSummarize, extractiveSummary } from './summarizer';
import { mustKeepFrom } from '../../recorder/pins';
import { summaryLines } from '../../compaction/compaction';
import { hash, withTag } from './text';
import {
  composeAnswer,
  runTurn,
  say,
  turnExchanges,
  type Action,
  type ContextWindow,
  type TurnContext,
} from './turn';
import type { DemoReply } from './types';
import { understand, type Intent } from './understand';

/**
 * Whether an earlier user message said something the Demo may quote (a summary, a statement, a
 * "remember"), decided once per message: every reply reads the whole thread (5,000 messages in a
 * long one), and the thread's messages are the same objects from call to call.
 */
const saidSomething = new WeakMap<ModelMessage, boolean>();
function saysSomething(message: ModelMessage): boolean {
  let says = saidSomething.get(message);
  if (says === undefined) {
    says =
      isSummaryMessage(message) ||
      understand(message.content).intents.some((i) =>
        ['statement', 'remember', 'unsupported'].includes(i.kind),
      );
    saidSomething.set(message, says);
  }
  return says;
}

/**
 * Decides, ahead of planDemoReply and a slice at a time, which earlier user messages said
 * something: the first reply after a long thread opens reads every one of them (2,500 in a
 * 5,000-message thread, ~45 ms), which in one piece held the page's main thread. Between slices it
 * waits on `pause` (the provider's streaming pause), so the page can paint and take input.
 */
export async function readAhead(
  request: ModelRequest,
  pause: () => Promise<void>,
  sliceMs = 8,
): Promise<void> {
  // Its own tasks from the start, apart from the request's path through the middleware: the first
  // messages read in a page are the slowest (the classifier's patterns and code are compiled then).
  let started = false;
  let sliceStart = 0;
  let sinceCheck = 0;
  for (const message of request.messages) {
    if (message.role !== 'user' || saidSomething.has(message)) continue;
    if (!started) {
      started = true;
      await pause();
      sliceStart = performance.now();
    }
    saysSomething(message);
    if (++sinceCheck < 4) continue;
    sinceCheck = 0;
    if (performance.now() - sliceStart < sliceMs) continue;
    await pause();
    sliceStart = performance.now();
  }
}

/**
 * What the request carries of the conversation, as quotable sources: each block a context strategy
 * added ("Retrieved", "Graph facts"…) and the earlier user messages sent.
 */
function conversationSources(request: ModelRequest, userAt: number): MemorySource[] {
  const sources: MemorySource[] = [];
  for (const match of request.system.matchAll(
    /<conversation_memory section="([^"]+)">\n([\s\S]*?)\n<\/conversation_memory>/g,
  ))
    sources.push({ path: `the strategy's “${match[1]}”`, content: match[2] ?? '' });
  // Earlier messages that said something (not commands or questions), and earlier summaries.
  const earlier = request.messages
    .slice(0, Math.max(0, userAt))
    .filter((m) => m.role === 'user' && saysSomething(m));
  // A summary is quoted by its own lines, not its lead-in about where the record is.
  if (earlier.length > 0)
    sources.push({
      path: 'an earlier message',
      content: earlier
        .flatMap((m) =>
          isSummaryMessage(m) ? summaryLines(m.content) : [m.content.replace(/\n+/g, ' ')],
        )
        .join('\n'),
    });
  return sources;
}

/**
 * The Demo's answers to the features' own requests, by purpose: each comes from the feature's
 * offline answerer (fact memory's beside the updater; compaction's summary is the Demo's extractive
 * summarizer, which its "Summarize our conversation" uses too). Strategy steps never reach the
 * Demo: the harness gives them the strategies' offline stand-ins (src/core/strategies/offline.ts).
 */
const OFFLINE_ANSWERERS: Partial<Record<RequestPurpose, (request: ModelRequest) => string>> = {
  // Pure JSON for the updater, so no DEMO_TAG line.
  'fact-update': offlineFactUpdate,
  summary: (request) =>
    extractiveSummary(
      conversationToSummarize(request.messages, false),
      mustKeepFrom(request.messages.at(-1)?.content ?? ''),
    ),
};

/**
 * Decides the reply from the request alone (pure: the same request gives the same reply);
 * `requestTokens` is the request's size, when the provider counted it; `contextWindow` the model's
 * window in tokens, when known.
 */
export function planDemoReply(
  request: ModelRequest,
  options: { requestTokens?: number; contextWindow?: ContextWindow } = {},
): DemoReply {
  const answerer = request.purpose && OFFLINE_ANSWERERS[request.purpose];
  if (answerer) return { content: answerer(request) };
  const messages = request.messages;
  const last = messages.at(-1);

  if (!last) return { content: helpText() };
  if (last.role === 'user' && asksForSummary(last.content)) {
    return {
      content: extractiveSummary(
        conversationToSummarize(messages, true),
        mustKeepFrom(last.content),
      ),
    };
  }
  if (last.role === 'assistant')
    return { content: withTag('I have nothing to add to my last message.') };

  // The user's message of this turn: the last real one. When summarization took it into the
  // summary, the summary's NEXT STEPS still quote it.
  const userAt = messages.findLastIndex((m) => m.role === 'user');
  const user = messages[userAt];
  const said =
    user && !isSummaryMessage(user)
      ? user.content
      : user
        ? pendingRequest(user.content)
        : undefined;
  if (said === undefined) {
    if (last.role === 'tool') return { content: afterToolResult(messages, last) };
    return { content: helpText() };
  }

  const context: TurnContext = {
    memory: parseAgentMemoryBlock(request.system),
    facts: parseFactsBlock(request.system),
    conversation: conversationSources(request, userAt),
    messages,
    tools: request.tools,
    earlierUser: messages
      .slice(0, userAt)
      .filter((m) => m.role === 'user' && !isSummaryMessage(m))
      .map((m) => m.content),
    ...(options.requestTokens === undefined ? {} : { requestTokens: options.requestTokens }),
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
  };
  const actions = plan(said, context);
  const exchanges = turnExchanges(messages, userAt + 1);
  const reply = runTurn(actions.actions, exchanges);
  if (reply.kind === 'call') {
    return {
      content: reply.call.intro,
      toolCalls: [
        {
          id: toolCallId(messages),
          name: reply.call.name,
          arguments: JSON.stringify(reply.call.args),
        },
      ],
    };
  }
  // Results no action took back (a thread continued from another provider): reported plainly.
  const leftOver = reply.leftOver.map((exchange) =>
    afterToolResult(messages, exchange.result, false),
  );
  const texts = [...reply.texts, ...leftOver];
  if (actions.greeting && texts.length > 0) texts[0] = `${actions.greeting} ${texts[0]}`;
  else if (actions.greeting) texts.push(actions.greeting);
  return { content: composeAnswer(texts, reply.suggestions) };
}

/** The request a summary says is still unanswered ("… not yet answered: “…”"), if any. */
function pendingRequest(summary: string): string | undefined {
  return /not yet answered: “([\s\S]+?)”/.exec(summary)?.[1];
}

interface Plan {
  greeting?: string;
  actions: Action[];
}

/** The actions for a message, in the order its clauses came. */
export function plan(text: string, context: TurnContext): Plan {
  const { greeted, intents } = understand(text);
  const actions: Action[] = [];

  // Remembering: every statement of the message is saved when the message asks to remember;
  // without that, only lasting ones (a name, a preference, an allergy, a standing rule).
  const asked = intents.some((i) => i.kind === 'remember' || i.kind === 'remember-back');
  const facts: string[] = [];
  for (const intent of intents) {
    if (intent.kind === 'remember') facts.push(...intent.facts);
    if (intent.kind === 'statement' && (asked || intent.lasting)) facts.push(...intent.facts);
  }
  if (intents.some((i) => i.kind === 'remember-back') && facts.length === 0)
    facts.push(...referredBack(context));
  let rememberAt = -1;

  const substantive = intents.filter(
    (i) => !['greet', 'thanks', 'praise', 'ack', 'bye', 'small-talk'].includes(i.kind),
  ).length;
  // "great, thanks!": the thanks answers for the "great".
  const thanked = intents.some((i) => i.kind === 'thanks' || i.kind === 'bye');
  const courteous = thanked || intents.some((i) => i.kind === 'praise');
  for (const intent of intents) {
    if (
      intent.kind === 'remember' ||
      intent.kind === 'remember-back' ||
      (intent.kind === 'statement' && (asked || intent.lasting))
    ) {
      if (rememberAt < 0) {
        rememberAt = actions.length;
        actions.push(rememberAction(facts, context));
      }
      continue;
    }
    const action = actionFor(intent, context, substantive, courteous, thanked);
    if (action) actions.push(action);
  }

  const name =
    facts.map((f) => /^User's name is (.+)\.$/.exec(f)?.[1]).find(Boolean) ??
    nameFromMemory(context)?.name;
  const greeting = greeted ? `Hi${name ? ` ${name}` : ''}!` : undefined;
  if (actions.length === 0) {
    actions.push(
      greeted
        ? say(
            `${INTRO} I can remember what you tell me, answer from memory, work with the files in the workspace, and show how compaction works.`,
            [SUGGEST.help, SUGGEST.remember, SUGGEST.files],
          )
        : say(helpBody()),
    );
  }
  return { ...(greeting ? { greeting } : {}), actions };
}

/** What "remember that" points back to: the statements of the user's previous message. */
function referredBack(context: TurnContext): string[] {
  const previous = context.earlierUser.at(-1);
  if (!previous) return [];
  const { intents } = understand(previous);
  const facts: string[] = [];
  for (const intent of intents) {
    if (intent.kind === 'statement') facts.push(...intent.facts);
    if (intent.kind === 'remember') facts.push(...intent.facts);
  }
  if (facts.length === 0 && intents.length === 1 && intents[0]?.kind === 'unsupported') {
    const fact = thirdPerson(intents[0].said);
    if (fact) facts.push(fact);
  }
  return facts;
}

function actionFor(
  intent: Intent,
  context: TurnContext,
  substantive: number,
  courteous: boolean,
  thanked = false,
): Action | undefined {
  switch (intent.kind) {
    case 'greet':
      return undefined;
    case 'thanks':
      return substantive > 0 ? undefined : say("You're welcome.");
    case 'complaint':
      return say(
        "Sorry that missed. I'm a fixed script, not a language model, so I can't tell what went wrong; saying it another way may work, or one of these:",
        [SUGGEST.help, SUGGEST.aboutMe, SUGGEST.files],
      );
    case 'praise':
      return substantive > 0 || thanked
        ? undefined
        : say('Glad it helped.', [SUGGEST.aboutMe, SUGGEST.files]);
    case 'ack':
      return substantive > 0 || courteous
        ? undefined
        : say('OK.', [SUGGEST.help, SUGGEST.aboutMe, SUGGEST.files]);
    case 'small-talk':
      return say("I'm a script, so I'm always the same, thanks for asking.", [
        SUGGEST.help,
        SUGGEST.aboutMe,
        SUGGEST.files,
      ]);
    case 'bye':
      return say(
        'Bye! Everything stays in this browser: the thread and the memory files will be here next time.',
      );
    case 'help':
      return say(helpBody());
    case 'identity':
      return say(
        `${INTRO} For a real model, choose OpenAI-compatible or Anthropic under Settings.`,
        [SUGGEST.help],
      );
    case 'forget':
      return forgetAction(intent.what, context);
    case 'profile':
      return profileAction(intent.slot, intent.relation, context);
    case 'tokens':
      return tokensAction(context, intent.focus);
    case 'write':
      return writeAction(intent, context);
    case 'compare-strategies':
      return compareAction(intent.ids);
    case 'ask-name':
      return askNameAction(context);
    case 'ask-about-me':
      return aboutMeAction(context);
    case 'recall':
      return recallAction(context);
    case 'ask':
      return askAction(intent.question, context);
    case 'list':
      return listAction(intent.path, context);
    case 'read':
      return readAction(intent.path, context, intent.note);
    case 'open':
      return openAction(intent.name, intent.mine, context, intent.note, intent.folder);
    case 'locate':
      return locateAction(intent.name, context);
    case 'search':
      return searchAction(intent.pattern, intent.path, context, intent.name);
    case 'glob':
      return globAction(intent.pattern, intent.path, context);
    case 'tour':
      return tourAction(context);
    case 'long-file':
      return longFileAction(context, intent.path);
    case 'big-computation':
      return bigComputationAction(context);
    case 'explain':
      return explainAction(intent.topic);
    case 'summarize-conversation':
      return summarizeConversationAction(context);
    case 'statement': {
      const first = /^(?:The|A|An|My|This|That|These|Those|It|Our|We|There|Its)\b/.test(intent.said)
        ? `${intent.said.charAt(0).toLowerCase()}${intent.said.slice(1)}`
        : intent.said;
      const said = `Remember that ${first}`;
      return say(
        "I only save things to memory when you ask me to (or when it's a lasting fact such as your name or a preference).",
        said.length <= 80 ? [said] : [SUGGEST.help],
      );
    }
    case 'unsupported':
      return unsupportedAction(intent);
    case 'remember':
    case 'remember-back':
      return undefined;
  }
}

/**
 * Deterministic from the request: the message count, plus a hash of the last message's id so that
 * ids stay unique in a thread even after summarization has shortened what is sent.
 */
function toolCallId(messages: readonly ModelMessage[]): string {
  return `demo_call_${messages.length}_${hash(messages.at(-1)?.id ?? '')}`;
}

function helpBody(): string {
  return [
    "I'm the offline Demo provider: a fixed script, not a language model. I understand a few kinds of request, said in ordinary words:",
    '',
    `- **Remembering**: “Remember that …”, “My name is …”, “From now on, always …”, “I'm allergic to …”: saved to ${USER_MEMORY_PATH} with edit_file (write_file if it is missing).`,
    "- **Questions about you**: “What's my name?”, “What do you remember about me?”, or any question, answered from the memory in my system prompt, naming the lines used.",
    "- **Files**: “List the files in the workspace”, “What's in /notes?”, “Open todo.md”, “Show me the README”, “Search for TODO”, `find *.md`.",
    '- **Compaction**: “Show me compaction” (offload, truncation and summarization), “Show me offload”, `write a long file`.',
    '- **Explanations**: “Explain the context strategies”, “What is fact memory?”, “How does memory work?”, and what truncation, the arena, the token chart, the Context inspector and the memory bundle do.',
    "- **Summaries**: “Summarize our conversation” gets an extractive summary (quoted sentences), as do the compaction summarizer's requests.",
    '',
    'Choose OpenAI-compatible or Anthropic under Settings to talk to a real model.',
  ].join('\n');
}

export function helpText(): string {
  return withTag(helpBody());
}
