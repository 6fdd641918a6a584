import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../agent/types';
import { createApproximateCounter } from '../tokens/counter';
import {
  SPECIFICS_BLOCK_HEADING,
  keepSpecificsInstruction,
  rankSpecifics,
  withSpecificsBlock,
} from './keep-specifics';

const msg = (role: 'user' | 'assistant', id: string, content: string): ModelMessage => ({
  role,
  id,
  content,
  createdAt: 0,
});
const removed = [
  msg('user', 'u1', 'The invoice total was $12,480.55, the config is /srv/billing/config.yaml.'),
  msg(
    'assistant',
    'a1',
    'Rollout is planned for 2026-10-05 at https://status.example.com/billing.',
  ),
];
const noPins = { messages: [], specifics: [] };
const count = createApproximateCounter().count.bind(createApproximateCounter());

describe('keep specifics', () => {
  it('ranks pinned first, then what the later conversation mentions again, then by kind', () => {
    const later = [msg('user', 'u2', 'Is the rollout still on 2026-10-05?')];
    const url = rankSpecifics(removed, [], noPins).find((s) => s.kind === 'url')!;
    const pins = {
      messages: [],
      specifics: [
        { kind: url.kind, subtype: url.subtype, normalized: url.normalized, text: url.text },
      ],
    };
    const ranked = rankSpecifics(removed, later, pins);
    const texts = ranked.map((s) => s.text);
    expect(ranked[0]).toMatchObject({ text: url.text, why: 'pinned' });
    expect(texts.indexOf('2026-10-05')).toBeLessThan(texts.indexOf('$12,480.55'));
    expect(ranked.find((s) => s.text === '2026-10-05')!.why).toBe('mentioned again');
  });

  it('hands the summarizer the ranked specifics, pinned ones left to the must-keep list', () => {
    const instruction = keepSpecificsInstruction(rankSpecifics(removed, [], noPins));
    expect(instruction).toContain('- $12,480.55');
    expect(instruction).toContain('- /srv/billing/config.yaml');
    expect(keepSpecificsInstruction([])).toBe('');
  });

  it('keeps what the summary dropped beside it, and nothing when it dropped nothing', () => {
    const ranked = rankSpecifics(removed, [], noPins);
    const summary = '## SUMMARY\nBilling is being deployed from /srv/billing/config.yaml.';
    const block = withSpecificsBlock(summary, ranked, 400, count);
    expect(block.summary.startsWith(summary)).toBe(true);
    expect(block.summary).toContain(SPECIFICS_BLOCK_HEADING);
    expect(block.summary).toContain('- $12,480.55');
    expect(block.summary).toContain('- 2026-10-05');
    expect(block.summary.split(SPECIFICS_BLOCK_HEADING)[1]).not.toContain(
      '/srv/billing/config.yaml',
    );
    const whole = withSpecificsBlock(
      `${summary} Total $12,480.55 on 2026-10-05, see https://status.example.com/billing`,
      ranked,
      400,
      count,
    );
    expect(whole).toEqual(expect.objectContaining({ dropped: 0, listed: 0 }));
  });

  it('stays within its budget and says how many it left out', () => {
    const many = [
      msg(
        'user',
        'u9',
        Array.from(
          { length: 40 },
          (_, i) => `order ORD-${1000 + i} costs $${(i + 1) * 101}.50`,
        ).join('; '),
      ),
    ];
    const ranked = rankSpecifics(many, [], noPins);
    const block = withSpecificsBlock('## SUMMARY\nOrders were placed.', ranked, 80, count);
    expect(block.listed).toBeGreaterThan(0);
    expect(block.listed).toBeLessThan(block.dropped);
    const tail = block.summary.split(SPECIFICS_BLOCK_HEADING)[1]!;
    expect(count(SPECIFICS_BLOCK_HEADING + tail)).toBeLessThanOrEqual(80 + 20);
    expect(tail).toMatch(new RegExp(`and ${block.dropped - block.listed} more`));
  });
});
