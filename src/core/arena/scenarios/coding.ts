import { scenario } from './build';

// Large, realistic-looking tool results generated from a few lines (not stored in the source).
const testLog = (failing: string) =>
  [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.12.2, pytest-8.1.1, pluggy-1.4.0',
    'collected 214 items',
    '',
    ...Array.from(
      { length: 60 },
      (_, i) =>
        `tests/test_module_${String(i).padStart(2, '0')}.py::test_case_${i} PASSED   [${Math.round(((i + 1) / 214) * 100)}%]`,
    ),
    `${failing} FAILED`,
    ...Array.from({ length: 40 }, (_, i) => `tests/test_io_${i}.py::test_roundtrip PASSED`),
    '=================================== FAILURES ===================================',
    `___________________________ ${failing.split('::')[1]} ___________________________`,
    'E   AssertionError: expected 3 retries within 1.5 s, observed 2 (timer resolution 0.5 s)',
    '=========================== short test summary info ============================',
    `FAILED ${failing}`,
    '===================== 1 failed, 213 passed in 41.27s ======================',
  ].join('\n');

const sourceFile = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) =>
    i % 9 === 0
      ? `def ${name}_helper_${i}(value, *, retries=3, backoff=0.5):`
      : `    result = transform_${i % 5}(value, step=${i}, backoff=backoff)  # ${name} line ${i}`,
  ).join('\n');

/** A coding session: tool calls with large results; the facts that matter are in the messages. */
export const codingSession = scenario(
  'coding-session',
  'Coding session: tool calls and large tool results',
  'Twelve turns with read_file and execute calls whose results run to several thousand tokens.',
  [
    {
      user: 'We are fixing the HTTP client in this repo. Rule for this session: never change the public function signatures in client.py.',
      answer:
        'Understood: public signatures in client.py stay as they are. Where do you want to start?',
    },
    {
      user: 'Run the test suite and tell me what fails.',
      tools: [
        {
          name: 'execute',
          args: { command: 'pytest -q' },
          result: testLog('tests/test_client.py::test_retry_backoff'),
        },
      ],
      answer:
        'One failure out of 214: test_retry_backoff in tests/test_client.py expects 3 retries within 1.5 s but saw 2.',
    },
    {
      user: 'Open client.py so we can look at the retry loop.',
      tools: [
        { name: 'read_file', args: { path: '/client.py' }, result: sourceFile('client', 220) },
      ],
      answer:
        'The retry loop sleeps backoff * 2**attempt but measures elapsed time with a 0.5 s resolution timer, so the third retry misses the window.',
    },
    {
      user: 'What timer should we use instead?',
      answer:
        'Use time.monotonic() for elapsed time: it is not affected by clock changes and has sub-millisecond resolution.',
    },
    {
      user: 'Make that change in the retry loop.',
      tools: [
        {
          name: 'edit_file',
          args: { path: '/client.py', old: 'time.time()', new: 'time.monotonic()' },
          result: 'Edited /client.py: 2 replacements.',
        },
      ],
      answer:
        'Replaced time.time() with time.monotonic() in the retry loop (2 places); no signatures changed.',
    },
    {
      user: 'Run just the client tests now.',
      tools: [
        {
          name: 'execute',
          args: { command: 'pytest tests/test_client.py -q' },
          result: testLog('tests/test_client.py::test_timeout_header').replace(
            '1 failed, 213 passed',
            '1 failed, 31 passed',
          ),
        },
      ],
      answer:
        'test_retry_backoff passes now. A different test, test_timeout_header, fails; it looks unrelated to the timer.',
    },
    {
      user: 'Show me the config file for the dev server.',
      tools: [
        {
          name: 'read_file',
          args: { path: '/config/dev.toml' },
          result: [
            '[server]',
            'host = "127.0.0.1"',
            'port = 8765',
            'workers = 2',
            '',
            '[client]',
            'timeout_header = "X-Timeout-Ms"',
            'default_timeout_ms = 2500',
            ...Array.from({ length: 80 }, (_, i) => `feature_flag_${i} = ${i % 3 === 0}`),
          ].join('\n'),
        },
      ],
      answer:
        'The dev server listens on 127.0.0.1 port 8765 with 2 workers; the client sends the timeout in the X-Timeout-Ms header, default 2500 ms.',
    },
    {
      user: 'Keep the dev port at 8765; the mobile team hard-coded it.',
      answer: 'Noted: the dev port stays 8765.',
    },
    {
      user: 'Why does test_timeout_header fail?',
      tools: [
        {
          name: 'read_file',
          args: { path: '/tests/test_client.py' },
          result: sourceFile('test_client', 160),
        },
      ],
      answer:
        'The test expects the header name X-Timeout but the config says X-Timeout-Ms; the test is out of date, not the client.',
    },
    {
      user: 'Update the test to use X-Timeout-Ms.',
      tools: [
        {
          name: 'edit_file',
          args: { path: '/tests/test_client.py', old: 'X-Timeout"', new: 'X-Timeout-Ms"' },
          result: 'Edited /tests/test_client.py: 1 replacement.',
        },
      ],
      answer: 'Updated the test to expect X-Timeout-Ms.',
    },
    {
      user: 'Run the whole suite again.',
      tools: [
        {
          name: 'execute',
          args: { command: 'pytest -q' },
          result: testLog('tests/test_none.py::test_placeholder')
            .replace('1 failed, 213 passed', '214 passed')
            .replace(/FAILED.*\n/g, ''),
        },
      ],
      answer: 'All 214 tests pass.',
    },
    {
      user: 'Write a one-paragraph summary of what we changed for the pull request.',
      answer:
        'Switched the retry loop in client.py to time.monotonic() so backoff timing is measured precisely (fixes test_retry_backoff), and updated test_timeout_header to the X-Timeout-Ms header the config defines. No public signatures changed; the dev port stays 8765.',
    },
  ],
  [
    {
      question: 'Which test was failing at the start of the session?',
      expected: 'test_retry_backoff',
      evidence: ['t2a'],
      at: 12,
    },
    {
      question: 'What rule did I set about client.py?',
      expected: 'public function signatures',
      evidence: ['t1u'],
      at: 12,
    },
    {
      question: 'Which port must the dev server keep?',
      expected: '8765',
      evidence: ['t8u'],
      at: 12,
    },
    {
      question: 'Which timer did we switch to?',
      expected: 'time.monotonic()',
      evidence: ['t4a'],
      at: 9,
    },
  ],
);
