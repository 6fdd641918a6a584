import { useMemo, useState } from 'react';
import { useChatStore } from '../../state/chat';
import type { ChipData } from './chips';
import { MemoryDiff } from './MemoryDiff';
import { buildDiff, describeAuthor, describeMemoryChange } from '../../state/views/journal';

const HISTORY_ONLY =
  "History only: this record did not come from this browser's memory journal (an imported thread, or one written before the journal), so it cannot be undone.";

/**
 * Every memory change of a run is visible: the chip shows the diff (facts for memory.json) and, for
 * a change this browser's journal recorded, can undo it.
 */
export function MemoryChip({ chip }: { chip: ChipData }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const undo = useChatStore((s) => s.undoMemoryEdit);
  const running = useChatStore((s) => s.running);
  const { entry, record, path } = chip;

  const undone = Boolean(entry?.undoneBy) || record?.undone === true;
  const deleted = entry ? entry.op === 'delete' : record?.deleted === true;
  // What the chip shows: the journal's diff, else the record's texts (history).
  const view = useMemo(() => viewOf(chip, deleted), [chip, deleted]);

  const onUndo = async () => {
    if (!entry) return;
    setBusy(true);
    const result = await undo(entry.id);
    setBusy(false);
    setRefusal(result.ok ? null : result.reason);
  };

  return (
    <div
      className={`memory-chip${undone ? ' undone' : ''}${entry ? '' : ' history'}`}
      role="group"
      aria-label={`Memory updated: ${path}`}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="chip-toggle"
      >
        {undone ? 'Memory edit undone' : 'Memory updated'} · {path}
        {deleted ? ' (deleted)' : ''}{' '}
        <span className="diffstat">
          +{view.diff.added} −{view.diff.removed}
        </span>
      </button>
      {entry && !undone && (
        <button
          type="button"
          onClick={() => void onUndo()}
          disabled={running || busy}
          title={`Put back what ${path} held before this change`}
        >
          Undo
        </button>
      )}
      {!entry && !undone && (
        <button type="button" disabled title={HISTORY_ONLY}>
          Undo
        </button>
      )}
      {entry && <span className="chip-author">by {describeAuthor(entry.author)}</span>}
      {!entry && <span className="chip-history">{HISTORY_ONLY}</span>}
      {refusal && (
        <p role="alert" className="chip-refusal">
          {refusal}
        </p>
      )}
      {open && <MemoryDiff path={path} {...view} />}
    </div>
  );
}

/** What the chip shows: the journal's diff, else the record's texts (history). */
function viewOf({ entry, record, path }: ChipData, deleted: boolean) {
  return entry
    ? { diff: entry.diff, summary: entry.summary, note: undefined }
    : record?.textsCut
      ? {
          diff: { added: 0, removed: 0, cut: true, lines: [] },
          summary: undefined,
          note: 'The texts of this edit were too long to keep with the thread.',
        }
      : {
          diff: buildDiff(record?.before ?? null, deleted ? null : (record?.after ?? '')),
          summary: describeMemoryChange(
            path,
            record?.before ?? null,
            deleted ? null : (record?.after ?? ''),
          ),
          note: undefined,
        };
}
