import { describe, expect, it } from 'vitest';
import {
  bestIndices,
  cascade,
  createConversationRanker,
  DEFAULT_CONVERSATION_RANKING,
  indexConversation,
  PLAIN_MESSAGE_RANKING,
  questionEntities,
  reciprocalRankFusion,
  scoreConversation,
  sessionsOf,
  topIndices,
  windowOf,
  type ConversationMessage,
  type ConversationRankOptions,
} from './index';
import { buildLexicalIndex, prepareBm25, scoreBm25Weighted } from '../lexical';
import { cosineScores, normalize } from '../embeddings';
import { DEFAULT_TOKENIZER, tokenize } from '../tokenize';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2023, 4, 8, 13, 0);

/** Messages alternating user / assistant, a minute apart, from `start`. */
function chat(texts: string[], start = START): ConversationMessage[] {
  return texts.map((text, i) => ({
    id: `m${i}`,
    speaker: i % 2 === 0 ? 'user' : 'assistant',
    text,
    at: start + i * 60_000,
  }));
}

const only = (change: Partial<ConversationRankOptions>): ConversationRankOptions => ({
  ...PLAIN_MESSAGE_RANKING,
  ...change,
});
const scores = (messages: ConversationMessage[], query: string, options: ConversationRankOptions) =>
  scoreConversation(indexConversation(messages, options), query);
const best = (result: { scores: Float64Array }, messages: ConversationMessage[], n = 1) =>
  topIndices(result.scores, n).map((i) => messages[i]!.id);

const FILLER = [
  'The weather was nice today.',
  'I had pasta for lunch.',
  'Traffic was terrible this morning.',
  'We watched a film on the weekend.',
  'My phone needs charging.',
  'The shop closes at six.',
];

describe('sessions and windows', () => {
  it('a gap longer than the threshold starts a session; no time continues the session', () => {
    const at = [0, 60_000, 5 * HOUR, undefined, 5 * HOUR + 60_000];
    const session = sessionsOf(
      at.map((t, i) => ({
        id: `${i}`,
        speaker: 'user',
        text: '',
        ...(t === undefined ? {} : { at: t }),
      })),
      3 * HOUR,
    );
    expect([...session]).toEqual([0, 0, 1, 1, 1]);
    expect(windowOf(Int32Array.from([0, 0, 0, 1, 1]), 2, 2)).toEqual([0, 2]);
    expect(windowOf(Int32Array.from([0, 0, 0, 1, 1]), 3, 2)).toEqual([3, 4]);
  });
});

