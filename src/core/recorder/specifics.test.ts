import { describe, expect, it } from 'vitest';
import { collectSpecifics, extractSpecifics } from './specifics';

// Each row: a text and exactly the specifics it must give, as "kind:normalized" (order ignored).
// An empty list means the text has no specific a person would miss (precision rows).
const TABLE: [label: string, text: string, expected: string[]][] = [
  // ---- numbers with units ------------------------------------------------------------------
  ['size', 'The upload is 12 MB.', ['number:12 MB']],
  ['size without a space', 'Limit the cache to 512MB please.', ['number:512 MB']],
  ['mass with a decimal', 'The parcel weighs 3.5 kg.', ['number:3.5 kg']],
  [
    'milliseconds attached',
    'p95 latency went from 200ms to 180 ms.',
    ['identifier:p95', 'number:200 ms', 'number:180 ms'],
  ],
  ['unit spelled out', 'It took 45 minutes and 30 seconds.', ['number:45 min', 'number:30 s']],
  ['currency with separators', 'The laptop costs $1,299.00 today.', ['number:1299 usd']],
  ['currency code after', 'They paid 2,500 EUR for the stand.', ['number:2500 eur']],
  ['currency code before', 'Budget: USD 40 per night.', ['number:40 usd']],
  ['percent', 'Accuracy rose to 45% (from 38.5 percent).', ['number:45 %', 'number:38.5 %']],
  ['range with a unit', 'Delivery takes 3-5 days.', ['number:3-5 d']],
  ['range with an en dash and percent', 'Expect 10–20% fewer errors.', ['number:10-20 %']],
  ['range in words', 'Hold it for 30 to 60 seconds.', ['number:30-60 s']],
  ['currency range', 'Tickets are $5-10 at the door.', ['number:5-10 usd']],
  [
    'multiplier and count',
    'We serve 1.5M users with a 128k tokens window.',
    ['number:1500000 users', 'number:128000 tokens'],
  ],
  ['times faster', 'The new index is 3x faster.', ['number:3 x']],
  [
    'temperatures',
    'It was 72°F outside and -40°C in the freezer.',
    ['number:72 °F', 'number:-40 °C'],
  ],
  ['age', "I'm 25 years old.", ['number:25 yr old']],
  ['count noun', 'I have 3 kids and 2 dogs.', ['number:3 kids', 'number:2 dogs']],
  ['count of people', 'There were 7 people at the meetup.', ['number:7 people']],
  [
    'bare large number',
    'Order 48213 was refunded, all 1,024 of them.',
    ['number:48213', 'number:1024'],
  ],
  ['bare decimal', 'Set the backoff factor to 0.5.', ['number:0.5']],
  ['data rate', 'Throughput is 12MB/s on a 100 Mbps link.', ['number:12 MB/s', 'number:100 Mbps']],
  ['bare small integers are noise', 'Step 2 of 3: pick 1 and repeat 5 times.', ['number:5 times']],
  ['ordinals are noise', 'She came 1st and I came 2nd on the 3rd try.', []],
  ['fractions are noise', 'Add 1/2 of the mix; open 24/7.', []],

  // ---- dates and times ---------------------------------------------------------------------
  ['ISO date', 'Released on 2024-03-05.', ['date:2024-03-05']],
  ['ISO date-time', 'Logged at 2023-03-03T14:30:00Z.', ['date:2023-03-03 14:30:00']],
  ['month name, ordinal, year', 'The deadline is March 3rd, 2024.', ['date:2024-03-03']],
  ['day before month (LoCoMo)', '1:56 pm on 8 May, 2023', ['date:13:56', 'date:2023-05-08']],
  [
    'weekday is part of the date',
    'My report is due on Friday 14 March, so keep it light.',
    ['date:--03-14'],
  ],
  ['US slashes', 'Signed on 3/4/2024.', ['date:2024-03-04']],
  ['European dots', 'Valid until 31.12.2023.', ['date:2023-12-31']],
  ['month and year', 'We moved in March 2024.', ['date:2024-03']],
  [
    'clock times',
    'Meet at 14:30, or at 5pm, or at 9:15 a.m.',
    ['date:14:30', 'date:17:00', 'date:09:15'],
  ],
  ['relative day is not a specific, the time is', 'Yesterday at 5pm we met.', ['date:17:00']],
  ['year after "in"', 'The company was founded in 1998.', ['date:1998']],
  ['decade', 'A book from the 1990s.', ['date:1990s']],
  ['relative words are noise', 'Last week, next Friday, tomorrow or today: all fine.', []],
  ['modal "may" is not a month', 'Some may 12 of us join.', []],

  // ---- paths -------------------------------------------------------------------------------
  [
    'absolute POSIX path',
    'Wrote /memories/AGENTS.md and /usr/local/bin/node.',
    ['path:/memories/AGENTS.md', 'path:/usr/local/bin/node'],
  ],
  [
    'relative path with extension',
    'The test is in tests/test_client.py.',
    ['path:tests/test_client.py'],
  ],
  ['bare file name', 'Open client.py and README.md.', ['path:client.py', 'path:README.md']],
  [
    'home and dot paths',
    'Edit ~/notes/todo.md, then run ./run.sh.',
    ['path:~/notes/todo.md', 'path:run.sh'],
  ],
  [
    'directory with a trailing slash',
    'Put it under src/core/compaction/ for now.',
    ['path:src/core/compaction'],
  ],
  [
    'Windows path',
    'Saved to C:\\Users\\bob\\Documents\\report.docx.',
    ['path:c:/users/bob/documents/report.docx'],
  ],
  ['line number after a path', 'See src/app.ts:42 for the bug.', ['path:src/app.ts']],
  ['slash pairs are not paths', 'Use and/or, TCP/IP, input/output, km/h as you like.', []],
  ['a slash command is not a path', 'Type /help to see the commands.', []],
  [
    'library names ending in .js',
    'We use Node.js and Vue.js.',
    ['identifier:node.js', 'identifier:vue.js'],
  ],

  // ---- URLs and e-mail ---------------------------------------------------------------------
  [
    'URL in a sentence',
    'Docs: https://docs.python.org/3/library/time.html.',
    ['url:docs.python.org/3/library/time.html'],
  ],
  ['URL in a Markdown link', 'See [the docs](https://example.com/a/b).', ['url:example.com/a/b']],
  ['localhost URL', 'Served on http://localhost:4307/api?x=1', ['url:localhost:4307/api?x=1']],
  ['bare domain', 'It is hosted on example.com now.', ['url:example.com']],
  [
    'e-mail',
    'Write to Bob.Smith@Example.org or <mailto:ops@ex.io>.',
    ['email:bob.smith@example.org', 'email:ops@ex.io'],
  ],

  // ---- identifiers -------------------------------------------------------------------------
  [
    'dotted call',
    'Use time.monotonic() instead of time.time().',
    ['identifier:time.monotonic', 'identifier:time.time'],
  ],
  [
    'camel, Pascal, snake, screaming',
    'getUser calls UserService with MAX_RETRIES and retry_count.',
    [
      'identifier:getuser',
      'identifier:userservice',
      'identifier:max_retries',
      'identifier:retry_count',
    ],
  ],
  [
    'versions',
    'Upgrade to v1.2.3 (Python 3.12.2, v2).',
    ['identifier:1.2.3', 'identifier:python 3.12.2', 'identifier:v2'],
  ],
  [
    'UUID and hash',
    'Run 123e4567-e89b-12d3-a456-426614174000 at commit 9fceb02.',
    ['identifier:123e4567-e89b-12d3-a456-426614174000', 'identifier:9fceb02'],
  ],
  [
    'ticket, issue, hex, color',
    'Fixes ABC-123 and #4521; mask 0xFF00; color #ff8800.',
    ['identifier:abc-123', 'identifier:#4521', 'identifier:0xff00', 'identifier:#ff8800'],
  ],
  [
    'flags and IP',
    'Start with --max-old-space-size on 192.168.0.1.',
    ['identifier:--max-old-space-size', 'identifier:192.168.0.1'],
  ],
  ['one token in backticks', 'Set `retries` in the config.', ['identifier:retries']],
  [
    'letter-digit mix',
    'We trained on an H100 with ES2022 output.',
    ['identifier:h100', 'identifier:es2022'],
  ],
  ['abbreviations are noise', 'Bring snacks, e.g. fruit, i.e. apples, etc. in the U.S. too.', []],
  ['acronyms are noise', 'The LGBTQ group met NASA and the FBI; press OK.', []],

  // ---- quotes ------------------------------------------------------------------------------
  [
    'double quotes',
    'She said "meet me at the old mill" and left.',
    ['quote:meet me at the old mill'],
  ],
  ['quoted title is a name', 'We love "The Santa Clause" in December.', ['name:the santa clause']],
  [
    'single quotes, not apostrophes',
    "Caroline's mom said 'hello there' to Mel's dad.",
    ['quote:hello there', 'name:caroline', 'name:mel'],
  ],
  [
    'curly quotes',
    'The sign says “Always look on the bright side”.',
    ['quote:always look on the bright side'],
  ],
  ['command in backticks', 'Then run `pytest -q tests` again.', ['quote:pytest -q tests']],
  [
    'JSON keys are structure, values are quotes',
    '{"command": "pytest -q", "path": "/client.py"}',
    ['quote:pytest -q', 'path:/client.py'],
  ],
  [
    'escaped quotes in JSON',
    '{"old": "X-Timeout\\"", "new": "X-Timeout-Ms"}',
    ['quote:x-timeout', 'quote:x-timeout-ms'],
  ],
  ['short or common quoted words are noise', 'He said "ok" and "the" and "a".', []],

  // ---- names -------------------------------------------------------------------------------
  ['person with a title', 'Meet Dr. Grace Hopper tomorrow.', ['name:grace hopper']],
  ['city of three words', 'I moved to New York City last year.', ['name:new york city']],
  ['connector inside a name', 'She works at the Bank of America.', ['name:bank of america']],
  [
    'sentence-initial word dropped',
    'Yesterday Grace Hopper spoke. The Great Gatsby is long.',
    ['name:grace hopper', 'name:great gatsby'],
  ],
  [
    'a greeting is not a name, the person greeted is',
    'Hey Caroline! Thanks Melanie. Bye Caroline.',
    ['name:caroline', 'name:melanie'],
  ],
  ['interjection with a name', 'Woah Joanna, that was fast!', ['name:joanna']],
  ['title with a surname only', 'My teacher, Mr Okafor, says hi.', ['name:mr okafor']],
  ['possessive', "I love Ed Sheeran's songs.", ['name:ed sheeran']],
  ['gerund at sentence start', 'Learning German has been hard.', []],
  ['time words are not names', 'Last Friday was fun. Next Monday too.', []],
  ['Markdown heading is not a name', '## Retry Loop Notes\nNothing here.', []],

  // ---- Chinese and Japanese ----------------------------------------------------------------
  ['CJK mass and classifier', '带上3公斤苹果和5个橙子。', ['number:3 kg', 'number:5 个']],
  ['CJK date and time', '2024年3月5日下午3点见。', ['date:2024-03-05', 'date:15:00']],
  [
    'Chinese numerals',
    '下午三点半开会，预算一百五十元，两天后交付。',
    ['date:15:30', 'number:150 cny', 'number:2 d'],
  ],
  ['Chinese percent', '百分之五十的用户都同意。', ['number:50 %']],
  ['Chinese numeral date', '会议定在二〇二四年三月五日。', ['date:2024-03-05']],
  ['month-day', '3月12日也行，五月很好。', ['date:--03-12']],
  ['common "one" words are noise', '一个问题，一些人，一点点，一天。', []],
  ['"3点" alone may be "3 points"', '有3点需要注意。', ['number:3 点']],
  ['full-width digits', '预算是１２００元，共５个。', ['number:1200 cny', 'number:5 个']],
  ['CJK quotes', '参考「用户手册」和《三体》。', ['quote:用户手册', 'quote:三体']],
  [
    'path and URL inside CJK text',
    '请把/src/app.ts文件发到https://example.com/docs获取。',
    ['path:/src/app.ts', 'url:example.com/docs'],
  ],
  ['CJK file name', '文件在/笔记/日记.md里。', ['path:/笔记/日记.md']],
  [
    'Japanese time, quote and path',
    '東京で3時に会いましょう。「ありがとう」と言った。ファイルは/home/user/メモ.txtです。',
    ['date:03:00', 'quote:ありがとう', 'path:/home/user/メモ.txt'],
  ],

  // ---- code --------------------------------------------------------------------------------
  [
    'Python with a unit in a comment',
    'def fetch(url, *, retries=3, backoff=0.5):\n    timeout = 30  # 30s per request, max 10 MB\n    return requests.get(url, timeout=timeout)',
    ['identifier:requests.get', 'number:0.5', 'number:30 s', 'number:10 MB'],
  ],
  [
    'TypeScript with a string literal',
    "const DEFAULT_TIMEOUT_MS = 2500;\nexport function loadConfig(path = './config.json') { return readFileSync(path, 'utf8'); }",
    [
      'identifier:default_timeout_ms',
      'number:2500',
      'identifier:loadconfig',
      'path:config.json',
      'identifier:readfilesync',
      'identifier:utf8',
    ],
  ],
  [
    'diff',
    '--- a/src/client.py\n+++ b/src/client.py\n@@ -12,7 +12,7 @@\n-    start = time.time()\n+    start = time.monotonic()',
    [
      'path:a/src/client.py',
      'path:b/src/client.py',
      'identifier:time.time',
      'identifier:time.monotonic',
    ],
  ],
  [
    'tool call and result',
    '{"path": "/client.py", "old": "time.time()", "new": "time.monotonic()"}\nEdited /client.py: 2 replacements.',
    [
      'path:/client.py',
      'identifier:time.time',
      'identifier:time.monotonic',
      'number:2 replacements',
    ],
  ],
  [
    'read_file line-number gutter is not a number',
    '   118\tdef helper():\n   119\t    return 1',
    ['identifier:helper'],
  ],
  [
    'pytest summary',
    'E   AssertionError: expected 3 retries within 1.5 s, observed 2\n===== 1 failed, 213 passed in 41.27s =====',
    [
      'identifier:assertionerror',
      'number:3 retries',
      'number:1.5 s',
      'number:213',
      'number:41.27 s',
    ],
  ],
  [
    'test-runner progress is noise',
    'tests/test_a.py::test_one PASSED [ 15%]\ntests/test_a.py::test_two PASSED [100%]',
    ['path:tests/test_a.py', 'identifier:test_one', 'identifier:test_two'],
  ],

  // ---- plain chat (LoCoMo style) -----------------------------------------------------------
  [
    'plain chat: only the name',
    "Hey Mel! Good to see you! How have you been? I'm swamped with the kids & work.",
    ['name:mel'],
  ],
  [
    'chat with a few',
    'I scored 40 points last week and read "Dune" by Frank Herbert.',
    ['number:40 points', 'quote:dune', 'name:frank herbert'],
  ],

  // ---- issue 32, point 5: codes, phones, products, one-word names, tool vocabulary ---------
  [
    'a code with letters after the digits',
    "the vault code is 7719-QX, don't lose it",
    ['identifier:7719-qx'],
  ],
  ['a SKU of three groups', 'Reorder SKU 55-XL-9 today.', ['identifier:55-xl-9']],
  ['a room', 'The interview is in room B-204.', ['identifier:b-204']],
  ['an order number in digit groups', 'Order 100-4827731 shipped.', ['identifier:100-4827731']],
  [
    'an international phone number is one specific',
    'Call me on +1 415 555 0199 later.',
    ['identifier:+14155550199'],
  ],
  ['a US phone number', 'Her number is (617) 555-0143.', ['identifier:6175550143']],
  ['a national phone number', 'Ring 020 7946 0958 before noon.', ['identifier:02079460958']],
  ['a flight', "I'm on flight LH 1234 to Frankfurt.", ['identifier:lh 1234', 'name:frankfurt']],
  [
    'a product with its version',
    'We run Postgres 16 and Node 20.11.',
    ['identifier:postgres 16', 'identifier:node 20.11'],
  ],
  [
    'an acronym with its number',
    'It returned HTTP 503, see RFC 9110.',
    ['identifier:http 503', 'identifier:rfc 9110'],
  ],
  ['a numbered part is not a product', 'See Step 12 and Chapter 16.', []],
  ['a package at a version', 'Upgrade to react@19.1.0 now.', ['identifier:react@19.1.0']],
  [
    'a compound with a word after the digits is no code',
    'A 3-day trip, utf-8 text, an ES2022-compatible build.',
    ['identifier:es2022'],
  ],
  [
    'one-word names of people and places',
    'Tomás is flying in from Lisbon to see Zoë and Priya.',
    ['name:lisbon', 'name:zoë', 'name:priya'],
  ],
  ['a name at a sentence start, with a verb people do', 'Priya said yes.', ['name:priya']],
  [
    'a possessive names a person; "is" after \'s does not',
    "Zoë's birthday is soon. Life's been busy.",
    ['name:zoë'],
  ],
  [
    'a word at a sentence start with no cue is not a name',
    'Throughput is fine. Weather in May is mild.',
    [],
  ],
  ['plural weekdays are time words', 'Lessons are on Tuesdays and Thursdays.', []],
  [
    'code and screen words are not names',
    'It returns a Promise or None; press Enter in Settings.',
    [],
  ],
  [
    'a type with an inner capital is an identifier, not a name',
    'It throws RetryError on the 4th try.',
    ['identifier:retryerror'],
  ],
  [
    'tool and argument names are not specifics',
    'I will call read_file, then edit_file with old_string and file_path.',
    [],
  ],
  [
    'a tool call: its JSON keys are not specifics, its values are',
    '[tool call] edit_file {"file_path": "/src/app.tsx", "old_string": "retries = 3", "replace_all": false}',
    ['path:/src/app.tsx', 'quote:retries = 3'],
  ],
  ['a quoted one-segment absolute path is a path', '{"path": "/memories"}', ['path:/memories']],
  ['a file name with a dash and digits, no slash', 'Save it to plan-77.md.', ['path:plan-77.md']],
  [
    'line numbers in a gutter, in grep -n output and after "line" are not specifics',
    '   118\tconst limit = 4096;\n118: const x = 1;\nIt fails on line 2048 of the file.',
    ['number:4096'],
  ],
  ['a shell command after a prompt', '$ npm run build\ndone', ['quote:npm run build']],
  ['a decimal before a verb is not a count', 'Use 3.13 breaks nothing.', ['number:3.13']],
  ['a currency written R$', 'The rent was R$ 3,200 a month.', ['number:3200 brl']],
];

