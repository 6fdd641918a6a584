// Compaction records, off the page's thread: the flight recorder's extraction and classification of
// specifics (recorder/record.ts, pure) over texts of up to a few hundred thousand characters runs
// here, so neither the model request nor the page waits for it. One message in (the record's input,
// plain data), one out (the record, or why it could not be built).

import {
  buildCompactionRecord,
  type CompactionRecord,
  type RecordInput,
} from '../core/recorder/record';
import { errorText } from '../core/text/errors';

export interface RecordWorkerRequest {
  id: number;
  input: RecordInput;
}

export type RecordWorkerResponse =
  { id: number; record: CompactionRecord } | { id: number; error: string };

self.onmessage = (event: MessageEvent<RecordWorkerRequest>) => {
  const { id, input } = event.data;
  let response: RecordWorkerResponse;
  try {
    response = { id, record: buildCompactionRecord(input) };
  } catch (error) {
    response = { id, error: errorText(error) };
  }
  self.postMessage(response);
};
