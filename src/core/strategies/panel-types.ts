// The shapes the Strategy panel is drawn from (see panel.ts): plain data, no imports, so that the
// strategy contract (types.ts) can name them.

/** A mark beside an item: "new" (from the latest turn), "used" (by the last call), or plain. */
export interface PanelTag {
  text: string;
  tone: 'new' | 'used' | 'plain';
}

/** One entry of a list: a fact, a promoted message, an edge, a page. */
export interface PanelItem {
  key: string;
  text: string;
  /** A tag before the text (e.g. the keyword that promoted it). */
  lead?: string;
  /** Muted, after the text (e.g. "turn 3"). */
  detail?: string;
  tags?: PanelTag[];
  /** Drawn as used by the last call. */
  highlight?: boolean;
}

/** A directed edge of a graph, between node names. */
export interface PanelEdge {
  /** The edge's position in the strategy's store (stable across renders). */
  key: number;
  from: string;
  to: string;
  label: string;
  /** Added by the latest turn. */
  isNew: boolean;
  /** Used by the last call. */
  used: boolean;
}

/** The closed set of shapes a section is made of. */
export type PanelPart =
  /** Preformatted text (a summary). */
  | { kind: 'text'; text: string }
  /** A sentence; `muted` for empty states and notes; `quote` is shown quoted after the text. */
  | { kind: 'line'; text: string; muted?: boolean; quote?: string }
  /** A list of items; `label` names the list for assistive technology. */
  | { kind: 'items'; label?: string; items: PanelItem[] }
  /** A table with a caption: one header per column, rows of cells. */
  | {
      kind: 'table';
      label: string;
      caption: string;
      columns: string[];
      rows: { key: string; cells: string[]; highlight?: boolean }[];
    }
  /** A graph drawing: edges between named nodes, and the nodes the question linked. */
  | { kind: 'graph'; edges: PanelEdge[]; linked: string[] };

/** A titled section of the panel (a region named by its title). */
export interface PanelSection {
  title: string;
  parts: PanelPart[];
}
