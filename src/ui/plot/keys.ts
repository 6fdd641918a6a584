// The plot kit's keyboard: which point or row a key shows from the one shown now (every chart is
// an image reachable by keyboard whose arrow keys step through what the tooltip describes).

/**
 * The row a key moves the tooltip to from row `at` (null: none shown) among `count` rows: the
 * arrows step (from none, Right starts at the first and Left at the last), Home and End go to the
 * ends, Escape hides it (null). Undefined for any other key, or when there are no rows.
 */
export function rowForKey(
  key: string,
  at: number | null,
  count: number,
): number | null | undefined {
  if (count <= 0) return undefined;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return at === null ? 0 : Math.min(last, at + 1);
    case 'ArrowLeft':
      return at === null ? last : Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}
