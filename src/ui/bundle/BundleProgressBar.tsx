import { useId } from 'react';
import { useBundleStore } from '../../state/bundle';

/** A labelled progress bar (role progressbar) for a bundle export or import. */
export function BundleProgressBar({ task }: { task: 'export' | 'import' }) {
  const progress = useBundleStore((s) => s.progress);
  const labelId = useId();
  const verb = task === 'export' ? 'Export' : 'Import';
  const label = progress
    ? `${verb}: ${progress.label} (${progress.done} of ${progress.total})`
    : `${verb}: starting…`;
  return (
    <div className="mp-bundle-progress">
      <span id={labelId}>{label}</span>
      {/* Indeterminate until the first report. */}
      <progress
        aria-labelledby={labelId}
        max={progress?.total || undefined}
        value={progress ? progress.done : undefined}
      />
    </div>
  );
}
