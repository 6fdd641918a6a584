// Deep Agents' CompositeBackend: paths are routed to stores by prefix (longest wins); a routed store
// sees paths relative to its prefix ("/memories/AGENTS.md" is "/AGENTS.md" there).
import { compareStrings } from './memory-store';
import { findLookAlike, lookAlikeError } from './names';
import { dirPrefix, isUnder, isUnderOrEqual, normaliseFilePath, normalisePath } from './paths';
import {
  FsError,
  type FileInfo,
  type FileRecord,
  type FileStore,
  type FileVersion,
  type VirtualFs,
  type WriteOptions,
} from './types';

export interface CompositeFsOptions {
  default: FileStore;
  /** Prefix -> store, e.g. { '/memories/': userStore }. Prefixes are absolute directories. */
  routes?: Record<string, FileStore>;
}

interface Route {
  /** Normalised prefix with a trailing slash: "/memories/". */
  prefix: string;
  /** The same without it: "/memories". */
  dir: string;
  store: FileStore;
}

interface Resolved {
  store: FileStore;
  /** Path inside the store. */
  inner: string;
  route?: Route;
}

export class CompositeFs implements VirtualFs {
  private readonly defaultStore: FileStore;
  private readonly routes: Route[];

  constructor(options: CompositeFsOptions) {
    this.defaultStore = options.default;
    this.routes = Object.entries(options.routes ?? {})
      .map(([prefix, store]) => {
        const dir = normalisePath(prefix);
        if (dir === '/')
          throw new FsError(
            'invalid-path',
            "A route prefix cannot be '/': use the default store.",
            prefix,
          );
        return { prefix: dirPrefix(dir), dir, store };
      })
      .sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /** The route directories, e.g. ["/memories/"], so listings can show them even when empty. */
  routePrefixes(): string[] {
    return this.routes.map((r) => r.prefix).sort(compareStrings);
  }

  // Read before every model call (memory.json): not async, and no wrapper of its own around the
  // store's read, so a read costs the store's promise and one step after it.
  read(path: string): Promise<FileRecord | undefined> {
    let full: string;
    let target: Resolved | undefined;
    try {
      full = normaliseFilePath(path, { existing: true });
      target = this.resolveFile(full);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (!target) return Promise.resolve(undefined); // a route directory is never a file
    const resolved = target;
    const fail = (error: unknown): never => {
      throw outerError(error, resolved, full);
    };
    let reading: Promise<FileRecord | undefined>;
    try {
      reading = resolved.store.read(resolved.inner);
    } catch (error) {
      return Promise.reject(outerError(error, resolved, full) as Error);
    }
    return reading.then((record) => (record ? { ...record, path: full } : undefined), fail);
  }

  async write(path: string, content: string, options?: WriteOptions): Promise<FileRecord> {
    const full = normaliseFilePath(path);
    const target = this.requireFile(full);
    await this.refuseLookAlike(target, full);
    const record = await this.call(target, full, () =>
      target.store.write(target.inner, content, options),
    );
    return { ...record, path: full };
  }

  async delete(path: string, options?: WriteOptions): Promise<void> {
    const full = normaliseFilePath(path, { existing: true });
    const target = this.requireFile(full);
    await this.call(target, full, () => target.store.delete(target.inner, options));
  }

  async history(path: string): Promise<FileVersion[]> {
    const full = normaliseFilePath(path, { existing: true });
    const target = this.resolveFile(full);
    if (!target) return [];
    return this.call(target, full, () => target.store.history(target.inner));
  }

  async list(): Promise<FileInfo[]> {
    return this.listUnder('/');
  }

  async listUnder(dir = '/'): Promise<FileInfo[]> {
    const base = normalisePath(dir);
    const stores: { store: FileStore; route?: Route }[] = [{ store: this.defaultStore }];
    for (const route of this.routes) {
      // A route can only hold files under `base` if the two directories overlap.
      if (isUnderOrEqual(route.dir, base) || isUnderOrEqual(base, route.dir))
        stores.push({ store: route.store, route });
    }
    const lists = await Promise.all(
      stores.map(async ({ store, route }) => {
        const infos = await store.list();
        return infos
          .map((info) => ({ ...info, path: route ? route.dir + info.path : info.path }))
          .filter((info) => isUnder(info.path, base) && this.resolve(info.path).store === store);
      }),
    );
    return lists.flat().sort((a, b) => compareStrings(a.path, b.path));
  }

  private resolve(full: string): Resolved {
    for (const route of this.routes) {
      if (full === route.dir) return { store: route.store, inner: '/', route };
      if (full.startsWith(route.prefix))
        return { store: route.store, inner: full.slice(route.dir.length), route };
    }
    return { store: this.defaultStore, inner: full };
  }

  private resolveFile(full: string): Resolved | undefined {
    const target = this.resolve(full);
    return target.inner === '/' ? undefined : target;
  }

  private requireFile(full: string): Resolved {
    const target = this.resolveFile(full);
    if (!target) {
      throw new FsError(
        'invalid-path',
        `Invalid path '${full}': it is a directory (a storage route), not a file.`,
        full,
      );
    }
    return target;
  }

  /**
   * A new file whose name (or a directory on its way) would look like an existing one is refused
   * (src/core/fs/names.ts): "/memories/АGENTS.md" with a Cyrillic А beside the real AGENTS.md.
   */
  private async refuseLookAlike(target: Resolved, full: string): Promise<void> {
    if (await target.store.read(target.inner)) return;
    const prefix = target.route?.dir ?? '';
    const existing = (await target.store.list()).map((info) => prefix + info.path);
    // The route directories are names at their level too ("/mеmories/…" in the default store).
    if (!target.route) existing.push(...this.routes.map((route) => route.dir));
    const twin = findLookAlike(full, existing);
    if (twin) throw lookAlikeError(full, twin);
  }

  /** Runs a store call; errors from a routed store name the full path, not the store's inner one. */
  private async call<T>(target: Resolved, full: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw outerError(error, target, full);
    }
  }
}

/** A routed store's error, naming the path as the caller gave it (not the store's inner path). */
function outerError(error: unknown, target: Resolved, full: string): unknown {
  if (error instanceof FsError && target.route)
    return new FsError(
      error.code,
      error.message.split(`'${target.inner}'`).join(`'${full}'`),
      full,
    );
  return error;
}
