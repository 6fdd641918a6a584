// Each strategy kind's panel data: a stored state in, the sections the Strategy panel draws out.
import { describe, expect, it } from 'vitest';
import { getStrategy, STRATEGY_LIST } from './registry';
import { lastCallSection, turnLabel } from './panel';
import type { PanelPart, PanelSection } from './panel-types';
import type { LastCall, StrategyId, Turn } from './types';

const turn = (index: number, user: string): Turn => ({
  index,
  messages: [
    { id: `u${index}`, createdAt: 0, role: 'user', content: user },
    { id: `a${index}`, createdAt: 0, role: 'assistant', content: `answer ${index + 1}` },
  ],
});
const TURNS = [
  turn(0, 'The wifi password is sunflower42.'),
  turn(1, 'Dinner is at eight.'),
  turn(2, 'The train is late.'),
];
const call = (report: Partial<LastCall>): LastCall => ({
  keptTurns: [],
  query: 'what now?',
  at: 0,
  ...report,
});

function panelOf(
  id: StrategyId,
  data: unknown,
  options: { settings?: Record<string, unknown>; lastCall?: LastCall; turns?: Turn[] } = {},
): PanelSection[] {
  const strategy = getStrategy(id);
  return (
    strategy.panel?.({
      settings: { ...strategy.defaults, ...options.settings },
      data: strategy.parseData(data),
      turns: options.turns ?? TURNS,
      lastCall: options.lastCall,
    }) ?? []
  );
}

/** What a person reads in a part, as one string per line or item. */
function textsOf(part: PanelPart): string[] {
  switch (part.kind) {
    case 'text':
      return [part.text];
    case 'line':
      return [part.quote === undefined ? part.text : `${part.text} “${part.quote}”`];
    case 'items':
      return part.items.map((item) =>
        [
          item.lead,
          item.text,
          item.detail && `· ${item.detail}`,
          ...(item.tags ?? []).map((t) => `[${t.text}]`),
        ]
          .filter(Boolean)
          .join(' '),
      );
    case 'table':
      return part.rows.map((row) => row.cells.join(' | '));
    case 'graph':
      return part.edges.map((e) => `${e.from} -${e.label}-> ${e.to}`);
  }
}
const read = (sections: PanelSection[]) =>
  sections.map((s) => ({ title: s.title, lines: s.parts.flatMap(textsOf) }));