describe('lexical views', () => {
  it('plain options are BM25 over single messages: no shared word, no score', () => {
    const messages = chat(['My locker code is 4417.', 'Nice!', 'I like green tea.']);
    const result = scores(messages, 'What is the locker code?', PLAIN_MESSAGE_RANKING);
    expect(result.scores[0]).toBe(1);
    expect(result.scores[1]).toBe(0);
    expect(result.scores[2]).toBe(0);
  });

  it('the neighbour view lends a score to the reply after a matching question', () => {
    const messages = chat([
      ...FILLER,
      'What did you adopt last week?',
      'A grey kitten called Pebble.',
      ...FILLER,
    ]);
    const question = 'What did Sam adopt?';
    expect(scores(messages, question, PLAIN_MESSAGE_RANKING).scores[7]).toBe(0);
    const withNeighbours = scores(messages, question, only({ window: 2, windowWeight: 2 }));
    // The question and the two messages each side of it score; nothing further away does.
    const scored = [...withNeighbours.scores.keys()].filter((i) => withNeighbours.scores[i]! > 0);
    expect(scored).toEqual([4, 5, 6, 7, 8]);
    expect(best(withNeighbours, messages)).toEqual(['m6']);
  });

  it('neighbours in another session lend nothing', () => {
    const messages = chat(['What did you adopt?', 'A kitten.']);
    messages[1]!.at = messages[0]!.at! + 2 * DAY;
    const result = scores(messages, 'adopt', only({ window: 2, windowWeight: 2 }));
    expect(result.scores[1]).toBe(0);
  });

  it('the neighbour view is exactly BM25 over the joined neighbour texts', () => {
    const messages = chat([
      'We went camping by the lake.',
      'Camping is the best, the kids loved the lake.',
      'Did you bring the tent?',
      'Yes, and the kids built a fire.',
      'I prefer hotels to tents.',
    ]);
    const options = only({ window: 1, windowWeight: 1 });
    const index = indexConversation(messages, options);
    const query = 'camping lake kids';
    const got = scoreConversation(index, query).scores;
    // Reference: index the joined texts and score them as ordinary documents.
    const tokens = messages.map((m) => tokenize(m.text, DEFAULT_TOKENIZER));
    const joined = tokens.map((_, i) => tokens.slice(Math.max(0, i - 1), i + 2).flat());
    const scaled = (raw: Float64Array) => {
      const max = Math.max(...raw);
      return [...raw].map((v) => v / max);
    };
    const raw = (lists: string[][]) => {
      // Texts of the given tokens: the tokenizer gives the same tokens back.
      const lex = buildLexicalIndex(lists.map((list, i) => ({ id: `${i}`, text: list.join(' ') })));
      const weights = new Map<number, number>();
      for (const token of tokenize(query)) weights.set(lex.terms.get(token)!, 1);
      return scoreBm25Weighted(prepareBm25(lex, options.k1, options.b), weights, options.k1);
    };
    const message = scaled(raw(tokens));
    const window = scaled(raw(joined));
    for (let i = 0; i < messages.length; i++)
      expect(got[i]).toBeCloseTo(message[i]! + window[i]!, 12);
  });

  it('the session view favours messages of the session about the question, never adds to a non-match', () => {
    const pottery = chat(
      ['I signed up for a pottery class.', 'Pottery sounds fun!', 'The clay was messy.', 'Ha!'],
      START,
    );
    const other = chat(
      ['I said pottery once.', 'Cool.', 'Anyway, lunch?', 'Sure.'],
      START + 2 * DAY,
    );
    other.forEach((m, i) => (m.id = `n${i}`));
    const messages = [...pottery, ...other];
    const options = only({ sessionWeight: 1 });
    const result = scores(messages, 'pottery class clay', options);
    expect(result.scores[3]).toBe(0); // "Ha!" shares no word: the session adds nothing to it
    const plain = scores(messages, 'pottery', PLAIN_MESSAGE_RANKING).scores;
    const withSession = scores(messages, 'pottery', options).scores;
    // Alone, "Pottery sounds fun!" (shorter) beats "I said pottery once."; its session tips it more.
    expect(withSession[1]! - withSession[4]!).toBeGreaterThan(plain[1]! - plain[4]!);
  });
});