const keysOf = (text: string): string[] =>
  extractSpecifics(text)
    .map((s) => `${s.kind}:${s.normalized}`)
    .sort();

describe('extractSpecifics: the table', () => {
  it('has at least 80 rows', () => expect(TABLE.length).toBeGreaterThanOrEqual(80));
  it.each(TABLE)('%s', (_label, text, expected) => {
    expect(keysOf(text)).toEqual([...expected].sort());
  });
});

describe('extractSpecifics: what each specific says', () => {
  it('keeps the text as written, its offsets, the origin and a subtype', () => {
    const text = 'Budget: $1,299.00 for Dr. Grace Hopper.';
    const [money, name] = extractSpecifics(text, { id: 'm7', role: 'user', label: 'Messages' });
    expect(money).toMatchObject({
      kind: 'number',
      subtype: 'currency',
      text: '$1,299.00',
      normalized: '1299 usd',
      origin: { id: 'm7', role: 'user', label: 'Messages', start: 8, end: 17 },
      occurrences: 1,
    });
    expect(text.slice(name!.origin.start, name!.origin.end)).toBe('Dr. Grace Hopper');
  });

  it('offsets point into the original text when full-width characters were folded', () => {
    const text = '预算是１２００元。';
    const [s] = extractSpecifics(text);
    expect(s!.text).toBe('１２００元');
    expect(text.slice(s!.origin.start, s!.origin.end)).toBe('１２００元');
  });

  it('keeps offsets with a byte-order mark and ideographic spaces', () => {
    const text = '\uFEFF会议\u3000在２０２４年３月５日。';
    const [s] = extractSpecifics(text);
    expect(s!.text).toBe('２０２４年３月５日');
    expect(text.slice(s!.origin.start, s!.origin.end)).toBe(s!.text);
  });

  it('deduplicates by kind and normalized form, counting occurrences', () => {
    const found = extractSpecifics('Cache 12 MB. Then 12MB again, and 12 megabytes.');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: '12 MB', occurrences: 3 });
  });

  it('lists specifics in order of first occurrence', () => {
    const found = extractSpecifics('See /b.md then /a.md then /b.md.');
    expect(found.map((s) => s.text)).toEqual(['/b.md', '/a.md']);
  });
});