describe('strategy panels', () => {
  it('summarization: the running summary, or when it will start, and the merges so far', () => {
    expect(read(panelOf('summarization', { summary: '', bufferStart: 0, merges: 0 }))).toEqual([
      {
        title: 'Running summary',
        lines: ['Empty until the buffer reaches 4 messages.', '0 merges; buffer from turn 1.'],
      },
    ]);
    const full = panelOf(
      'summarization',
      { summary: 'Dana lives in Porto.', bufferStart: 2, merges: 1 },
      { settings: { threshold: 6 } },
    );
    expect(full[0]!.parts[0]).toEqual({ kind: 'text', text: 'Dana lives in Porto.' });
    expect(read(full)[0]!.lines[1]).toBe('1 merge; buffer from turn 3.');
  });

  it('memory-augmented and compression: their facts with the turn each came from, the newest tagged', () => {
    const facts = [
      { text: 'Dana lives in Porto.', turn: 0 },
      { text: 'The budget is 900 euros.', turn: 2 },
    ];
    expect(read(panelOf('memory-augmented', { facts }))).toEqual([
      {
        title: 'Memory tokens',
        lines: ['Dana lives in Porto. · turn 1', 'The budget is 900 euros. · turn 3 [new]'],
      },
    ]);
    expect(read(panelOf('compression', { facts }))[0]!.title).toBe('Compressed facts');
    expect(read(panelOf('memory-augmented', { facts: [] }))[0]!.lines).toEqual([
      'No fact extracted yet.',
    ]);
    expect(read(panelOf('compression', { facts: [] }))[0]!.lines).toEqual([
      'No turn compressed yet.',
    ]);
  });

  it('hierarchical: the promoted messages with their keyword, or the keywords that promote', () => {
    expect(
      read(
        panelOf('hierarchical', { promoted: [] }, { settings: { keywords: ['remember', 'rule'] } }),
      ),
    ).toEqual([
      {
        title: 'Long-term',
        lines: ['Nothing promoted yet: a message with a promotion keyword (remember, rule) is.'],
      },
    ]);
    const sections = panelOf('hierarchical', {
      promoted: [{ turn: 1, keyword: 'always', user: 'I always fly economy.', answer: 'Noted.' }],
    });
    expect(sections[0]!.parts[0]).toMatchObject({ kind: 'items', label: 'Promoted messages' });
    expect(read(sections)[0]!.lines).toEqual(['“always” turn 2: I always fly economy.']);
  });

  it('graph: the edges drawn and listed newest first, those of the last turn new, those the call used marked', () => {
    const edges = [
      { s: 'Alice', r: 'works at', o: 'Acme', turn: 0 },
      { s: 'Bob', r: 'lives in', o: 'Paris', turn: 1 },
    ];
    const sections = panelOf(
      'graph',
      { edges },
      { lastCall: call({ usedEdges: [0], linkedEntities: ['Alice'] }) },
    );
    expect(sections.map((s) => s.title)).toEqual(['Knowledge graph']);
    const [drawing, list] = sections[0]!.parts;
    expect(drawing).toEqual({
      kind: 'graph',
      linked: ['Alice'],
      edges: [
        { key: 0, from: 'Alice', to: 'Acme', label: 'works at', isNew: false, used: true },
        { key: 1, from: 'Bob', to: 'Paris', label: 'lives in', isNew: true, used: false },
      ],
    });
    expect(list).toMatchObject({ kind: 'items', label: 'Edges' });
    expect(textsOf(list!)).toEqual([
      'Bob --[lives in]--> Paris [new]',
      'Alice --[works at]--> Acme [used]',
    ]);
    expect(read(panelOf('graph', { edges: [] }))[0]!.lines).toEqual(['No triple extracted yet.']);
  });

  it('graph: the list stops at the 60 newest edges; the drawing gets every edge', () => {
    const edges = Array.from({ length: 70 }, (_, i) => ({
      s: `n${i}`,
      r: 'to',
      o: `m${i}`,
      turn: i,
    }));
    const [drawing, list] = panelOf('graph', { edges })[0]!.parts;
    expect(drawing?.kind === 'graph' && drawing.edges.length).toBe(70);
    expect(textsOf(list!)).toHaveLength(60);
    expect(textsOf(list!)[0]).toBe('n69 --[to]--> m69 [new]');
  });

  it('paging: RAM and disk pages by their question, the pages the last call faulted in marked', () => {
    const sections = panelOf(
      'paging',
      { ram: [1, 2], disk: [0] },
      { lastCall: call({ pageFaults: [0], keptTurns: [1, 2] }) },
    );
    expect(read(sections)).toEqual([
      { title: 'RAM pages', lines: ['Turn 2: Dinner is at eight.', 'Turn 3: The train is late.'] },
      { title: 'Disk pages', lines: ['Turn 1: The wifi password is sunflower42. [paged in]'] },
    ]);
    expect(sections[1]!.parts[0]).toMatchObject({ kind: 'items', label: 'Disk pages' });
    expect(read(panelOf('paging', { ram: [0], disk: [] }))[1]!.lines).toEqual([
      'Nothing paged out yet.',
    ]);
  });

  it('the strategies that keep no store of their own show no section of their own', () => {
    for (const id of ['deep-agents', 'sequential', 'sliding-window', 'retrieval'] as const)
      expect(panelOf(id, null)).toEqual([]);
  });

  it('every strategy with a panel draws one from a fresh start: titled sections, none empty', () => {
    for (const strategy of STRATEGY_LIST.filter((s) => s.panel)) {
      const sections = panelOf(strategy.id, strategy.initialData());
      expect(sections.length, strategy.id).toBeGreaterThan(0);
      for (const section of sections) {
        expect(section.title, strategy.id).not.toBe('');
        expect(section.parts.length, strategy.id).toBeGreaterThan(0);
      }
    }
  });

  it('a turn label cuts a long question to 70 characters and says so', () => {
    const long = turn(0, 'x'.repeat(100));
    expect(turnLabel([long], 0)).toBe(`Turn 1: ${'x'.repeat(67)}…`);
    expect(turnLabel([], 4)).toBe('Turn 5');
  });
});

describe('the last call, the same for every strategy', () => {
  it('says the question and which turns went as messages', () => {
    expect(read([lastCallSection(call({ keptTurns: [1] }), 3)])).toEqual([
      { title: 'Last model call', lines: ['Question: “what now?”', 'Sent as messages: turn 2.'] },
    ]);
    expect(read([lastCallSection(call({ keptTurns: [0, 1, 2] }), 3)])[0]!.lines[1]).toBe(
      'Turns 1–3 sent as messages (3).',
    );
    expect(read([lastCallSection(call({ query: '' }), 3)])[0]!.lines).toEqual([
      'Question: “(none)”',
      'No earlier turn sent as messages.',
    ]);
  });

  it('adds page faults, linked entities and the scores when the report has them', () => {
    const section = lastCallSection(
      call({
        pageFaults: [],
        linkedEntities: ['Alice', 'Acme'],
        method: 'BM25',
        scored: [
          { id: 'a', label: 'turn 1', score: 1.234, injected: true },
          { id: 'b', label: 'turn 2', score: 0, injected: false },
        ],
      }),
      2,
    );
    expect(read([section])[0]!.lines.slice(2)).toEqual([
      'Page faults: none',
      'Linked entities: Alice, Acme',
      'turn 1 | 1.23 | yes',
      'turn 2 | 0.00 | no',
    ]);
    expect(section.parts.at(-1)).toMatchObject({
      kind: 'table',
      label: 'Retrieved',
      caption: 'Scored by BM25 for this question',
      columns: ['Document', 'Score', 'Injected'],
    });
  });
});
