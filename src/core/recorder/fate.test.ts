import { describe, expect, it } from 'vitest';
import { classifySpecifics, fateDetail, fateHeadline } from './fate';
import { buildHaystack, findSpecific } from './match';
import { collectSpecifics, extractSpecifics } from './specifics';

const one = (text: string) => {
  const found = extractSpecifics(text);
  expect(found, `one specific in ${JSON.stringify(text)}`).toHaveLength(1);
  return found[0]!;
};

// Kept when found in the new context, however it is written there.
const KEPT: [label: string, removed: string, context: string][] = [
  ['name, other case', 'We met Grace Hopper.', 'the user met grace hopper in 1952'],
  ['name, possessive', 'Ask Grace Hopper.', "Grace Hopper's advice"],
  ['name without the title', 'Meet Dr. Grace Hopper.', 'meet Grace Hopper'],
  ['title with or without a full stop', 'My teacher, Mr Okafor, says hi.', 'Mr. Okafor said hi'],
  ['currency, separators and code', 'It costs $1,299.00.', 'price: 1299 USD'],
  ['unit spelled out', 'The timeout is 200ms.', 'a 200 milliseconds timeout'],
  ['unit spacing and case', 'Cache: 512MB.', 'cache of 512 mb'],
  ['percent in words', 'Accuracy is 45%.', 'accuracy of 45 percent'],
  ['CJK unit and Latin unit', '带上3公斤苹果。', 'bring 3 kg of apples'],
  ['full-width digits', '预算１２００元。', '预算1200元'],
  ['count by value', 'It saw 3 retries.', 'retried 3 times'],
  ['bare number with separators', 'Order 48213 shipped.', 'order #48,213'],
  ['date formats', 'Due March 3rd, 2024.', 'due 2024-03-03'],
  ['day and month in a fuller date', 'Book it on 8 May.', 'booked for 2024-05-08'],
  ['time formats', 'Meet at 5pm.', 'meeting at 17:00'],
  [
    'path without ./ and with a trailing slash',
    'Run ./scripts/build.sh now.',
    'ran scripts/build.sh',
  ],
  ['directory trailing slash', 'Look in src/core/compaction/.', 'files in src/core/compaction'],
  ['path inside a longer path', 'Edit src/app.ts.', 'edited /repo/src/app.ts'],
  ['URL without the scheme', 'See https://www.example.com/docs/.', 'docs at example.com/docs'],
  [
    'quote without its marks',
    'She said "meet me at the old mill".',
    'she asked to meet at the Old Mill? no: meet me at the old  mill',
  ],
  ['identifier in backticks', 'Use time.monotonic() now.', 'switched to `time.monotonic`'],
  ['version with and without v', 'Upgrade to v1.2.3.', 'now on 1.2.3'],
  ['e-mail in capitals', 'Mail bob@example.com.', 'mail BOB@EXAMPLE.COM'],
];

// Not kept: a near miss is not a match.
const NOT_KEPT: [label: string, removed: string, context: string][] = [
  ['another value', 'The timeout is 200ms.', 'a 250 ms timeout'],
  ['another unit', 'It weighs 3 kg.', 'it weighs 3 lb'],
  ['a name half there', 'We met Grace Hopper.', 'we met Grace'],
  ['a path part of a longer name', 'Edit app.ts.', 'edited myapp.tsx'],
  ['a paraphrased quote', 'She said "meet me at the old mill".', 'she wants to meet at the mill'],
  ['the basename only', 'Open /docs/notes/todo.md.', 'open todo.md'],
  ['a date without its day', 'Due March 3rd, 2024.', 'due in March 2024'],
];

describe('classifySpecifics: kept is formatting-robust', () => {
  it.each(KEPT)('%s', (_label, removed, context) => {
    const result = classifySpecifics([one(removed)], { newContext: context });
    expect(result.counts).toMatchObject({ kept: 1, lost: 0 });
  });
  it.each(NOT_KEPT)('not kept: %s', (_label, removed, context) => {
    const result = classifySpecifics([one(removed)], { newContext: context });
    expect(result.counts).toMatchObject({ kept: 0, lost: 1 });
  });
});

