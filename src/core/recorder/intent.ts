// Intent survival (goal drift): after a summarization, did the user's latest request and the open
// next steps make it into the summary? Judged without a model, by key terms:
//
//   key terms   the specifics in the text (see specifics.ts), then its content words: Latin words
//               of three or more letters that are not stopwords (the retrieval stopword list plus
//               request filler such as "please", "could", "want", "thing"), compared by their
//               light stem ("retries" = "retry", "fixing" = "fix"). Chinese and Japanese runs are
//               split at function words (的 了 把 在 是 请 帮 这 那…, 然后 因为 已经 可以…, and
//               all hiragana); each piece of two or more characters is a term. At most MAX_TERMS
//               terms per text.
//   present     a specific is present when the summary holds it (match.ts: formatting-robust); a
//               word when a word with the same stem is in the summary; a CJK piece when it is in
//               the summary, or at least half of its character pairs are.
//   verdict     yes: every specific and at least 75% of all terms present; no: under 25%
//               present; partly: in between; unknown: the text has no key terms ("ok", "go on").
//               Overall: yes when every checked text survived, no when none did, else partly.
//
// Next steps come from a summary's NEXT STEPS section (the app's summaries have SESSION INTENT,
// SUMMARY, ARTIFACTS, NEXT STEPS), from a "Next steps:" / "TODO:" / "下一步" section or unchecked
// "- [ ]" items anywhere, or, in the removed conversation, from the assistant's "Next, I'll …"
// sentences (nextStepsFromMessages).

import { STOPWORDS, stem } from '../retrieval/tokenize';
import { buildHaystack, findSpecific, type Haystack } from './match';
import { extractSpecifics } from './specifics';

export type Survival = 'yes' | 'partly' | 'no' | 'unknown';

export interface KeyTerm {
  /** The term as shown: a specific as written, a word lowercased, a CJK piece. */
  term: string;
  kind: 'specific' | 'word' | 'cjk';
}

export interface CheckedTerm extends KeyTerm {
  present: boolean;
}

export interface TermCheck {
  /** The text checked (the request or one next step), cut to MAX_TEXT_CHARS. */
  text: string;
  terms: CheckedTerm[];
  present: string[];
  missing: string[];
  /** present / terms (0 when there are no terms). */
  share: number;
  survived: Survival;
}

export interface IntentInput {
  latestUserRequest: string;
  /** The open next steps before the compaction (extractNextSteps / nextStepsFromMessages). */
  nextSteps?: readonly string[];
  /** The summary (or the whole new context, when the kept messages count as well). */
  summary: string;
}

export interface IntentSurvival {
  survived: Survival;
  request: TermCheck;
  nextSteps: TermCheck[];
  /** Missing terms of the request and the steps, without repeats. */
  missing: string[];
  /** One line for the record: "Intent survived", "Intent partly survived: missing …". */
  line: string;
}

/** Key terms kept per text, and the length of text read for them. */
export const MAX_TERMS = 40;
export const MAX_TEXT_CHARS = 20_000;
export const MAX_NEXT_STEPS = 20;

// Words that carry no intent in a request.
const REQUEST_FILLER = new Set(
  (
    'please could would can will shall should might must want wanted need needs needed let lets ' +
    'help tell know think thing things something anything everything stuff maybe okay sure ' +
    'go going get got make made do done does did also just now then there here kind sort ' +
    'bit little lot lots really actually basically able try trying way ways hey thanks ' +
    'thank hello hi yeah yes one ones use using'
  ).split(' '),
);

// Chinese function characters that split a CJK run into content pieces: only those that are
// rarely part of a content word (们 and 的 are; 会, 果, 下 are not: 会议, 结果, 下载).
const CJK_STOP = new Set(
  Array.from(
    '的了吗嗎呢吧啊呀哦嗯嘛哈呃我你您他她它们們这這那把被在是和与與跟或也都就很请請帮幫给給让讓',
  ),
);
// Chinese function words of two or more characters, removed before the split.
const CJK_STOP_WORDS =
  /为什么|為什麼|然后|然後|之后|之後|以后|以後|已经|已經|因为|因為|所以|但是|如果|可能|应该|應該|需要|现在|現在|为了|為了|还有|還有|或者|而且|并且|並且|不过|不過|比如|例如|马上|馬上|一下|一些|一点|一點|什么|什麼|怎么|怎麼|如何|可以|能够|能夠|这个|這個|那个|那個|这些|這些|那些|这样|這樣|那样|那樣|自己|还是|還是|就是|一个|一個|一起|以及|其他|所有|非常|特别|特別|接着|接著|要求|希望|想要/g;