describe('speakers', () => {
  const messages = chat([
    'Hey Mel! I started a painting class.', // Caroline (user)
    'Hi Caroline! I went hiking with the kids.', // Mel (assistant)
    'I painted a sunset, Mel!',
    'Thanks for sharing, Caroline! I painted a lake.',
    'Sure thing, Mel!',
    'Wow, Caroline!',
  ]);

  it("a question naming one speaker favours that speaker's messages", () => {
    const index = indexConversation(messages, only({ inferNames: true, speakerBoost: 0.5 }));
    expect(index.names.get('user')).toEqual(['Caroline']);
    expect(index.names.get('assistant')).toEqual(['Mel']);
    const result = scoreConversation(index, 'What did Caroline paint?');
    expect(result.signals.speaker).toBe('user');
    expect(best(result, messages)).toEqual(['m2']);
    expect(best(scoreConversation(index, 'What did Mel paint?'), messages)).toEqual(['m3']);
  });

  it('the name a speaker is addressed by is left out of the other speaker’s text', () => {
    const index = indexConversation(messages, only({ inferNames: true }));
    // "Caroline" only ever occurs as Mel's way of addressing her: it matches nothing.
    expect(scoreConversation(index, 'Caroline').scores.every((v) => v === 0)).toBe(true);
    const kept = indexConversation(messages, PLAIN_MESSAGE_RANKING);
    expect(scoreConversation(kept, 'Caroline').scores[1]).toBeGreaterThan(0);
  });

  it('names the thread gives come first; an everyday word after a greeting is nobody’s name', () => {
    const named = chat([
      'Yeah, Winning is everything!', // Tim (user)
      'Hey Jo! winning matters, Tim.', // John (assistant)
      'Yeah, Winning feels great, John.',
      'I love winning too, Tim.',
      'Yeah, Winning again, John!',
    ]).map((m) => ({ ...m, name: m.speaker === 'user' ? 'Tim' : 'John' }));
    const index = indexConversation(
      named.map((m) => ({ ...m, speaker: m.name })),
      only({ inferNames: true, speakerBoost: 0.5 }),
    );
    expect(index.names.get('Tim')).toEqual(['Tim']);
    expect(index.names.get('John')).toEqual(['John']);
    // "winning" stays a word of the messages: a question about it finds them.
    expect(scoreConversation(index, 'winning').scores.filter((v) => v > 0)).toHaveLength(5);
    expect(scoreConversation(index, 'What does John say about winning?').signals.speaker).toBe(
      'John',
    );
  });

  it('a question naming both speakers favours neither', () => {
    const index = indexConversation(messages, only({ inferNames: true, speakerBoost: 0.5 }));
    expect(scoreConversation(index, 'What did Caroline and Mel paint?').signals.speaker).toBe(
      undefined,
    );
  });
});

describe('synonyms and dates', () => {
  it('synonyms reach a message that says it in other words', () => {
    const messages = chat(['My kids love dinosaurs.', ...FILLER]);
    expect(scores(messages, 'children', PLAIN_MESSAGE_RANKING).scores[0]).toBe(0);
    const result = scores(messages, 'children', only({ synonymWeight: 0.5 }));
    expect(result.scores[0]).toBeGreaterThan(0);
    expect(result.signals.synonyms).toContain('kid');
  });

  it('a question naming a day favours the messages of that day over the rest of the month', () => {
    const july = (day: number) => Date.UTC(2023, 6, day, 12);
    const messages: ConversationMessage[] = [
      { id: 'jul-3', speaker: 'user', text: 'A storm flooded our old area.', at: july(3) },
      { id: 'jul-8', speaker: 'user', text: 'The storm yesterday flooded the area.', at: july(8) },
      { id: 'jul-7', speaker: 'user', text: 'The storm flooded my old area.', at: july(7) },
      ...FILLER.map((text, i) => ({ id: `f${i}`, speaker: 'user', text, at: july(20) })),
    ];
    const question = 'What did the storm flood on 7 July, 2023?';
    const month = scores(messages, question, only({ dateBoost: 1 }));
    const day = scores(messages, question, only({ dateBoost: 1, dayBoost: 1 }));
    expect(day.signals.dates).toEqual(['m2023-6', 'd2023-6-7']);
    // Said on the 7th, or on the 8th about yesterday: x2 more than the message of the 3rd.
    expect(day.scores[2]! / day.scores[0]!).toBeCloseTo((2 * month.scores[2]!) / month.scores[0]!);
    expect(day.scores[1]! / day.scores[0]!).toBeCloseTo((2 * month.scores[1]!) / month.scores[0]!);
    expect(best(day, messages, 2).sort()).toEqual(['jul-7', 'jul-8']);
  });

  it('a question naming a period favours messages said then or pointing there', () => {
    const june = Date.UTC(2023, 5, 20, 12);
    const july = Date.UTC(2023, 6, 3, 12);
    const messages: ConversationMessage[] = [
      { id: 'june', speaker: 'user', text: 'We went camping by the river.', at: june },
      { id: 'july', speaker: 'user', text: 'We went camping in the forest.', at: july },
      {
        id: 'said-in-july',
        speaker: 'user',
        text: 'Camping last month was great.',
        at: july + DAY,
      },
    ];
    const options = only({ dateBoost: 1 });
    const result = scores(messages, 'Where did she go camping in June 2023?', options);
    expect(result.signals.dates).toEqual(['m2023-5']);
    expect(result.scores[0]).toBeGreaterThan(result.scores[1]!);
    expect(result.scores[2]).toBeGreaterThan(result.scores[1]!);
    const plain = scores(messages, 'Where did she go camping in June 2023?', PLAIN_MESSAGE_RANKING);
    expect(plain.scores[0]).toBeLessThanOrEqual(plain.scores[1]! + 1e-12);
  });
});

