// A model host on 127.0.0.1 for the in-browser model tests: it serves the generated tiny language
// model (public/test-lm/, from scripts/make-test-lm.mjs) laid out as `<host>/<model id>/<file>`,
// as a user-set model host would, with CORS, range requests (transformers.js reads file sizes with
// `Range: bytes=0-0`) and a log of every request, so a test can tell a download from a cache hit.
// ONNX files can be sent slowly, so the download progress is there to see.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './common';

const ROOT = resolve(fileURLToPath(new URL('../../public/test-lm/', import.meta.url)));

export interface ModelHostRequest {
  method: string;
  path: string;
  range?: string;
  status: number;
}

export interface ModelHost {
  /** The model host setting: `http://127.0.0.1:<port>/`. */
  url: string;
  requests: ModelHostRequest[];
  /** Full downloads (status 200, not ranges, not preflights) of a file path. */
  downloads(path: string): number;
  /** Sends .onnx files in pieces of `bytes`, waiting `delayMs` between pieces. */
  throttle(options: { bytes: number; delayMs: number } | null): void;
  close(): Promise<void>;
}

export async function startModelHost(): Promise<ModelHost> {
  const requests: ModelHostRequest[] = [];
  let throttle: { bytes: number; delayMs: number } | null = null;

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const record: ModelHostRequest = {
        method: req.method ?? 'GET',
        path,
        ...(typeof req.headers.range === 'string' ? { range: req.headers.range } : {}),
        status: 0,
      };
      requests.push(record);
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'range',
        'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Content-Type',
        // Always revalidate: a second visit must be served by Cache Storage, not the HTTP cache.
        'Cache-Control': 'no-store',
      };
      if (req.method === 'OPTIONS') {
        record.status = 204;
        res.writeHead(204, cors).end();
        return;
      }
      const file = normalize(join(ROOT, path));
      let body: Buffer;
      try {
        if (!file.startsWith(ROOT)) throw new Error('outside');
        body = await readFile(file);
      } catch {
        record.status = 404;
        res.writeHead(404, { ...cors, 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      const type = file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      const range = /^bytes=(\d+)-(\d*)$/.exec(record.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(body.length - 1, range[2] ? Number(range[2]) : body.length - 1);
        record.status = 206;
        res
          .writeHead(206, {
            ...cors,
            'Content-Type': type,
            'Content-Length': String(end - start + 1),
            'Content-Range': `bytes ${start}-${end}/${body.length}`,
          })
          .end(body.subarray(start, end + 1));
        return;
      }
      record.status = 200;
      res.writeHead(200, { ...cors, 'Content-Type': type, 'Content-Length': String(body.length) });
      if (!throttle || !file.endsWith('.onnx') || req.method === 'HEAD') {
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      const { bytes, delayMs } = throttle;
      for (let at = 0; at < body.length && !res.destroyed; at += bytes) {
        await new Promise<void>((done) => res.write(body.subarray(at, at + bytes), () => done()));
        await sleep(delayMs);
      }
      res.end();
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    downloads: (path) =>
      requests.filter((r) => r.path === path && r.status === 200 && r.method === 'GET').length,
    throttle(options) {
      throttle = options;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A loopback address where nothing listens: a model host that cannot be reached. */
export async function unreachableHost(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}/`;
}