const HIRAGANA = /\p{Script=Hiragana}/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
const LATIN_WORD = /[\p{Script=Latin}\p{N}_][\p{Script=Latin}\p{N}_'’-]*/gu;

/** The key terms of a text (specifics first, then words and CJK pieces), without repeats. */
export function keyTerms(text: string): KeyTerm[] {
  return termsOf(text.slice(0, MAX_TEXT_CHARS)).map(({ term, kind }) => ({ term, kind }));
}

interface InternalTerm extends KeyTerm {
  present: (summary: PreparedSummary) => boolean;
}

interface PreparedSummary {
  haystack: Haystack;
  stems: Set<string>;
}

function termsOf(text: string): InternalTerm[] {
  const terms: InternalTerm[] = [];
  const seen = new Set<string>();
  const add = (key: string, term: InternalTerm) => {
    if (seen.has(key) || terms.length >= MAX_TERMS) return;
    seen.add(key);
    terms.push(term);
  };
  const specifics = extractSpecifics(text);
  let rest = text;
  for (const s of specifics) {
    add(`s:${s.kind}:${s.normalized}`, {
      term: s.text,
      kind: 'specific',
      present: (summary) => findSpecific(summary.haystack, s),
    });
  }
  // Blank out every occurrence of the specifics, so their words are not counted again.
  for (const s of specifics) rest = rest.split(s.text).join(' '.repeat(s.text.length));

  for (const m of rest.matchAll(LATIN_WORD)) {
    const word = m[0]
      .toLowerCase()
      .replace(/['’]s$/, '')
      .replace(/^[-']+|[-']+$/g, '');
    if (word.length < 3 || /^\d+$/.test(word)) continue;
    if (STOPWORDS.has(word) || REQUEST_FILLER.has(word)) continue;
    const key = stem(word);
    add(`w:${key}`, { term: word, kind: 'word', present: (summary) => summary.stems.has(key) });
  }
  for (const m of rest.matchAll(CJK_RUN)) {
    for (const piece of cjkPieces(m[0])) {
      add(`c:${piece}`, {
        term: piece,
        kind: 'cjk',
        present: (summary) => cjkPresent(summary.haystack.text, piece),
      });
    }
  }
  return terms;
}

/** A CJK run split at function characters and hiragana; pieces of two or more characters. */
export function cjkPieces(run: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const c of Array.from(run.replace(CJK_STOP_WORDS, '的'))) {
    if (CJK_STOP.has(c) || HIRAGANA.test(c)) {
      if (Array.from(current).length >= 2) pieces.push(current);
      current = '';
    } else current += c;
  }
  if (Array.from(current).length >= 2) pieces.push(current);
  return pieces;
}

function cjkPresent(summaryText: string, piece: string): boolean {
  if (summaryText.includes(piece)) return true;
  const chars = Array.from(piece);
  if (chars.length < 3) return false;
  let found = 0;
  for (let i = 0; i + 1 < chars.length; i++)
    if (summaryText.includes(chars[i]! + chars[i + 1]!)) found++;
  return found * 2 >= chars.length - 1;
}

function prepare(summary: string): PreparedSummary {
  const haystack = buildHaystack(summary);
  const stems = new Set<string>();
  for (const m of haystack.text.matchAll(LATIN_WORD)) {
    stems.add(stem(m[0].replace(/['’]s$/, '').replace(/^[-']+|[-']+$/g, '')));
  }
  return { haystack, stems };
}

function check(text: string, summary: PreparedSummary): TermCheck {
  const cut = text.slice(0, MAX_TEXT_CHARS);
  const terms: CheckedTerm[] = termsOf(cut).map((t) => ({
    term: t.term,
    kind: t.kind,
    present: t.present(summary),
  }));
  const present = terms.filter((t) => t.present).map((t) => t.term);
  const missing = terms.filter((t) => !t.present).map((t) => t.term);
  const share = terms.length === 0 ? 0 : present.length / terms.length;
  let survived: Survival;
  if (terms.length === 0) survived = 'unknown';
  else if (share >= 0.75 && terms.every((t) => t.present || t.kind !== 'specific'))
    survived = 'yes';
  else if (share < 0.25) survived = 'no';
  else survived = 'partly';
  return { text: cut, terms, present, missing, share, survived };
}

/** Whether the latest request and the open next steps survived into the summary. */
export function intentSurvival(input: IntentInput): IntentSurvival {
  const summary = prepare(input.summary);
  const request = check(input.latestUserRequest, summary);
  const nextSteps = (input.nextSteps ?? []).slice(0, MAX_NEXT_STEPS).map((s) => check(s, summary));
  const verdicts = [request, ...nextSteps].map((c) => c.survived).filter((v) => v !== 'unknown');
  let survived: Survival;
  if (verdicts.length === 0) survived = 'unknown';
  else if (verdicts.every((v) => v === 'yes')) survived = 'yes';
  else if (verdicts.every((v) => v === 'no')) survived = 'no';
  else survived = 'partly';
  const missing = [...new Set([request, ...nextSteps].flatMap((c) => c.missing))];
  return { survived, request, nextSteps, missing, line: survivalLine(survived, missing) };
}

function survivalLine(survived: Survival, missing: string[]): string {
  const shown = missing.slice(0, 8).map((m) => `“${m}”`);
  const list =
    shown.join(', ') +
    (missing.length > shown.length ? ` and ${missing.length - shown.length} more` : '');
  switch (survived) {
    case 'yes':
      return 'Intent survived';
    case 'partly':
      return `Intent partly survived: missing ${list}`;
    case 'no':
      return `Intent lost: missing ${list}`;
    default:
      return 'No request or next steps to check';
  }
}

// ---- next steps ---------------------------------------------------------------------------

const STEPS_HEADING =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?(?:next steps|next actions|todo|to-do|to do|open items|remaining work|remaining steps|pending|下一步(?:计划|計劃)?|后续步骤|後續步驟|待办(?:事项)?|待辦(?:事項)?|次のステップ|今後の作業)(?:\*\*|__)?(?:[ \t]*[:：](?:\*\*|__)?[ \t]*(.*)|[ \t]*)$/i;
const OTHER_HEADING =
  /^[ \t]*(?:#{1,6}[ \t]+\S|(?:\*\*|__)?[A-Z][A-Z &/-]{2,}(?:\*\*|__)?[ \t]*:?[ \t]*$|[A-Z][A-Za-z ]{0,40}:[ \t]*$|<\/?[a-z_]+>)/;
const BULLET = /^[ \t]*(?:[-*•+]|\d{1,3}[.)])[ \t]+(?:\[([ xX])\][ \t]+)?(.*)$/;
const CHECKBOX = /^[ \t]*[-*+][ \t]+\[ \][ \t]+(.+)$/;
const NOTHING = /^(?:none|n\/a|nothing|-|—|无|無|暂无|暫無|なし|なし。)\.?$/i;

const cleanStep = (s: string): string =>
  s
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The open next steps written in a text: the items of its next-steps section (bullets, numbered
 * items or plain lines, checked "[x]" items left out), or else its unchecked "- [ ]" items.
 */
export function extractNextSteps(text: string): string[] {
  const lines = text.slice(0, MAX_TEXT_CHARS * 5).split(/\r?\n/);
  const steps: string[] = [];
  const addStep = (raw: string) => {
    const step = cleanStep(raw);
    if (step && !NOTHING.test(step) && !steps.includes(step) && steps.length < MAX_NEXT_STEPS)
      steps.push(step);
  };
  const at = lines.findIndex((line) => STEPS_HEADING.test(line));
  if (at >= 0) {
    const inline = STEPS_HEADING.exec(lines[at]!)?.[1];
    if (inline) addStep(inline);
    for (const line of lines.slice(at + 1)) {
      if (!line.trim()) continue;
      if (OTHER_HEADING.test(line) && !BULLET.test(line)) break;
      const bullet = BULLET.exec(line);
      if (bullet) {
        if (bullet[1] && bullet[1] !== ' ') continue; // done: "[x]"
        addStep(bullet[2] ?? '');
      } else addStep(line);
    }
    if (steps.length > 0) return steps;
  }
  for (const line of lines) {
    const box = CHECKBOX.exec(line);
    if (box?.[1]) addStep(box[1]);
  }
  return steps;
}

const PLAN_SENTENCE =
  /(?:^|[.!?。！？]\s*|\n)\s*((?:next,?\s+i(?:'ll|’ll| will)|then,?\s+i(?:'ll|’ll| will)|after that,?\s+i(?:'ll|’ll| will)|i(?:'ll|’ll| will) (?:now|next)|接下来|接下來|下一步|次に)[^.!?。！？\n]*)/gi;

/**
 * The open next steps of a conversation (the messages a compaction removed, oldest first): from
 * the latest message that has a next-steps section or unchecked items (a previous summary
 * included), or the latest assistant message that says what it will do next.
 */
export function nextStepsFromMessages(
  messages: readonly { role: string; content: string }[],
): string[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const steps = extractNextSteps(message.content);
    if (steps.length > 0) return steps;
    if (message.role !== 'assistant') continue;
    const plans = [...message.content.slice(0, MAX_TEXT_CHARS).matchAll(PLAN_SENTENCE)]
      .map((m) => cleanStep(m[1] ?? ''))
      .filter(Boolean);
    if (plans.length > 0) return [...new Set(plans)].slice(0, MAX_NEXT_STEPS);
  }
  return [];
}
