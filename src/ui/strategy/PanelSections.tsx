import type { PanelItem, PanelPart, PanelSection } from '../../core/strategies/panel-types';
import { GraphView } from './GraphView';

/** A strategy's sections, drawn from their shapes: the panel knows no strategy. */
export function PanelSections({ sections }: { sections: readonly PanelSection[] }) {
  return sections.map((section, index) => (
    <section
      key={`${index}:${section.title}`}
      className="strategy-block"
      aria-label={section.title}
    >
      <h3>{section.title}</h3>
      {section.parts.map((part, i) => (
        <Part key={i} part={part} />
      ))}
    </section>
  ));
}

function Part({ part }: { part: PanelPart }) {
  switch (part.kind) {
    case 'text':
      return <pre className="strategy-text">{part.text}</pre>;
    case 'line':
      return (
        <p className={part.muted ? 'muted' : undefined}>
          {part.text}
          {part.quote !== undefined && (
            <>
              {' '}
              <q>{part.quote}</q>
            </>
          )}
        </p>
      );
    case 'items':
      return (
        <ul className="strategy-list" aria-label={part.label}>
          {part.items.map((item) => (
            <Item key={item.key} item={item} />
          ))}
        </ul>
      );
    case 'table':
      return (
        <table className="strategy-scores" aria-label={part.label}>
          <caption>{part.caption}</caption>
          <thead>
            <tr>
              {part.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {part.rows.map((row) => (
              <tr key={row.key} className={row.highlight ? 'used' : undefined}>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'graph':
      return <GraphView edges={part.edges} linked={part.linked} />;
  }
}

function Item({ item }: { item: PanelItem }) {
  return (
    <li className={item.highlight ? 'used' : undefined}>
      {item.lead && (
        <>
          <span className="tag">{item.lead}</span>{' '}
        </>
      )}
      {item.text}
      {item.detail && (
        <>
          {' '}
          <span className="muted">· {item.detail}</span>
        </>
      )}
      {item.tags?.map((tag) => (
        <span key={tag.text} className={tag.tone === 'plain' ? 'tag' : `tag ${tag.tone}`}>
          {tag.text}
        </span>
      ))}
    </li>
  );
}
