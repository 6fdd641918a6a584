/** Short unique ids for messages, calls and threads (crypto.randomUUID exists in browsers and Node 20). */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
