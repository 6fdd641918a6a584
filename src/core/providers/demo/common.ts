// What every family of the Demo's actions shares: the clickable suggestions it offers, its
// one-line introduction, an action of one tool call, the report of a failed call, and the answers
// to a request it cannot do.

import type { Intent } from './intents';
import { mentionsFiles } from './files/patterns';
import { firstLines } from './text';
import { hasTool, say, type Action, type Exchange, type TurnContext } from './turn';

export const SUGGEST = {
  help: 'What can you do?',
  aboutMe: 'What do you remember about me?',
  name: "What's my name?",
  files: 'List the files in the workspace',
  todo: 'Open todo.md',
  remember: 'Remember that I prefer short answers',
  compaction: 'Show me compaction',
  longFile: 'Write a long file',
  offload: 'Show me offload',
  strategies: 'Explain the context strategies',
} as const;

export const INTRO = "I'm the Demo provider: a fixed script in this page, not a language model.";

export function unsupportedAction(intent: Extract<Intent, { kind: 'unsupported' }>): Action {
  const said = intent.said.length > 60 ? `${intent.said.slice(0, 57).trimEnd()}…` : intent.said;
  // The request's own words when they read well after "I can't"; else the request quoted.
  const sentence = intent.task
    ? `I can't ${intent.task}: I'm a fixed script, not a language model.`
    : intent.request
      ? `“${said}” is something I can't do: I'm a fixed script, not a language model.`
      : `I don't understand “${said}”: I'm a fixed script, not a language model, and I follow only a few kinds of request.`;
  const suggestions = mentionsFiles(intent.said)
    ? [SUGGEST.files, SUGGEST.todo, SUGGEST.help]
    : /\b(?:remember|memory|memories|forget|my\s+name|about\s+me)\b/i.test(intent.said)
      ? [SUGGEST.aboutMe, SUGGEST.remember, SUGGEST.help]
      : [SUGGEST.help, SUGGEST.aboutMe, SUGGEST.files];
  return say(sentence, suggestions);
}

/** One tool call, then its report. */
export function toolAction(
  context: TurnContext,
  call: { name: string; args: Record<string, unknown>; intro: string },
  report: (done: Exchange) => { text: string; suggestions?: string[] },
): Action {
  return {
    accepts: (mine, next) => mine.length === 0 && next.call.name === call.name,
    step(mine) {
      const done = mine[0];
      if (done) return report(done);
      if (!hasTool(context, call.name))
        return {
          text: `The ${call.name} tool is not available in this thread, so I cannot do that here.`,
        };
      return { call };
    },
  };
}

export function failure(done: Exchange): { text: string; suggestions: string[] } {
  const quote = firstLines(done.result.content, 3, 400).replace(/\n/g, '\n> ');
  return {
    text: `The ${done.call.name} call failed. The tool said:\n\n> ${quote}`,
    suggestions: [SUGGEST.files],
  };
}
