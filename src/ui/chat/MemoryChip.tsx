import { useState } from 'react';
import { diffLines } from '../../core/text/diff';
import type { MemoryEdit } from '../../core/agent/thread';
import { useChatStore } from '../../state/chat';

/** Every memory change is visible: the chip shows the diff and can undo it. */
export function MemoryChip({ edit }: { edit: MemoryEdit }) {
  const [open, setOpen] = useState(false);
  const undo = useChatStore((s) => s.undoMemoryEdit);
  const running = useChatStore((s) => s.running);
  const diff = diffLines(edit.before ?? '', edit.after);
  const added = diff.filter((line) => line.kind === 'added').length;
  const removed = diff.filter((line) => line.kind === 'removed').length;

  return (
    <div
      className={`memory-chip${edit.undone ? ' undone' : ''}`}
      role="group"
      aria-label={`Memory updated: ${edit.path}`}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="chip-toggle"
      >
        {edit.undone ? 'Memory edit undone' : 'Memory updated'} · {edit.path}{' '}
        <span className="diffstat">
          +{added} −{removed}
        </span>
      </button>
      {!edit.undone && (
        <button type="button" onClick={() => void undo(edit.toolCallId)} disabled={running}>
          Undo
        </button>
      )}
      {open && (
        <pre className="mp-diff" aria-label={`Diff of ${edit.path}`}>
          {diff.map((line, index) => (
            <span key={index} className={`mp-diff-${line.kind}`}>
              {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
              {line.text}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </div>
  );
}
