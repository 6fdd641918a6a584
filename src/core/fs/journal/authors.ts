// Who wrote an entry: the author in a few words, and the author bounded to the schema.

import type { WriteAuthor } from '../types';

/** The author in a few words, for chips, notices and the journal list. */
export function describeAuthor(author: WriteAuthor): string {
  switch (author.kind) {
    case 'tool':
      return `the agent (${author.toolName})`;
    case 'agent':
      return `the agent (${author.name})`;
    case 'user':
      return author.via === 'editor' ? 'you, in the editor' : 'you, in the Facts panel';
    case 'fact-updater':
      return 'the fact updater';
    case 'import':
      return author.rollback
        ? `the rollback of the import of ${author.bundle}`
        : `the import of ${author.bundle}`;
    case 'undo':
      return 'Undo';
    case 'tab':
      return 'another tab (not journaled there)';
    case 'app':
      return `the app (${author.reason})`;
    case 'unknown':
      return 'an unattributed writer';
  }
}

/** The author with every text within the schema's bounds (ids come from providers). */
export function boundAuthor(author: WriteAuthor): WriteAuthor {
  const text = (value: string, max = 200) => (value.length === 0 ? '?' : value.slice(0, max));
  switch (author.kind) {
    case 'tool':
      return {
        kind: 'tool',
        threadId: text(author.threadId),
        toolCallId: text(author.toolCallId),
        toolName: text(author.toolName),
      };
    case 'agent':
      return { kind: 'agent', threadId: text(author.threadId), name: text(author.name) };
    case 'fact-updater':
      return { kind: 'fact-updater', threadId: text(author.threadId) };
    case 'import':
      return {
        kind: 'import',
        bundle: text(author.bundle, 300),
        ...(author.rollback ? { rollback: true } : {}),
      };
    case 'undo':
      return { kind: 'undo', entryId: text(author.entryId) };
    case 'app':
      return { kind: 'app', reason: text(author.reason) };
    case 'user':
      return { kind: 'user', via: author.via === 'facts' ? 'facts' : 'editor' };
    case 'tab':
      return { kind: 'tab' };
    default:
      return { kind: 'unknown' };
  }
}
