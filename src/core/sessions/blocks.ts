// Content as Anthropic writes it (Claude Code's records, Anthropic Messages, LangChain's list
// content): a string, or blocks of text, thinking, tool_use, tool_result, image… OpenAI's content
// parts (text, input_text, output_text, image_url, input_image) are read here too. What cannot be
// mapped becomes a placeholder in the text, counted by the builder.

import type { ToolCall } from '../agent/types';
import { argumentsText, isRecord, str, type SessionBuilder } from './builder';

export interface ToolResult {
  callId: string;
  text: string;
  isError: boolean;
}

export interface MappedContent {
  text: string;
  toolCalls: ToolCall[];
  results: ToolResult[];
  thinking: string[];
}

const TEXT_TYPES = new Set(['text', 'input_text', 'output_text', 'summary_text', 'refusal']);

function imageDetail(block: Record<string, unknown>): string {
  const source = isRecord(block.source) ? block.source : undefined;
  const media = str(source?.media_type) ?? str(block.mime_type) ?? '';
  const data = str(source?.data);
  const url =
    str(source?.url) ?? str(block.image_url) ?? str((block.image_url as { url?: unknown })?.url);
  const bytes = data ? Math.round((data.length * 3) / 4) : 0;
  const size = !data ? '' : bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} kB`;
  const where = url && !url.startsWith('data:') ? url.slice(0, 80) : '';
  return [media, size, where].filter(Boolean).join(', ');
}

/** One block's text, or a placeholder for what is not text (counted on the builder). */
function blockText(block: unknown, builder: SessionBuilder): string | undefined {
  if (typeof block === 'string') return block;
  if (!isRecord(block)) return builder.placeholder('unreadable block');
  const type = str(block.type) ?? '';
  if (TEXT_TYPES.has(type)) return str(block.text) ?? str(block.refusal) ?? '';
  if (type === 'image' || type === 'image_url' || type === 'input_image')
    return builder.placeholder('image', imageDetail(block));
  if (type === 'document' || type === 'file' || type === 'input_file')
    return builder.placeholder('document', str(block.title) ?? str(block.filename) ?? '');
  return undefined;
}

/** A tool result's content (a string or blocks) as text. */
export function resultText(content: unknown, builder: SessionBuilder): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content
    .map((block) => blockText(block, builder) ?? unknownBlock(block, builder))
    .join('\n');
}

function unknownBlock(block: unknown, builder: SessionBuilder): string {
  const type = isRecord(block) ? str(block.type) : undefined;
  return builder.placeholder(type ? `block '${type.slice(0, 40)}'` : 'unreadable block');
}

/** Maps content (string or blocks) to text, tool calls, tool results and thinking. */
export function mapContent(content: unknown, builder: SessionBuilder): MappedContent {
  const out: MappedContent = { text: '', toolCalls: [], results: [], thinking: [] };
  if (content === undefined || content === null) return out;
  if (typeof content === 'string') {
    out.text = content;
    return out;
  }
  const texts: string[] = [];
  for (const block of Array.isArray(content) ? content : [content]) {
    const text = blockText(block, builder);
    if (text !== undefined) {
      if (text) texts.push(text);
      continue;
    }
    const b = block as Record<string, unknown>;
    switch (b.type) {
      case 'thinking':
        if (str(b.thinking)) out.thinking.push(str(b.thinking)!);
        break;
      case 'redacted_thinking':
        texts.push(builder.placeholder('redacted thinking'));
        break;
      case 'tool_use':
      case 'tool_call':
        out.toolCalls.push({
          id: str(b.id) ?? `call_${out.toolCalls.length + 1}`,
          name: str(b.name) ?? 'unknown',
          arguments: argumentsText(b.input ?? b.args),
        });
        break;
      case 'tool_result':
        out.results.push({
          callId: str(b.tool_use_id) ?? '',
          text: resultText(b.content, builder),
          isError: b.is_error === true,
        });
        break;
      default:
        texts.push(unknownBlock(b, builder));
    }
  }
  out.text = texts.join('\n\n');
  return out;
}

/** An Anthropic-style user turn: its tool results first (they answer the previous reply), then its text. */
export function addUserContent(
  mapped: MappedContent,
  b: SessionBuilder,
  where: { id?: string; at?: unknown },
): void {
  for (const result of mapped.results)
    b.tool(result.callId, result.text, { at: where.at, isError: result.isError });
  if (mapped.text || mapped.results.length === 0)
    b.user(mapped.text, {
      ...(where.id ? { id: mapped.results.length ? `${where.id}:text` : where.id } : {}),
      at: where.at,
    });
}
