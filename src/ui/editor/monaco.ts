// Monaco, bundled by Vite and loaded lazily (EditorPanel imports this module with import()).
// monaco-editor 0.56+ exposes tree-shakeable entry points; we take the editor core, its features
// (the diff editor among them) and only the languages the playground's files use. Nothing comes
// from a CDN: @monaco-editor/react is handed this instance through loader.config({ monaco }).

import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/python/register';
// JSON comes with its language service (validation, folding) because memory.json is edited here.
import 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { DiffEditor, Editor, loader } from '@monaco-editor/react';

// Monaco asks for a worker by label; the editor worker serves diffs, links and word highlights.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

loader.config({ monaco });

export { DiffEditor, Editor, monaco };
