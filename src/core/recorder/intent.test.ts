import { describe, expect, it } from 'vitest';
import {
  cjkPieces,
  extractNextSteps,
  intentSurvival,
  keyTerms,
  nextStepsFromMessages,
} from './intent';

// The app's summary layout (src/core/compaction/compaction.ts: SUMMARY_SECTIONS).
const SUMMARY = [
  'Earlier messages of this conversation were condensed into the summary below to free context space.',
  'The complete record of those messages, word for word, is in /conversation_history/session_t1.md.',
  '',
  '<summary>',
  'SESSION INTENT',
  'The user is fixing the flaky retry test in tests/test_client.py without changing public signatures.',
  '',
  'SUMMARY',
  'The test expects 3 retries within 1.5 s; the loop measured time with time.time().',
  '',
  'ARTIFACTS',
  '- /client.py (edited)',
  '',
  'NEXT STEPS',
  '1. Switch the retry loop to time.monotonic()',
  '2. Rerun pytest -q and report the result',
  '- [x] Read client.py',
  '</summary>',
].join('\n');

describe('keyTerms', () => {
  it('lists specifics first, then content words without stopwords or request filler', () => {
    expect(keyTerms('Could you please fix the flaky retry test in tests/test_client.py?')).toEqual([
      { term: 'tests/test_client.py', kind: 'specific' },
      { term: 'fix', kind: 'word' },
      { term: 'flaky', kind: 'word' },
      { term: 'retry', kind: 'word' },
      { term: 'test', kind: 'word' },
    ]);
  });

  it('counts a word once by its stem', () => {
    expect(keyTerms('retry the retries, retrying').map((t) => t.term)).toEqual(['retry']);
  });

  it('splits Chinese at function words and keeps pieces of two or more characters', () => {
    expect(cjkPieces('帮我把登录页面的测试修好然后部署')).toEqual(['登录页面', '测试修好', '部署']);
    expect(keyTerms('请把超时改成200ms').map((t) => `${t.kind}:${t.term}`)).toEqual([
      'specific:200ms',
      'cjk:超时改成',
    ]);
  });

  it('splits Japanese at hiragana', () => {
    expect(cjkPieces('東京で会議を予約してください')).toEqual(['東京', '会議', '予約']);
  });

  it('has no terms for filler', () => {
    expect(keyTerms('ok, thanks! go on please')).toEqual([]);
  });
});

describe('intentSurvival', () => {
  it('yes: every specific and most words are in the summary', () => {
    const result = intentSurvival({
      latestUserRequest: 'Fix the flaky retry test in tests/test_client.py.',
      summary: SUMMARY,
    });
    expect(result.survived).toBe('yes');
    expect(result.request.missing).toEqual([]);
    expect(result.line).toBe('Intent survived');
  });

  it('partly: names what is missing', () => {
    const result = intentSurvival({
      latestUserRequest: 'Fix the retry test and keep the budget under $1,300 for the Berlin trip.',
      summary: SUMMARY,
    });
    expect(result.survived).toBe('partly');
    // "Berlin" is a specific (a place named in one word), listed with the specifics first.
    expect(result.request.missing).toEqual(['$1,300', 'Berlin', 'keep', 'budget', 'trip']);
    expect(result.line).toBe(
      'Intent partly survived: missing “$1,300”, “Berlin”, “keep”, “budget”, “trip”',
    );
  });

  it('no: the request is not in the summary at all', () => {
    const result = intentSurvival({
      latestUserRequest: 'Book a table for three at Dishoom on Thursday at 7 pm.',
      summary: SUMMARY,
    });
    expect(result.survived).toBe('no');
    expect(result.line.startsWith('Intent lost: missing “Dishoom”, “7 pm”')).toBe(true);
  });

  it('yes needs every specific: a missing path is not outweighed by words', () => {
    const result = intentSurvival({
      latestUserRequest: 'Fix the flaky retry test in tests/test_io.py',
      summary: SUMMARY,
    });
    expect(result.request.share).toBeGreaterThanOrEqual(0.75);
    expect(result.survived).toBe('partly');
    expect(result.request.missing).toEqual(['tests/test_io.py']);
  });

  it('matches specifics formatting-robustly and words by stem', () => {
    const result = intentSurvival({
      latestUserRequest: 'Retry 3 times within 1.5 seconds',
      summary: 'The test expects 3 retries within 1.5 s.',
    });
    expect(result.request.terms.every((t) => t.present)).toBe(true);
  });

  it('checks the open next steps as well', () => {
    const steps = ['Switch the retry loop to time.monotonic()', 'Update the changelog for v2.1.0'];
    const result = intentSurvival({
      latestUserRequest: 'Fix the flaky retry test in tests/test_client.py.',
      nextSteps: steps,
      summary: SUMMARY,
    });
    expect(result.nextSteps.map((s) => s.survived)).toEqual(['yes', 'no']);
    expect(result.survived).toBe('partly');
    expect(result.missing).toEqual(['v2.1.0', 'update', 'changelog']);
  });

  it('Chinese: pieces are found in the summary, or most of their character pairs', () => {
    const result = intentSurvival({
      latestUserRequest: '帮我把登录页面的测试修好，然后部署到staging。',
      summary: '用户要求修复登录页面的测试，并部署到 staging 环境。',
    });
    expect(result.request.terms.map((t) => [t.term, t.present])).toEqual([
      ['staging', true],
      ['登录页面', true],
      ['测试修好', false],
      ['部署到', true],
    ]);
    expect(result.survived).toBe('yes');
  });

  it('unknown when there is nothing to check', () => {
    const result = intentSurvival({ latestUserRequest: 'ok, go on', summary: SUMMARY });
    expect(result.survived).toBe('unknown');
    expect(result.line).toBe('No request or next steps to check');
  });
});

