// What the execute sandbox prints: console arguments formatted roughly the way Node and browsers
// show them, collected under a character cap. Pure and dependency-free, so the Web Worker bundles
// only this and the tests check the same code the worker runs.

/** Formats console.log arguments: printf-style %s %d %i %f %o %O %j %c %% in a leading string. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  if (args.length === 0) return '';
  const rest = [...args];
  const parts: string[] = [];
  const first = rest[0];
  if (typeof first === 'string' && first.includes('%')) {
    rest.shift();
    parts.push(
      first.replace(/%([sdifoOjc%])/g, (match, spec: string) => {
        if (spec === '%') return '%';
        if (rest.length === 0) return match;
        const value = rest.shift();
        switch (spec) {
          case 's':
            return typeof value === 'string' ? value : formatValue(value);
          case 'd':
          case 'i': {
            if (typeof value === 'bigint') return `${value}n`;
            const number = Number(value);
            return String(spec === 'i' ? Math.trunc(number) : number);
          }
          case 'f':
            return String(Number(value));
          case 'j':
            try {
              return JSON.stringify(value) ?? 'undefined';
            } catch {
              return '[Circular]';
            }
          case 'c':
            return ''; // CSS has no meaning in text output
          default:
            return formatValue(value);
        }
      }),
    );
  }
  for (const value of rest) parts.push(typeof value === 'string' ? value : formatValue(value));
  return parts.join(' ');
}

const MAX_DEPTH = 2;
const MAX_ITEMS = 100;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** One value as text, like Node's util.inspect in brief (depth 2, 100 items, circular marked). */
export function formatValue(
  value: unknown,
  depth = 0,
  seen: WeakSet<object> = new WeakSet(),
): string {
  switch (typeof value) {
    case 'string':
      return depth === 0
        ? value
        : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return value.toString();
    case 'function': {
      const source = Function.prototype.toString.call(value);
      const name = (value as { name?: string }).name;
      if (source.startsWith('class')) return `[class ${name || '(anonymous)'}]`;
      return `[Function: ${name || '(anonymous)'}]`;
    }
    default:
      break;
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.has(object)) return '[Circular]';
  if (object instanceof Error) return object.stack ?? `${object.name}: ${object.message}`;
  if (object instanceof Date)
    return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (object instanceof Promise) return 'Promise { … }';

  seen.add(object);
  try {
    if (Array.isArray(object) || ArrayBuffer.isView(object)) {
      const items = Array.from(object as ArrayLike<unknown>);
      const label = Array.isArray(object) ? '' : `${object.constructor.name}(${items.length}) `;
      if (depth > MAX_DEPTH)
        return Array.isArray(object) ? '[Array]' : `[${object.constructor.name}]`;
      const shown = items.slice(0, MAX_ITEMS).map((item) => formatValue(item, depth + 1, seen));
      if (items.length > MAX_ITEMS) shown.push(`... ${items.length - MAX_ITEMS} more items`);
      return `${label}[${shown.length > 0 ? ` ${shown.join(', ')} ` : ''}]`;
    }
    if (object instanceof Map) {
      if (depth > MAX_DEPTH) return '[Map]';
      const shown = [...object.entries()]
        .slice(0, MAX_ITEMS)
        .map(
          ([k, v]) => `${formatValue(k, depth + 1, seen)} => ${formatValue(v, depth + 1, seen)}`,
        );
      return `Map(${object.size}) {${shown.length > 0 ? ` ${shown.join(', ')} ` : ''}}`;
    }
    if (object instanceof Set) {
      if (depth > MAX_DEPTH) return '[Set]';
      const shown = [...object].slice(0, MAX_ITEMS).map((v) => formatValue(v, depth + 1, seen));
      return `Set(${object.size}) {${shown.length > 0 ? ` ${shown.join(', ')} ` : ''}}`;
    }
    const prototype = Object.getPrototypeOf(object) as { constructor?: { name?: string } } | null;
    const name = prototype === null ? '[Object: null prototype]' : prototype.constructor?.name;
    const prefix = name && name !== 'Object' ? `${name} ` : '';
    if (depth > MAX_DEPTH) return `[${name && name !== 'Object' ? name : 'Object'}]`;
    const keys = Object.keys(object);
    const shown = keys.slice(0, MAX_ITEMS).map((key) => {
      const label = IDENTIFIER.test(key) ? key : formatValue(key, 1);
      return `${label}: ${formatValue((object as Record<string, unknown>)[key], depth + 1, seen)}`;
    });
    if (keys.length > MAX_ITEMS) shown.push(`... ${keys.length - MAX_ITEMS} more properties`);
    return `${prefix}{${shown.length > 0 ? ` ${shown.join(', ')} ` : ''}}`;
  } catch {
    return '[object that could not be shown]';
  } finally {
    seen.delete(object);
  }
}

/** Printed lines under a character cap: once the cap is reached, the rest is dropped and marked. */
export class OutputCollector {
  private readonly parts: string[] = [];
  private length = 0;
  private drained = 0;
  private drainedChars = 0;
  truncated = false;

  constructor(readonly maxChars: number) {}

  /** Adds one printed line; returns false once the cap has been reached. */
  append(line: string): boolean {
    if (this.truncated) return false;
    const text = `${line}\n`;
    const room = this.maxChars - this.length;
    if (text.length > room) {
      if (room > 0) this.parts.push(text.slice(0, room));
      this.length = this.maxChars;
      this.truncated = true;
      return false;
    }
    this.parts.push(text);
    this.length += text.length;
    return true;
  }

  get size(): number {
    return this.length;
  }

  /** Characters appended since the last drain. */
  get pending(): number {
    return this.length - this.drainedChars;
  }

  /** The text appended since the last drain (for streaming it in chunks). */
  drain(): string {
    const text = this.parts.slice(this.drained).join('');
    this.drained = this.parts.length;
    this.drainedChars = this.length;
    return text;
  }

  get text(): string {
    return this.parts.join('');
  }
}

/**
 * Text from the sandbox (an error message, which the code controls) cut at `maxChars`, with the cut
 * said: "…[cut at 200,000 characters]". Never splits a surrogate pair.
 */
export function capSandboxText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… [cut at ${maxChars.toLocaleString('en-US')} characters]`;
}
