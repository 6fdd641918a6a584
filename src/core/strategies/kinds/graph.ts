// Graph: the model extracts (subject, relation, object) triples per turn into a directed graph; the
// query's entities are linked (case-insensitively, multi-word names included) and their in- and
// out-edges injected (seed 003, strategy 7). Option: rank the linked edges against the query with
// BM25 and keep the top few (mem0's graph memory keeps 5), so a hub entity cannot flood the context.

import { z } from 'zod';
import { block } from '../blocks';
import { readTriples, tripleExtractionRequest } from '../steps';
import { dialogue } from '../turns';
import type { ContextStrategy } from '../types';
import { keepNewest } from '../caps';
import type { PanelEdge } from '../panel-types';

export const MAX_EDGES = 2_000;
/** Edges the panel lists (the newest, newest first); the drawing has its own cap. */
const LISTED_EDGES = 60;

const schema = z
  .object({ rankEdges: z.boolean(), maxEdges: z.number().int().min(1).max(100) })
  .strict();

const edgeSchema = z.object({
  s: z.string(),
  r: z.string(),
  o: z.string(),
  turn: z.number().int().min(0),
});
const dataSchema = z.object({ edges: z.array(edgeSchema) });
export type GraphData = z.infer<typeof dataSchema>;
export type Edge = z.infer<typeof edgeSchema>;

export const edgeText = (e: Pick<Edge, 's' | 'r' | 'o'>) => `${e.s} --[${e.r}]--> ${e.o}`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Node names the query mentions, as whole words, case-insensitively; longest names first. */
export function linkEntities(query: string, nodes: Iterable<string>): string[] {
  const lower = query.toLowerCase();
  const found: string[] = [];
  const names = [...new Set(nodes)].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const n = name.toLowerCase().trim();
    if (n.length < 2) continue;
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(n)}($|[^\\p{L}\\p{N}])`, 'u').test(lower))
      found.push(name);
  }
  // "user" links the user's own node when the query speaks in the first person.
  if (/\b(i|my|me|mine)\b/i.test(query)) {
    const user = names.find((name) => name.toLowerCase() === 'user');
    if (user && !found.includes(user)) found.push(user);
  }
  return found;
}

export const graph: ContextStrategy<z.infer<typeof schema>, GraphData> = {
  id: 'graph',
  label: 'Graph',
  description:
    'Builds a knowledge graph of triples the model extracts each turn; injects the edges of the entities the question names.',
  schema,
  defaults: { rankEdges: false, maxEdges: 5 },
  fields: [
    {
      key: 'rankEdges',
      label: 'Rank linked edges',
      kind: 'boolean',
      help: 'Keep only the best-matching edges (BM25), so a hub entity cannot flood the context.',
    },
    { key: 'maxEdges', label: 'Edges kept when ranking', kind: 'number', min: 1, max: 100 },
  ],
  sections: ['Graph facts'],
  usesModel: true,
  initialData: () => ({ edges: [] }),
  parseData: (raw) => dataSchema.safeParse(raw).data,
  async build({ query, settings, data, env }) {
    const nodes = data.edges.flatMap((e) => [e.s, e.o]);
    const linked = linkEntities(query, nodes);
    const keys = new Set(linked.map((n) => n.toLowerCase()));
    let used = data.edges
      .map((edge, index) => ({ edge, index }))
      .filter(({ edge }) => keys.has(edge.s.toLowerCase()) || keys.has(edge.o.toLowerCase()));
    let method: string | undefined;
    let scored: { id: string; label: string; score: number; injected: boolean }[] | undefined;
    if (settings.rankEdges && used.length > settings.maxEdges) {
      const ranking = await env.rank(
        query,
        used.map(({ edge, index }) => ({
          id: String(index),
          text: `${edge.s} ${edge.r} ${edge.o}`,
        })),
      );
      method = ranking.method;
      const ordered = [...used].sort(
        (a, b) =>
          (ranking.scores.get(String(b.index)) ?? 0) - (ranking.scores.get(String(a.index)) ?? 0) ||
          b.index - a.index,
      );
      const keep = new Set(ordered.slice(0, settings.maxEdges).map((u) => u.index));
      scored = ordered.map(({ edge, index }) => ({
        id: String(index),
        label: edgeText(edge),
        score: ranking.scores.get(String(index)) ?? 0,
        injected: keep.has(index),
      }));
      used = used.filter((u) => keep.has(u.index));
    }
    return {
      messages: [],
      blocks: used.length
        ? [block('Graph facts', used.map(({ edge }) => edgeText(edge)).join('\n'))]
        : [],
      report: {
        keptTurns: [],
        linkedEntities: linked,
        usedEdges: used.map((u) => u.index),
        ...(method ? { method } : {}),
        ...(scored ? { scored } : {}),
      },
    };
  },
  panel({ data, lastCall }) {
    if (data.edges.length === 0)
      return [
        {
          title: 'Knowledge graph',
          parts: [{ kind: 'line', muted: true, text: 'No triple extracted yet.' }],
        },
      ];
    const used = new Set(lastCall?.usedEdges ?? []);
    const newest = data.edges.reduce((max, e) => Math.max(max, e.turn), -1);
    const edges: PanelEdge[] = data.edges.map((e, index) => ({
      key: index,
      from: e.s,
      to: e.o,
      label: e.r,
      isNew: e.turn === newest,
      used: used.has(index),
    }));
    return [
      {
        title: 'Knowledge graph',
        parts: [
          { kind: 'graph', edges, linked: lastCall?.linkedEntities ?? [] },
          {
            kind: 'items',
            label: 'Edges',
            items: edges
              .slice(-LISTED_EDGES)
              .reverse()
              .map((edge) => ({
                key: String(edge.key),
                text: edgeText(data.edges[edge.key]!),
                highlight: edge.used,
                tags: [
                  ...(edge.isNew ? [{ text: 'new', tone: 'new' as const }] : []),
                  ...(edge.used ? [{ text: 'used', tone: 'used' as const }] : []),
                ],
              })),
          },
        ],
      },
    ];
  },
  async update({ turn, data, step, signal }) {
    const answer = await step(tripleExtractionRequest(dialogue(turn)), signal);
    const triples = readTriples(answer.text);
    const seen = new Set(data.edges.map((e) => `${e.s}\u0000${e.r}\u0000${e.o}`.toLowerCase()));
    const edges = [...data.edges];
    for (const [s, r, o] of triples) {
      const key = `${s}\u0000${r}\u0000${o}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ s, r, o, turn: turn.index });
    }
    const kept = keepNewest(edges, MAX_EDGES, 'The graph is');
    return { data: { edges: kept.items }, notes: kept.notes };
  },
};
