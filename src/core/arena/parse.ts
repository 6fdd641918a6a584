// Reading a transcript file: the bundle's thread JSONL, a LoCoMo conversation JSON, or another
// agent's session (core/sessions), told apart by their content; over the size cap, or none of
// these, it is refused with a reason.

import { ArenaInputError, MAX_TRANSCRIPT_BYTES, MAX_TRANSCRIPT_LABEL } from './errors';
import { transcriptFromLocomo } from './parse-locomo';
import { transcriptFromJsonl } from './parse-thread';
import { checkTranscript, type Transcript } from './transcript';
import { isSessionText } from '../sessions/detect';
import { parseSession } from '../sessions/parse';
import { sessionToThread, importedLine } from '../sessions/to-thread';
import { reportSummary } from '../sessions/report';
import { autopsyOfImported } from '../autopsy/session';
import { createApproximateCounter } from '../tokens/counter';
import { transcriptFromThread } from './parse-thread';
import { errorText } from '../text/errors';

export function parseTranscriptFile(
  fileName: string,
  text: string,
  bytes = text.length,
): Transcript {
  if (bytes > MAX_TRANSCRIPT_BYTES)
    throw new ArenaInputError(
      `${fileName} is ${(bytes / 1024 / 1024).toFixed(1)} MB: transcripts of at most ${MAX_TRANSCRIPT_LABEL} can be replayed.`,
    );
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed)
    throw new ArenaInputError(
      `${fileName} is empty: expected a thread JSONL or a LoCoMo JSON file.`,
    );
  const firstLine = trimmed.split('\n', 1)[0]!;
  let transcript: Transcript;
  if (isSessionText(trimmed)) transcript = transcriptFromSession(trimmed, fileName, bytes);
  else if (/^\{\s*"type"\s*:\s*"thread"/.test(firstLine) || fileName.endsWith('.jsonl'))
    transcript = transcriptFromJsonl(trimmed, fileName);
  else if (trimmed.startsWith('{') || trimmed.startsWith('['))
    transcript = transcriptFromLocomo(trimmed, fileName);
  else
    throw new ArenaInputError(
      `${fileName} line 1: not a thread JSONL (first line {"type":"thread",…}) or a LoCoMo conversation JSON.`,
    );
  const problems = checkTranscript(transcript);
  if (problems.length) throw new ArenaInputError(`${fileName}: ${problems.slice(0, 3).join(' ')}`);
  return transcript;
}

/** Another agent's session replayed like any thread: its main line, without notices. */
function transcriptFromSession(text: string, fileName: string, bytes: number): Transcript {
  let transcript: Transcript;
  try {
    const session = parseSession(text, fileName, { bytes });
    const thread = sessionToThread(session, { workspace: 'arena' });
    const replay = transcriptFromThread(thread, 'jsonl');
    // The source's own run, as the "As recorded" row (its conversation estimated at 4 characters a
    // token here: reading a file has no tokenizer at hand).
    const autopsy = autopsyOfImported(session, createApproximateCounter());
    transcript = {
      ...replay,
      recorded: autopsy.baseline,
      id: `session:${session.sessionId ?? fileName}`,
      source: 'session',
      note: [`${importedLine(session)}: ${reportSummary(session.report)}.`, replay.note]
        .filter(Boolean)
        .join(' '),
    };
  } catch (error) {
    throw new ArenaInputError(errorText(error));
  }
  return transcript;
}
