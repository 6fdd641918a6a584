import type { JournalDiff, JournalSummary } from '../../core/fs/journal';

/** A journal diff (changed lines with context, unchanged stretches as gaps) and its summary. */
export function MemoryDiff({
  path,
  diff,
  summary,
  note,
}: {
  path: string;
  diff: JournalDiff;
  summary?: JournalSummary | undefined;
  note?: string | undefined;
}) {
  return (
    <div className="mp-memory-diff">
      {summary && summary.lines.length > 0 && (
        <ul className="mp-diff-summary" aria-label={`${summary.title} changed in ${path}`}>
          {summary.lines.map((line, index) => (
            <li key={index} className={`mp-diff-summary-${line.kind}`}>
              <span className="mp-diff-summary-kind">
                {line.kind === 'added' ? 'Added' : line.kind === 'removed' ? 'Removed' : 'Changed'}
              </span>{' '}
              {line.text}
            </li>
          ))}
          {summary.more > 0 && <li className="muted">… and {summary.more} more</li>}
        </ul>
      )}
      {note && <p className="muted mp-diff-note">{note}</p>}
      {summary && summary.lines.length > 0 ? (
        <details className="mp-diff-lines">
          <summary>
            Line diff (+{diff.added} −{diff.removed})
          </summary>
          <LineDiff path={path} diff={diff} />
        </details>
      ) : (
        <LineDiff path={path} diff={diff} />
      )}
    </div>
  );
}

function LineDiff({ path, diff }: { path: string; diff: JournalDiff }) {
  return (
    <pre className="mp-diff" aria-label={`Diff of ${path}`}>
      {diff.lines.map((line, index) => (
        <span key={index} className={`mp-diff-${line.kind}`}>
          {line.kind === 'added'
            ? '+ '
            : line.kind === 'removed'
              ? '- '
              : line.kind === 'gap'
                ? '… '
                : '  '}
          {line.text}
          {'\n'}
        </span>
      ))}
      {diff.cut && <span className="mp-diff-gap">… (cut: the journal keeps a bounded diff)</span>}
    </pre>
  );
}
