import { useMemo } from 'react';
import {
  forceCenter,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import type { PanelEdge } from '../../core/strategies/panel-types';

interface Node extends SimulationNodeDatum {
  id: string;
}
interface Link extends SimulationLinkDatum<Node> {
  edge: PanelEdge;
}

const WIDTH = 420;
const HEIGHT = 280;
/** Edges drawn at most (the newest); the list below the drawing has every edge. */
const MAX_DRAWN = 120;

/**
 * The knowledge graph drawn as nodes and edges (d3-force layout, computed once per graph): edges
 * added by the latest turn are highlighted, edges the last call used are drawn heavy.
 */
export function GraphView({
  edges,
  linked,
}: {
  edges: readonly PanelEdge[];
  linked: readonly string[];
}) {
  const layout = useMemo(() => {
    const drawn = edges.slice(-MAX_DRAWN);
    const nodes = new Map<string, Node>();
    for (const edge of drawn)
      for (const name of [edge.from, edge.to])
        if (!nodes.has(name.toLowerCase())) nodes.set(name.toLowerCase(), { id: name });
    const links: Link[] = drawn.map((edge) => ({
      source: edge.from.toLowerCase(),
      target: edge.to.toLowerCase(),
      edge,
    }));
    const list = [...nodes.values()];
    forceSimulation(list)
      .force(
        'link',
        forceLink<Node, Link>(links)
          .id((n) => n.id.toLowerCase())
          .distance(75),
      )
      .force('charge', forceManyBody().strength(-140).distanceMax(200))
      .force('center', forceCenter(WIDTH / 2, HEIGHT / 2))
      // Gravity keeps separate components (facts about different people) on the canvas.
      .force('x', forceX(WIDTH / 2).strength(0.08))
      .force('y', forceY(HEIGHT / 2).strength(0.12))
      .force('collide', forceCollide(26))
      .stop()
      .tick(220);
    const clamp = (v: number | undefined, low: number, high: number) =>
      Math.max(low, Math.min(high, v ?? 0));
    // Room for the labels, which sit to the right of their node.
    for (const n of list) {
      n.x = clamp(n.x, 16, WIDTH - 70);
      n.y = clamp(n.y, 14, HEIGHT - 14);
    }
    return { nodes: list, links };
  }, [edges]);

  const linkedKeys = new Set(linked.map((n) => n.toLowerCase()));
  return (
    <figure className="graph-view">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Knowledge graph: ${layout.nodes.length} nodes, ${edges.length} edges`}
      >
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="context-stroke" />
          </marker>
        </defs>
        {layout.links.map((link) => {
          const s = link.source as Node;
          const t = link.target as Node;
          const { used, isNew, key } = link.edge;
          return (
            <g key={key} className={`edge${used ? ' used' : ''}${isNew ? ' new' : ''}`}>
              <line x1={s.x} y1={s.y} x2={t.x} y2={t.y} markerEnd="url(#graph-arrow)" />
              <text x={((s.x ?? 0) + (t.x ?? 0)) / 2} y={((s.y ?? 0) + (t.y ?? 0)) / 2 - 3}>
                {link.edge.label}
              </text>
            </g>
          );
        })}
        {layout.nodes.map((node) => (
          <g
            key={node.id}
            className={`node${linkedKeys.has(node.id.toLowerCase()) ? ' linked' : ''}`}
          >
            <circle cx={node.x} cy={node.y} r={6} />
            <text x={(node.x ?? 0) + 8} y={(node.y ?? 0) + 4}>
              {node.id}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="key new">new this turn</span>{' '}
        <span className="key used">used by the last call</span>{' '}
        <span className="key linked">linked from the question</span>
        {edges.length > MAX_DRAWN && <> · the newest {MAX_DRAWN} edges are drawn</>}
      </figcaption>
    </figure>
  );
}