describe('classifySpecifics: kept, recoverable and lost', () => {
  const removed = collectSpecifics([
    {
      text: 'The failure is in tests/test_client.py: 3 retries within 1.5 s. Budget $1,299.00 by March 3rd, 2024.',
      origin: { id: 'm1', role: 'user' },
    },
    {
      text: 'See https://docs.python.org/3/library/time.html. The cache is 512MB. Mail grace@navy.mil.',
      origin: { id: 'm2', role: 'assistant' },
    },
  ]).specifics;
  const history = '/conversation_history/session_t1.md';
  const summary = [
    `The complete record of those messages, word for word, is in ${history}.`,
    '<summary>',
    'SESSION INTENT: fix the retry test in tests/test_client.py',
    'SUMMARY: 3 retries expected within 1.5 seconds; budget 1299 USD due 2024-03-03.',
    '</summary>',
  ].join('\n');
  const files = [
    {
      path: history,
      content: 'The cache is 512MB. See https://docs.python.org/3/library/time.html.',
    },
    { path: '/large_tool_results/call_7', content: 'Mail grace@navy.mil.' },
  ];

  it('sorts each specific into one list, saying where it is', () => {
    const result = classifySpecifics(removed, {
      newContext: [
        { label: 'Summary', text: summary },
        { label: 'Kept messages', text: 'Thanks.' },
      ],
      readableFiles: files,
    });
    expect(result.kept.map((s) => [s.text, s.keptIn, s.origin.id])).toEqual([
      ['tests/test_client.py', 'Summary', 'm1'],
      ['3 retries', 'Summary', 'm1'],
      ['1.5 s', 'Summary', 'm1'],
      ['$1,299.00', 'Summary', 'm1'],
      ['March 3rd, 2024', 'Summary', 'm1'],
    ]);
    expect(result.recoverable.map((s) => [s.text, s.recoverableFrom])).toEqual([
      ['https://docs.python.org/3/library/time.html', history],
      ['512MB', history],
    ]);
    // In a readable file, but nothing in the context points to that file.
    expect(result.lost.map((s) => [s.text, s.unreachableIn])).toEqual([
      ['grace@navy.mil', '/large_tool_results/call_7'],
    ]);
    expect(result.counts).toEqual({
      total: 8,
      kept: 5,
      recoverable: 2,
      lost: 1,
      keptOrRecoverable: 7,
    });
    expect(result.headline).toBe('1 lost · 2 recoverable · 5 kept');
    expect(result.detail).toBe('8 specifics removed');
    expect(result.pointedFiles).toEqual([history]);
    expect(result.byKind.url).toEqual({
      total: 1,
      kept: 0,
      recoverable: 1,
      lost: 0,
      keptOrRecoverable: 1,
    });
  });

  it('needs a pointer for recoverable: the same file unnamed recovers nothing', () => {
    const result = classifySpecifics(removed, {
      newContext: 'SUMMARY: 3 retries expected within 1.5 seconds.',
      readableFiles: files,
    });
    expect(result.counts.recoverable).toBe(0);
    expect(result.pointedFiles).toEqual([]);
    expect(result.lost.find((s) => s.text === '512MB')?.unreachableIn).toBe(history);
  });

  it('takes explicit pointers (with or without the leading slash)', () => {
    const result = classifySpecifics(removed, {
      newContext: 'nothing here',
      readableFiles: files,
      pointers: ['large_tool_results/call_7'],
    });
    expect(result.recoverable.map((s) => [s.text, s.recoverableFrom])).toEqual([
      ['grace@navy.mil', '/large_tool_results/call_7'],
    ]);
  });

  it('a single context text is labelled "context"', () => {
    const result = classifySpecifics([one('Meet at 5pm.')], { newContext: 'at 17:00' });
    expect(result.kept[0]!.keptIn).toBe('context');
  });

  it('headline: lost first, numbers formatted alike; singular; no specifics', () => {
    const result = classifySpecifics([one('Meet at 5pm.')], { newContext: '' });
    expect(result.headline).toBe('1 lost · 0 recoverable · 0 kept');
    expect(result.detail).toBe('1 specific removed');
    expect(fateHeadline({ lost: 0, recoverable: 8815, kept: 7, total: 8822 })).toBe(
      '0 lost · 8,815 recoverable · 7 kept',
    );
    expect(fateDetail({ total: 8822 })).toBe('8,822 specifics removed');
    const none = classifySpecifics([], { newContext: 'x' });
    expect(none.headline).toBe('No specifics were removed');
    expect(none.counts.total).toBe(0);
  });

  it('searches each text within maxChars and says which were cut', () => {
    const far = `${'x '.repeat(100)}grace hopper`;
    const result = classifySpecifics([one('We met Grace Hopper.')], {
      newContext: [{ label: 'Summary', text: far }],
      maxChars: 50,
    });
    expect(result.counts.lost).toBe(1);
    expect(result.cut).toEqual([{ label: 'Summary', searchedChars: 50, totalChars: far.length }]);
  });
});

describe('findSpecific', () => {
  it('does not take a number inside another for the number', () => {
    const h = buildHaystack('version 12.5 and 3120 ms');
    expect(findSpecific(h, one('It took 120 ms.'))).toBe(false);
    expect(findSpecific(h, one('It took 3,120 ms.'))).toBe(true);
  });
});