describe('collectSpecifics', () => {
  it('deduplicates across parts and keeps the first origin', () => {
    const { specifics, cut } = collectSpecifics([
      { text: 'Edit /client.py now.', origin: { id: 'a', role: 'user' } },
      { text: 'Edited /client.py: done in 200ms.', origin: { id: 'b', role: 'tool' } },
    ]);
    expect(cut).toBe(false);
    expect(specifics.map((s) => [s.text, s.origin.id, s.occurrences])).toEqual([
      ['/client.py', 'a', 2],
      ['200ms', 'b', 1],
    ]);
  });

  it('scans at most maxChars and says the input was cut', () => {
    const result = collectSpecifics(
      [
        { text: 'First: 12 MB.', origin: { id: 'a' } },
        { text: 'Second: /x/y.md', origin: { id: 'b' } },
      ],
      { maxChars: 16 },
    );
    expect(result).toMatchObject({ scannedChars: 16, totalChars: 28, cut: true });
    expect(result.specifics.map((s) => s.text)).toEqual(['12 MB']);
  });
});

describe('extractSpecifics: adversarial inputs finish and find nothing odd', () => {
  const inputs: [string, string][] = [
    ['digits', '9'.repeat(100_000)],
    ['digits and dots', '1.'.repeat(50_000)],
    ['slashes', '/'.repeat(100_000)],
    ['path segments', 'a/'.repeat(50_000)],
    ['capitalised words', 'Abc '.repeat(25_000)],
    ['one long word', 'a'.repeat(100_000)],
    ['quotes', '"a'.repeat(50_000)],
    ['CJK without spaces', '中文字符'.repeat(25_000)],
    ['dashes and digits', '1-'.repeat(50_000)],
    ['e-mail-like', `${'a.'.repeat(50_000)}@`],
    ['underscores', 'a_'.repeat(50_000)],
    ['backslashes', 'C:\\'.repeat(30_000)],
    ['phone-like', '+1 '.repeat(33_000)],
    ['digit groups with spaces', '0 12 '.repeat(20_000)],
    ['dash groups', 'A1-'.repeat(33_000)],
    ['a product again and again', 'Node 1.1 '.repeat(11_000)],
    ['packages at versions', 'a@1'.repeat(33_000)],
    ['prompt lines', '\n$ a'.repeat(25_000)],
  ];
  it.each(inputs)('%s', (_label, text) => {
    const found = extractSpecifics(text);
    // Each run is one token at most: no specific is repeated per position.
    expect(found.length).toBeLessThanOrEqual(2);
    for (const s of found) expect(s.origin.end).toBeLessThanOrEqual(text.length);
  });
});
