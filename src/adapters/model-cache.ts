// The in-browser model's files in this browser: transformers.js keeps what it downloads in Cache
// Storage ('transformers-cache'), keyed by the file's URL. This measures one model's files and
// removes them ("Remove downloaded model"). Files the app itself serves (a local path) are not
// copied there.
import type { ModelSource } from '../workers/embedder.worker';

/** transformers.js's cache name (env.cacheKey). */
export const TRANSFORMERS_CACHE = 'transformers-cache';

/** The URL prefix of a model's files on its host, or null for a path the app serves. */
export function modelCachePrefix(modelId: string, source: ModelSource): string | null {
  const join = (host: string, template: string) =>
    `${host.replace(/\/+$/, '')}/${template
      .replaceAll('{model}', modelId)
      .replaceAll('{revision}', 'main')
      .replace(/^\/+/, '')
      .replace(/\/*$/, '/')}`;
  switch (source.kind) {
    case 'hub':
      return join('https://huggingface.co/', '{model}/resolve/{revision}/');
    case 'remote':
      return join(source.host, source.pathTemplate);
    case 'local':
      return null;
  }
}

export interface CachedModel {
  bytes: number;
  files: number;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

async function entriesUnder(prefix: string): Promise<{ cache: Cache; requests: Request[] } | null> {
  const storage = cacheStorage();
  if (!storage || !(await storage.has(TRANSFORMERS_CACHE))) return null;
  const cache = await storage.open(TRANSFORMERS_CACHE);
  const requests = (await cache.keys()).filter((request) => request.url.startsWith(prefix));
  return { cache, requests };
}

/** Bytes and files of a model in this browser's cache (0 when nothing is there). */
export async function cachedModelSize(prefix: string): Promise<CachedModel> {
  const found = await entriesUnder(prefix);
  if (!found) return { bytes: 0, files: 0 };
  let bytes = 0;
  for (const request of found.requests) {
    const response = await found.cache.match(request);
    if (!response) continue;
    const length = Number(response.headers.get('content-length'));
    bytes += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return { bytes, files: found.requests.length };
}

/** Deletes every file of the model from the cache; returns what was freed. */
export async function removeCachedModel(prefix: string): Promise<CachedModel> {
  const before = await cachedModelSize(prefix);
  const found = await entriesUnder(prefix);
  if (found) await Promise.all(found.requests.map((request) => found.cache.delete(request)));
  return before;
}