describe('answer type', () => {
  const messages: ConversationMessage[] = [
    { id: 'plain', speaker: 'John', name: 'John', text: 'My trip was long but fun.', at: START },
    {
      id: 'named',
      speaker: 'John',
      name: 'John',
      text: 'My trip to Chicago was long but so much fun.',
      at: START + 60_000,
    },
    {
      id: 'speaker',
      speaker: 'Tim',
      name: 'Tim',
      text: 'Thanks, John! My trip was long but fun too.',
      at: START + 120_000,
    },
    ...FILLER.map((text, i) => ({
      id: `f${i}`,
      speaker: 'Tim',
      name: 'Tim',
      text,
      at: START + (3 + i) * 60_000,
    })),
  ];

  it('a question asking for a name favours the matched messages that write one', () => {
    const question = 'Which city did the trip go to?';
    const off = scores(messages, question, only({ inferNames: true, answerTypeBoost: 0 }));
    const on = scores(messages, question, only({ inferNames: true, answerTypeBoost: 1 }));
    expect(on.signals.asksForName).toBe(true);
    expect(off.scores[0]).toBeGreaterThan(off.scores[1]!);
    expect(best(on, messages)).toEqual(['named']);
    expect(on.scores[1]).toBeCloseTo(off.scores[1]! * 2, 10);
    // A speaker's name is nobody's answer: "Thanks, John!" gains nothing.
    expect(on.scores[2]).toBe(off.scores[2]);
    expect(on.scores[0]).toBe(off.scores[0]);
  });

  it('other questions are left alone', () => {
    const question = 'How was the trip?';
    const off = scores(messages, question, only({ inferNames: true, answerTypeBoost: 0 }));
    const on = scores(messages, question, only({ inferNames: true, answerTypeBoost: 1 }));
    expect(on.signals.asksForName).toBe(false);
    expect([...on.scores]).toEqual([...off.scores]);
  });

  it('a capitalised word the conversation also writes in lowercase is no name', () => {
    const withLowercase: ConversationMessage[] = [
      ...messages,
      { id: 'lower', speaker: 'Tim', name: 'Tim', text: 'The chicago deep dish is a pizza.' },
    ];
    const question = 'Which city did the trip go to?';
    const on = scores(withLowercase, question, only({ inferNames: true, answerTypeBoost: 1 }));
    const off = scores(withLowercase, question, only({ inferNames: true, answerTypeBoost: 0 }));
    expect(on.scores[1]).toBe(off.scores[1]);
  });
});

describe('informativeness prior', () => {
  it('of two messages that match alike, the one telling news in the first person ranks first', () => {
    const messages = chat([
      FILLER[0]!,
      'Pottery class for the kids?',
      'I took the kids to a pottery class yesterday.',
      ...FILLER.slice(1),
    ]);
    const question = 'What class did the kids take?';
    const off = scores(messages, question, only({ informativeWeight: 0 }));
    const on = scores(messages, question, only({ informativeWeight: 0.05 }));
    expect(off.scores[1]).toBeGreaterThan(off.scores[2]!);
    expect(best(on, messages)).toEqual(['m2']);
    // Exactly x exp(0.05 x informativeness): the question back -1 + length, the news 2 + length.
    const index = indexConversation(messages, only({ informativeWeight: 0.05 }));
    expect(index.informative[1]).toBeLessThan(0);
    expect(index.informative[2]).toBeGreaterThan(2);
    expect(on.scores[2]).toBeCloseTo(off.scores[2]! * Math.exp(0.05 * index.informative[2]!), 10);
    // Messages that score nothing stay at nothing.
    expect(on.scores[0]).toBe(0);
  });

  it('a message that names something counts one more', () => {
    const messages = chat([
      FILLER[0]!,
      'The pottery class was in the city.',
      'The pottery class was in Portland.',
      ...FILLER.slice(1),
    ]);
    const options = only({ inferNames: true, informativeWeight: 0.05 });
    const index = indexConversation(messages, options);
    expect(index.informative[1]).toBe(index.informative[2]);
    const off = scores(messages, 'pottery class', only({ informativeWeight: 0 }));
    const on = scores(messages, 'pottery class', options);
    expect(off.scores[1]).toBe(off.scores[2]);
    expect(on.scores[2]! / on.scores[1]!).toBeCloseTo(Math.exp(0.05), 10);
  });
});

