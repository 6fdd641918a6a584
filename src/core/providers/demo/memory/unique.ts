// Helpers for appending to a memory file with edit_file: an old_string that occurs exactly once.

/**
 * The shortest run of final lines (from the last non-empty one back) that occurs exactly once in
 * the content, so edit_file accepts it as old_string without replace_all.
 */
export function uniqueTail(content: string): string {
  const lines = content.split('\n');
  let last = lines.length - 1;
  while (last > 0 && (lines[last] ?? '').trim() === '') last--;
  for (let first = last; first >= 0; first--) {
    const candidate = lines.slice(first, last + 1).join('\n');
    if (candidate.trim() !== '' && countOccurrences(content, candidate) === 1) return candidate;
  }
  return content;
}

/** Occurrences, overlapping ones included (stricter than any non-overlapping count). */
export function countOccurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}
