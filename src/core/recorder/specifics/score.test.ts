import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_BOUNDS, comparable, parseTable, precision, recall, scoreTable } from './score';

const row = (text: string, specifics: { kind: string; text: string }[]) =>
  JSON.stringify({ text, specifics });

describe('parseTable', () => {
  it('reads good lines and reports each bad one with its line number, skipping it', () => {
    const content = [
      row('the vault code is 7719-QX', [{ kind: 'identifier', text: '7719-QX' }]),
      '{not json',
      '',
      JSON.stringify({ specifics: [] }),
      row('x', [{ kind: 'colour', text: 'red' }]),
      row('y', [{ kind: 'name', text: '  ' }]),
      '[1, 2]',
      row('Ok thanks!', []),
    ].join('\n');
    const { rows, problems } = parseTable(content);
    expect(rows.map((r) => [r.line, r.text])).toEqual([
      [1, 'the vault code is 7719-QX'],
      [8, 'Ok thanks!'],
    ]);
    expect(problems.map((p) => p.line)).toEqual([2, 4, 5, 6, 7]);
    expect(problems[0]!.message).toMatch(/^not JSON/);
    expect(problems[1]!.message).toBe('"text" is missing or not a string');
    expect(problems[2]!.message).toMatch(/kind "colour" is not one of number, date/);
    expect(problems[3]!.message).toBe('specific 1: "text" is missing or empty');
    expect(problems[4]!.message).toBe('not a JSON object');
  });

  it('skips a line over the bound and says how long it was', () => {
    const long = row('a'.repeat(TABLE_BOUNDS.lineChars), []);
    const { rows, problems } = parseTable(`${long}\n${row('b', [])}\r\n`);
    expect(rows.map((r) => r.text)).toEqual(['b']);
    expect(problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(/^line of 100,0\d\d characters, over the 100,000/),
      },
    ]);
  });
});

describe('scoreTable', () => {
  const rows = parseTable(
    [
      row('Call Priya on +1 415 555 0199.', [
        { kind: 'name', text: 'PRIYA' },
        { kind: 'identifier', text: ' +1 415 555 0199 ' },
      ]),
      row('Run `npm test` now.', [{ kind: 'quote', text: 'npm test' }]),
      row('We still run Postgres 16.', [{ kind: 'number', text: 'Postgres 16' }]),
      row('Read read_file output at line 118.', []),
    ].join('\n'),
  ).rows;

  it('matches on kind and text, trimmed, without enclosing quote marks, ignoring case', () => {
    expect(comparable(' `npm test` ')).toBe('npm test');
    expect(comparable('“Dune”')).toBe('dune');
    const score = scoreTable(rows.slice(0, 2));
    expect(score.overall).toEqual({ matched: 3, falsePositives: 0, misses: 0 });
    expect(precision(score.overall)).toBe(1);
    expect(recall(score.overall)).toBe(1);
  });

  it('counts the right text with another kind as a miss and a false positive', () => {
    const score = scoreTable(rows.slice(2, 3));
    expect(score.byKind.number).toEqual({ matched: 0, falsePositives: 0, misses: 1 });
    expect(score.byKind.identifier).toEqual({ matched: 0, falsePositives: 1, misses: 0 });
    expect(score.misses[0]).toMatchObject({ line: 3, kind: 'number', text: 'Postgres 16' });
    expect(score.falsePositives[0]).toMatchObject({ line: 3, kind: 'identifier' });
  });

  it('a row without specifics scores only false positives; no figure without a count', () => {
    const score = scoreTable(rows.slice(3));
    expect(score.overall).toEqual({ matched: 0, falsePositives: 0, misses: 0 });
    expect(precision(score.overall)).toBeUndefined();
  });
});

describe('the labelled tables (issue 32, point 5: at least 0.9 for both)', () => {
  for (const file of ['table.jsonl', 'table.held-out.jsonl']) {
    it(`${file}: precision and recall at least 0.9`, () => {
      const content = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      const { rows, problems } = parseTable(content);
      expect(problems).toEqual([]);
      const score = scoreTable(rows);
      expect(precision(score.overall)).toBeGreaterThanOrEqual(0.9);
      expect(recall(score.overall)).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('together hold at least 300 specifics over at least 120 texts', () => {
    const all = ['table.jsonl', 'table.held-out.jsonl'].flatMap(
      (f) => parseTable(readFileSync(fileURLToPath(new URL(f, import.meta.url)), 'utf8')).rows,
    );
    expect(all.length).toBeGreaterThanOrEqual(120);
    expect(all.reduce((n, r) => n + r.specifics.length, 0)).toBeGreaterThanOrEqual(300);
  });
});
