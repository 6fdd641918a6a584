import { describe, expect, it } from 'vitest';
import { REQUEST_FIELDS, requestWith } from './request';
import type { ModelRequest } from './types';

const full: Required<ModelRequest> = {
  purpose: 'summary',
  model: 'gpt-4o',
  system: 'base',
  messages: [{ role: 'user', id: 'u1', content: 'hi', createdAt: 0 }],
  tools: [{ name: 'ls', description: 'list', parameters: { type: 'object', properties: {} } }],
  maxOutputTokens: 512,
  sections: [{ name: 'memory', text: 'm' }],
};

describe('requestWith', () => {
  it('keeps every field of the request that the changes do not name', () => {
    const copy = requestWith(full, {});
    expect(copy).toStrictEqual(full);
    expect(copy).not.toBe(full);
    for (const field of REQUEST_FIELDS) expect(copy[field]).toBe(full[field]);
  });

  it('replaces the fields the changes name, and adds one the request lacked', () => {
    const bare: ModelRequest = { model: 'm', system: 's', messages: [], tools: [] };
    const sections = [{ name: 'facts', text: 'f' }];
    expect(requestWith(bare, { system: 's\n\nf', sections })).toStrictEqual({
      model: 'm',
      system: 's\n\nf',
      messages: [],
      tools: [],
      sections,
    });
    // Optional fields the request lacks stay absent (not present as undefined).
    expect(Object.keys(requestWith(bare, {}))).toEqual(['model', 'system', 'messages', 'tools']);
  });

  it('never changes the request it was given', () => {
    const before = structuredClone(full);
    requestWith(full, { system: 'other', messages: [], sections: [] });
    expect(full).toStrictEqual(before);
  });
});
