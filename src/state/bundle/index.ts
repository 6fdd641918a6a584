// The memory bundle store: what callers import.

export { useBundleStore } from './store';
export type { BundlePhase, Download, PieceKind } from './types';
