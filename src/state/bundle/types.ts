// The bundle store's shapes: its phase, what it hands the UI to download, and its actions.

import type { ApplyResult, ImportMode, ImportPlan, ParsedBundle } from '../../core/bundle/import';
import type { MemoryChoice } from '../../core/bundle/memory-sources';
import type { BundleProgress } from '../../core/bundle/types';

export type BundlePhase = 'idle' | 'exporting' | 'reading' | 'preview' | 'applying';

/** Something for the UI to hand to the browser as a download. */
export interface Download {
  fileName: string;
  data: Uint8Array<ArrayBuffer> | string;
  mimeType: string;
}

export type PieceKind = 'agents-md' | 'memory-json' | 'thread';

export interface BundleStore {
  phase: BundlePhase;
  /** Which long task the progress belongs to. */
  task: 'export' | 'import' | null;
  progress: BundleProgress | null;
  error: string | null;
  /** The outcome of the last export or import, for a status line. */
  message: string | null;
  fileName: string | null;
  bundle: ParsedBundle | null;
  plan: ImportPlan | null;
  mode: ImportMode;
  importSettings: boolean;
  /** Provider and base URLs from the bundle: off unless the person ticks it (they move the key). */
  importConnection: boolean;
  /** Per memory file that differs (as displayed): the person's choice in the preview. */
  memoryChoices: Record<string, MemoryChoice>;
  exportBundle(): Promise<Download | null>;
  exportPiece(kind: PieceKind): Promise<Download | null>;
  openFile(file: Blob & { name: string }): Promise<void>;
  setMode(mode: ImportMode): Promise<void>;
  setImportSettings(value: boolean): Promise<void>;
  setImportConnection(value: boolean): Promise<void>;
  setMemoryChoice(displayPath: string, choice: MemoryChoice): Promise<void>;
  apply(): Promise<ApplyResult | null>;
  cancel(): void;
  dismiss(): void;
}