describe('feedback', () => {
  it('adds terms of the top messages to the question', () => {
    const messages = chat([
      'I love pottery and clay sculpting.',
      'My pottery teacher shows clay techniques.',
      'Sculpting is relaxing.',
      ...FILLER,
    ]);
    const options = only({ feedback: { messages: 2, terms: 6, weight: 0.5 } });
    const result = scores(messages, 'pottery', options);
    expect(result.signals.feedback).toContain(tokenize('clay')[0]);
    expect(result.scores[2]).toBeGreaterThan(0); // reached through "sculpting"
    expect(scores(messages, 'pottery', PLAIN_MESSAGE_RANKING).scores[2]).toBe(0);
  });
});

describe('reciprocal-rank fusion', () => {
  it('sums weight / (k + rank), first everywhere = 1, unretrieved = 0, ties share a rank', () => {
    const fused = reciprocalRankFusion(
      [
        { scores: [3, 2, 2, 0], weight: 1 },
        { scores: [0.9, 0, 0.5, 0], weight: 1 },
      ],
      60,
    );
    expect(fused[0]).toBeCloseTo(1, 12);
    expect(fused[1]).toBeCloseTo(1 / 62 / (2 / 61), 12);
    expect(fused[2]).toBeCloseTo((1 / 62 + 1 / 62) / (2 / 61), 12);
    expect(fused[3]).toBe(0);
  });

  it('a weight of 0 leaves that ranking out; rankings of different sizes are refused', () => {
    const fused = reciprocalRankFusion([
      { scores: [1, 2], weight: 1 },
      { scores: [5, 0], weight: 0 },
    ]);
    expect(topIndices(fused, 2)).toEqual([1, 0]);
    expect(() =>
      reciprocalRankFusion([
        { scores: [1], weight: 1 },
        { scores: [1, 2], weight: 1 },
      ]),
    ).toThrow(/different sizes/);
  });

  it('with synthetic vectors, a message that shares no word but means the same joins the top', () => {
    const messages = chat([
      'I adopted a kitten.',
      ...FILLER,
      'Our new furry family member purrs all day.',
      ...FILLER,
    ]);
    const meaning = (i: number) => {
      // Axis 0 = "pets", others = unrelated topics; message 7 and the query point at pets.
      const v = new Float32Array(8);
      v[i === 0 || i === 7 ? 0 : 1 + (i % 7)] = 1;
      return normalize(v);
    };
    const dim = 8;
    const matrix = new Float32Array(dim * messages.length);
    messages.forEach((_, i) => matrix.set(meaning(i), i * dim));
    const query = normalize(Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0.1]));
    const semantic = cosineScores(matrix, dim, query);

    const ranker = createConversationRanker(PLAIN_MESSAGE_RANKING);
    const lexical = ranker.rank('Which pet did she adopt?', messages);
    expect(lexical.fused).toBe(false);
    expect(lexical.scores[7]).toBe(0);
    const fused = ranker.rank('Which pet did she adopt?', messages, semantic);
    expect(fused.fused).toBe(true);
    expect(best(fused, messages, 2)).toEqual(['m0', 'm7']);
    expect(fused.scores[0]).toBeCloseTo(1, 12);
  });
});