describe('extractNextSteps', () => {
  it("reads the app's NEXT STEPS section, leaving out done items", () => {
    expect(extractNextSteps(SUMMARY)).toEqual([
      'Switch the retry loop to time.monotonic()',
      'Rerun pytest -q and report the result',
    ]);
  });

  it('reads Markdown headings and inline items, and stops at the next section', () => {
    const text = '## Next steps\n- add tests\n* update docs\n\n## Notes\n- not a step';
    expect(extractNextSteps(text)).toEqual(['add tests', 'update docs']);
    expect(extractNextSteps('TODO: ship the fix')).toEqual(['ship the fix']);
    expect(extractNextSteps('**Next Steps:**\nRun the benchmark again.\nARTIFACTS\nx')).toEqual([
      'Run the benchmark again.',
    ]);
  });

  it('reads a Chinese heading', () => {
    expect(extractNextSteps('下一步：\n1. 修复登录测试\n2. 部署到测试环境')).toEqual([
      '修复登录测试',
      '部署到测试环境',
    ]);
  });

  it('falls back to unchecked items anywhere, and ignores "None"', () => {
    expect(extractNextSteps('Plan\n- [x] parse\n- [ ] classify\n- [ ] render')).toEqual([
      'classify',
      'render',
    ]);
    expect(extractNextSteps('NEXT STEPS\nNone.')).toEqual([]);
    expect(extractNextSteps('My todo list is long.')).toEqual([]);
  });
});

describe('nextStepsFromMessages', () => {
  it("takes the latest assistant's plan sentences", () => {
    expect(
      nextStepsFromMessages([
        { role: 'user', content: 'Parse the dates.' },
        {
          role: 'assistant',
          content:
            "Done with the parser. Next, I will add tests for the CJK dates. Then I'll update the docs.",
        },
      ]),
    ).toEqual(['Next, I will add tests for the CJK dates', "Then I'll update the docs"]);
  });

  it('prefers a later NEXT STEPS section (a previous summary included)', () => {
    expect(
      nextStepsFromMessages([
        { role: 'assistant', content: 'Next, I will read the file.' },
        { role: 'user', content: SUMMARY },
        { role: 'assistant', content: 'Looking at it now.' },
      ]),
    ).toEqual([
      'Switch the retry loop to time.monotonic()',
      'Rerun pytest -q and report the result',
    ]);
  });

  it('is empty when nothing says what comes next', () => {
    expect(nextStepsFromMessages([{ role: 'user', content: 'Next, I will travel.' }])).toEqual([]);
  });
});
