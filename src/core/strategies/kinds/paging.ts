// OS-like paging: RAM holds the last 2 turns; when RAM is full the oldest page goes out to disk; a
// disk page is paged in for a call when it shares a word of more than 3 letters with the query
// (seed 003, strategy 9). Option: ranked page-in (BM25) within a token budget.

import { z } from 'zod';
import { block } from '../blocks';
import { messagesOf, turnText, turnTextLower } from '../turns';
import type { ContextStrategy, Turn } from '../types';
import { keepNewest } from '../caps';
import { turnLabel } from '../panel';

export const MAX_DISK_PAGES = 5_000;
/** Disk pages the panel lists (the newest). */
const SHOWN_DISK_PAGES = 40;

const schema = z
  .object({
    ramTurns: z.number().int().min(1).max(100),
    pageIn: z.enum(['shared-word', 'ranked']),
    pageInBudget: z.number().int().min(100).max(200_000),
  })
  .strict();

const dataSchema = z.object({
  ram: z.array(z.number().int().min(0)),
  disk: z.array(z.number().int().min(0)),
});
export type PagingData = z.infer<typeof dataSchema>;

/** Query words of more than 3 letters, lower-cased, without surrounding punctuation. */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
        .filter((w) => w.length > 3),
    ),
  ];
}

export const paging: ContextStrategy<z.infer<typeof schema>, PagingData> = {
  id: 'paging',
  label: 'OS-like paging',
  description:
    'Keeps the last turns in "RAM", pages older ones out to "disk", and pages them back in when the question shares a word with them.',
  schema,
  defaults: { ramTurns: 2, pageIn: 'shared-word', pageInBudget: 2_000 },
  fields: [
    { key: 'ramTurns', label: 'RAM size (turns)', kind: 'number', min: 1, max: 100 },
    {
      key: 'pageIn',
      label: 'Page-in rule',
      kind: 'select',
      options: [
        { value: 'shared-word', label: 'Shared word of 4+ letters (seed 003)' },
        { value: 'ranked', label: 'Ranked (BM25) within a budget' },
      ],
    },
    {
      key: 'pageInBudget',
      label: 'Page-in budget (tokens)',
      kind: 'number',
      min: 100,
      max: 200_000,
      help: 'Ranked page-in only.',
    },
  ],
  sections: ['Paged in'],
  usesModel: false,
  initialData: () => ({ ram: [], disk: [] }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  async build({ turns, query, settings, data, env }) {
    const byIndex = new Map(turns.map((t) => [t.index, t]));
    const ram = data.ram.map((i) => byIndex.get(i)).filter((t): t is Turn => !!t);
    const disk = data.disk.map((i) => byIndex.get(i)).filter((t): t is Turn => !!t);
    let faults: Turn[] = [];
    let method = 'shared word';
    let scored: { id: string; label: string; score: number; injected: boolean }[] | undefined;
    if (settings.pageIn === 'shared-word') {
      const words = queryWords(query);
      faults = disk.filter((page) => {
        const text = turnTextLower(page);
        return words.some((w) => text.includes(w));
      });
    } else if (disk.length > 0 && query.trim()) {
      const ranking = await env.rank(
        query,
        disk.map((t) => ({ id: String(t.index), text: turnText(t) })),
      );
      method = ranking.method;
      const ordered = [...disk].sort(
        (a, b) =>
          (ranking.scores.get(String(b.index)) ?? 0) - (ranking.scores.get(String(a.index)) ?? 0) ||
          b.index - a.index,
      );
      let used = 0;
      for (const page of ordered) {
        if ((ranking.scores.get(String(page.index)) ?? 0) <= 0) break;
        const cost = env.count(turnText(page));
        if (used + cost > settings.pageInBudget) continue;
        used += cost;
        faults.push(page);
      }
      const chosen = new Set(faults);
      scored = ordered.slice(0, 20).map((t) => ({
        id: String(t.index),
        label: `page ${t.index + 1}`,
        score: ranking.scores.get(String(t.index)) ?? 0,
        injected: chosen.has(t),
      }));
      faults.sort((a, b) => a.index - b.index);
    }
    return {
      messages: messagesOf(ram),
      blocks: faults.length
        ? [
            block(
              'Paged in',
              faults.map((t) => `(Paged in turn ${t.index + 1})\n${turnText(t)}`).join('\n\n'),
            ),
          ]
        : [],
      report: {
        keptTurns: ram.map((t) => t.index),
        pageFaults: faults.map((t) => t.index),
        method,
        ...(scored ? { scored } : {}),
      },
    };
  },
  panel({ data, turns, lastCall }) {
    const faults = new Set(lastCall?.pageFaults ?? []);
    return [
      {
        title: 'RAM pages',
        parts: [
          {
            kind: 'items',
            label: 'RAM pages',
            items: data.ram.map((i) => ({ key: String(i), text: turnLabel(turns, i) })),
          },
        ],
      },
      {
        title: 'Disk pages',
        parts: [
          data.disk.length === 0
            ? { kind: 'line', muted: true, text: 'Nothing paged out yet.' }
            : {
                kind: 'items',
                label: 'Disk pages',
                items: data.disk.slice(-SHOWN_DISK_PAGES).map((i) => ({
                  key: String(i),
                  text: turnLabel(turns, i),
                  highlight: faults.has(i),
                  tags: faults.has(i) ? [{ text: 'paged in', tone: 'used' as const }] : undefined,
                })),
              },
        ],
      },
    ];
  },
  async update({ turn, settings, data }) {
    const ram = [...data.ram, turn.index];
    const disk = [...data.disk];
    while (ram.length > settings.ramTurns) disk.push(ram.shift()!);
    const kept = keepNewest(disk, MAX_DISK_PAGES, 'Disk pages are');
    return { data: { ram, disk: kept.items }, notes: kept.notes };
  },
};