describe('the ranker', () => {
  it('keeps its index for the same messages and grows it in place, scoring as a fresh build', () => {
    const texts = [
      'Hey Mel! I started pottery.',
      'Hi Caroline! Pottery sounds fun.',
      'Thanks, Mel! The clay was messy yesterday.',
      'Sure, Caroline! Camping next month?',
      ...FILLER,
      'We went camping by the lake in June.',
      'Caroline, the kids loved the lake!',
    ];
    const all = chat(texts);
    // A session break in the middle, so windows and sessions change as the thread grows.
    all.slice(6).forEach((m) => (m.at = m.at! + 2 * DAY));
    const ranker = createConversationRanker();
    const first = ranker.index(all.slice(0, 2));
    expect(ranker.index(all.slice(0, 2).map((m) => ({ ...m })))).toBe(first);
    for (let n = 3; n <= all.length; n++) {
      const messages = all.slice(0, n);
      const grown = ranker.index(messages);
      const fresh = indexConversation(messages, DEFAULT_CONVERSATION_RANKING);
      expect(grown.size).toBe(n);
      expect(grown.names).toEqual(fresh.names);
      expect(grown.families).toEqual(fresh.families);
      for (const query of ['pottery clay', 'camping lake in June', 'What did Caroline make?'])
        expect([...scoreConversation(grown, query).scores]).toEqual([
          ...scoreConversation(fresh, query).scores,
        ]);
    }
    // An edit anywhere but the end rebuilds.
    const edited = all.map((m, i) => (i === 1 ? { ...m, text: 'Hi! Pottery is great.' } : m));
    expect(ranker.index(edited).size).toBe(all.length);
    expect([...scoreConversation(ranker.index(edited), 'pottery').scores]).toEqual([
      ...scoreConversation(indexConversation(edited), 'pottery').scores,
    ]);
  });

  it('answers 0..1 with the best at 1, and nothing for a question without known words', () => {
    const ranker = createConversationRanker();
    const messages = chat(['I started pottery.', 'Pottery is fun.', ...FILLER]);
    const { scores: s } = ranker.rank('pottery', messages);
    expect(Math.max(...s)).toBe(1);
    expect(s.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(ranker.rank('zebra', messages).scores.every((v) => v === 0)).toBe(true);
  });

  it('the defaults switch every kept signal on', () => {
    expect(DEFAULT_CONVERSATION_RANKING).toMatchObject({
      window: 2,
      windowWeight: 2,
      sessionWeight: 1,
      speakerBoost: 0.5,
      inferNames: true,
      synonymWeight: 0.5,
      dateBoost: 1,
      dayBoost: 1,
      entityBoost: 0.5,
      answerTypeBoost: 1,
      informativeWeight: 0.05,
      unmatched: true,
      tail: { depth: 10, wordFamilyWeight: 0.5, informativeWeight: 0.2 },
    });
    expect(DEFAULT_CONVERSATION_RANKING.tokenizer.irregular).toBe(true);
    expect(DEFAULT_CONVERSATION_RANKING.feedback).toBeUndefined();
  });
});

describe('names in the question and unmatched messages', () => {
  it('a question’s capitalised words other than the speakers are its names', () => {
    expect(
      questionEntities(
        'Where did Maria meet Jean in Paris?',
        DEFAULT_TOKENIZER,
        new Set(['maria']),
      ),
    ).toEqual(['jean', 'paris']);
    // The first word is capitalised anyway; a lowercase question names nothing.
    expect(questionEntities('Where did she go?', DEFAULT_TOKENIZER)).toEqual([]);
    expect(questionEntities('what did maria read?', DEFAULT_TOKENIZER)).toEqual([]);
  });

  it('a message that mentions the name the question gives outranks one that only shares its words', () => {
    const messages = chat([
      'I met a new friend at the shelter today.',
      'I met Jean at the shelter today.',
      ...FILLER,
    ]);
    const question = 'When did Maria meet Jean at the shelter?';
    const off = scores(messages, question, only({ entityBoost: 0 }));
    const on = scores(messages, question, only({ entityBoost: 0.5 }));
    // No speaker is called Maria here: she is a name of the question too.
    expect(on.signals.entities).toEqual(['maria', 'jean']);
    expect(on.scores[1]! / on.scores[0]!).toBeGreaterThan(off.scores[1]! / off.scores[0]!);
    expect(best(on, messages)).toEqual(['m1']);
    // One of the question's two names: x (1 + 0.5 x 1/2).
    expect(on.scores[1]).toBeCloseTo(off.scores[1]! * 1.25, 10);
  });

  it('an unmatched message next to a match ranks above an isolated one, and below every match', () => {
    const messages = chat([
      'We adopted a puppy called Shadow.',
      'That is so sweet!',
      ...FILLER,
      'Sounds lovely.',
    ]);
    const off = scores(messages, 'Shadow puppy', only({ unmatched: false }));
    expect([...off.scores].filter((v) => v > 0)).toHaveLength(1);
    const on = scores(messages, 'Shadow puppy', only({ unmatched: true }));
    // The reply right after the match is next; messages with nothing around them stay at 0.
    expect(best(on, messages, 2)).toEqual(['m0', 'm1']);
    expect(on.scores[1]).toBeLessThan(on.scores[0]!);
    expect(on.scores[messages.length - 1]).toBe(0);
    expect(on.scores[0]).toBe(off.scores[0]);
  });

  it('unmatched messages by the speaker, or from the period, the question names come first', () => {
    const june = Date.UTC(2023, 5, 20, 12);
    const september = Date.UTC(2023, 8, 2, 12);
    const messages: ConversationMessage[] = [
      { id: 'match', speaker: 'Tim', name: 'Tim', text: 'I finished the castle puzzle.', at: june },
      ...FILLER.map((text, i) => ({
        id: `sep${i}`,
        speaker: i % 2 ? 'Tim' : 'John',
        name: i % 2 ? 'Tim' : 'John',
        text,
        at: september + i * HOUR * 5,
      })),
      {
        id: 'june-john',
        speaker: 'John',
        name: 'John',
        text: 'Nice weekend here.',
        at: june + DAY,
      },
    ];
    const options = only({ unmatched: true, inferNames: true, dateBoost: 1 });
    const byDate = scores(messages, 'What puzzle did someone finish in June 2023?', options);
    expect(best(byDate, messages, 2)).toEqual(['match', 'june-john']);
    const bySpeaker = scores(messages, 'What puzzle did Tim finish?', options);
    const top = best(bySpeaker, messages, 4);
    expect(top[0]).toBe('match');
    expect(top.slice(1).every((id) => messages.find((m) => m.id === id)!.speaker === 'Tim')).toBe(
      true,
    );
  });

  it('a question that matches nothing retrieves nothing', () => {
    const messages = chat(['We adopted a puppy.', ...FILLER]);
    const result = scores(messages, 'quantum chromodynamics', only({ unmatched: true }));
    expect([...result.scores].every((v) => v === 0)).toBe(true);
  });

  it('a question that matches nothing but names a day retrieves that day, then its month', () => {
    const december = (day: number) => Date.UTC(2023, 11, day, 12);
    const messages: ConversationMessage[] = [
      { id: 'dec-1', speaker: 'user', text: 'Exams again, ugh.', at: december(1) },
      { id: 'dec-11-a', speaker: 'user', text: 'My English class was tough.', at: december(11) },
      {
        id: 'dec-11-b',
        speaker: 'assistant',
        text: 'You did your best!',
        at: december(11) + 60_000,
      },
      { id: 'nov', speaker: 'user', text: 'A quiet week here.', at: Date.UTC(2023, 10, 20, 12) },
    ];
    const question = 'What is the topic between them on 11 December, 2023?';
    const options = only({ unmatched: true, dateBoost: 1, dayBoost: 1 });
    const result = scores(messages, question, options);
    expect(result.signals.dates).toEqual(['m2023-11', 'd2023-11-11']);
    expect(best(result, messages, 3)).toEqual(['dec-11-a', 'dec-11-b', 'dec-1']);
    expect(result.scores[3]).toBe(0);
    // Without the unmatched ordering, nothing.
    const off = scores(messages, question, { ...options, unmatched: false });
    expect([...off.scores].every((v) => v === 0)).toBe(true);
  });
});

describe('the cascade (precision first, then recall)', () => {
  it('keeps the first places of one ranking and orders the rest by the other', () => {
    const head = Float64Array.from([0.9, 0.5, 0.8, 0, 0.1, 0.3]);
    const tail = [0.1, 1, 0.2, 0.7, 0, 0.4];
    cascade(head, tail, 2);
    // 0 and 2 lead as the first ranking has them; then 1, 3, 5 as the second has them; 4, which
    // the second does not score, is left out.
    expect(topIndices(head, 10)).toEqual([0, 2, 1, 3, 5]);
    expect(head[0]).toBe(0.9);
    expect(head[2]).toBe(0.8);
    expect(head[1]).toBeLessThan(0.8);
    expect(head[4]).toBe(0);
    // Fewer scored messages than the depth: the second ranking orders what is left.
    const few = Float64Array.from([0, 0.2, 0]);
    cascade(few, [0.5, 0.1, 0], 5);
    expect(topIndices(few, 10)).toEqual([1, 0]);
  });

  it('bestIndices picks what topIndices does, ties to the earlier position', () => {
    const values = [0.5, 0, 0.5, 0.7, 0.1, 0.7, 0.2, 0.5, 0, 0.9];
    for (let n = 0; n <= values.length + 1; n++)
      expect(bestIndices(values, n)).toEqual(topIndices(values, n));
  });

  // One message matches the question's word; another writes a word of its family ("collection")
  // in another session, where nothing lends it a neighbour's score.
  const messages = chat([
    'I collect stamps from old letters.',
    'That sounds like a calm hobby.',
    'It is, most evenings.',
    ...FILLER,
    'My coin collection grew a lot this year.',
    ...FILLER,
  ]);
  messages.slice(3).forEach((m) => (m.at = m.at! + 2 * DAY));
  const family = messages.findIndex((m) => m.text.startsWith('My coin collection'));
  const question = 'What does the user collect?';

  it('past the first places, a message with another word of a question word’s family is retrieved', () => {
    const tail = { depth: 1, wordFamilyWeight: 0.5, informativeWeight: 0.05 };
    const without = scores(messages, question, {
      ...DEFAULT_CONVERSATION_RANKING,
      tail: undefined,
    });
    expect(without.scores[family]).toBe(0);
    const withTail = scores(messages, question, { ...DEFAULT_CONVERSATION_RANKING, tail });
    expect(best(withTail, messages, 1)).toEqual(best(without, messages, 1));
    expect(best(withTail, messages, 1)).toEqual(['m0']);
    // After the match and its two neighbours (they share its session), the family message.
    expect(best(withTail, messages, 4)).toEqual(['m0', 'm1', 'm2', messages[family]!.id]);
    expect(withTail.signals.cascadeFrom).toBe(2);
    expect(withTail.signals.wordFamilies).toEqual(['collection']);
  });

  it('the first places stay the ranking’s own; when it scores fewer, the family fills the places after', () => {
    const withTail = scores(messages, question, DEFAULT_CONVERSATION_RANKING);
    const without = scores(messages, question, {
      ...DEFAULT_CONVERSATION_RANKING,
      tail: undefined,
    });
    // Fewer than 10 messages score without the family: the family message comes after them all,
    // and the signals report the family because it ordered a place.
    const before = topIndices(without.scores, 10);
    expect(before.length).toBeLessThan(10);
    expect(topIndices(withTail.scores, before.length)).toEqual(before);
    expect(topIndices(withTail.scores, 10)).toContain(family);
    expect(withTail.signals.cascadeFrom).toBe(before.length + 1);
    expect(withTail.signals.wordFamilies).toEqual(['collection']);
    // A question whose family adds no word: the same ranking throughout, nothing reported.
    const stamps = scores(messages, 'old stamps', DEFAULT_CONVERSATION_RANKING);
    expect(stamps.signals.wordFamilies).toEqual([]);
    expect(stamps.signals.cascadeFrom).toBe(0);
    expect(topIndices(stamps.scores, 3)[0]).toBe(0);
  });
});
