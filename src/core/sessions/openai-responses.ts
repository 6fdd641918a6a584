// OpenAI Responses: a request body {model, instructions?, input: items | text}, a bare list of
// input items, or a logged exchange (a body that also carries `output` and `usage`, or
// {request, response}): its output items and usage come after the input.

import { isRecord, str, type SessionBuilder, type RequestBody } from './builder';
import { mapResponseItem, responsesUsage } from './items';

export function mapResponsesBody(body: RequestBody, b: SessionBuilder, response?: unknown): void {
  if (Array.isArray(body)) {
    body.forEach((item) => mapResponseItem(item, b));
    return;
  }
  if (str(body.model)) b.model = str(body.model);
  if (str(body.instructions)) b.notice(`Instructions:\n${str(body.instructions)}`);
  if (typeof body.input === 'string') b.user(body.input);
  else if (Array.isArray(body.input)) body.input.forEach((item) => mapResponseItem(item, b));
  for (const reply of [body, response]) {
    if (!isRecord(reply) || !Array.isArray(reply.output)) continue;
    reply.output.forEach((item) => mapResponseItem(item, b, reply.created_at));
    const usage = responsesUsage(reply.usage);
    if (usage) b.recordUsage(usage);
  }
}
