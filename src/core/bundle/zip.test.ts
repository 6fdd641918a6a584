import { describe, expect, it } from 'vitest';
import { Zip, ZipDeflate, strToU8, unzipSync, zipSync } from 'fflate';
import { BundleError } from './errors';
import { crc32, readZipDirectory, readZipEntry, ZipWriter, type ZipLimits } from './zip';

const limits = (overrides: Partial<ZipLimits> = {}): ZipLimits => ({
  maxEntries: 100,
  maxTotalBytes: 50 * 1024 * 1024,
  maxEntryBytes: () => 10 * 1024 * 1024,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
  ...overrides,
});

function refusal(fn: () => unknown): BundleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error('expected a refusal');
}

const readAll = (bytes: Uint8Array, l = limits()) =>
  Object.fromEntries(
    readZipDirectory(bytes, l).map((e) => [
      e.name,
      new TextDecoder().decode(readZipEntry(bytes, e)),
    ]),
  );

/** Offset of the central directory record of the entry at `index` (archives written by us/fflate). */
function centralRecord(bytes: Uint8Array, index: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let p = view.getUint32(end + 16, true);
  for (let i = 0; i < index; i++)
    p +=
      46 +
      view.getUint16(p + 28, true) +
      view.getUint16(p + 30, true) +
      view.getUint16(p + 32, true);
  return p;
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
  });
});

describe('ZipWriter and the reader', () => {
  it('round-trips entries, and fflate reads what we write', () => {
    const writer = new ZipWriter();
    writer.add('a.txt', strToU8('hello'));
    writer.add('dir/ünïcode.md', strToU8('x'.repeat(10_000)));
    writer.add('empty', new Uint8Array(0));
    const bytes = writer.finish();
    expect(readAll(bytes)).toEqual({
      'a.txt': 'hello',
      'dir/ünïcode.md': 'x'.repeat(10_000),
      empty: '',
    });
    const theirs = unzipSync(bytes);
    expect(new TextDecoder().decode(theirs['dir/ünïcode.md'])).toBe('x'.repeat(10_000));
  });

  it('reads archives written by fflate, including streamed ones with data descriptors', () => {
    expect(readAll(zipSync({ 'a.txt': strToU8('one'), 'b/c.txt': strToU8('two') }))).toEqual({
      'a.txt': 'one',
      'b/c.txt': 'two',
    });
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      chunks.push(chunk);
    });
    const file = new ZipDeflate('streamed.txt', { level: 9 });
    zip.add(file);
    file.push(strToU8('streamed '.repeat(1000)), true);
    zip.end();
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let p = 0;
    for (const c of chunks) {
      bytes.set(c, p);
      p += c.length;
    }
    expect(readAll(bytes)).toEqual({ 'streamed.txt': 'streamed '.repeat(1000) });
  });

  it('stores entries that would compress beyond the ratio limit, so its own archives pass', () => {
    const writer = new ZipWriter({ maxRatio: 100, ratioMinBytes: 1024 });
    writer.add('zeros', new Uint8Array(2 * 1024 * 1024));
    const bytes = writer.finish();
    const [entry] = readZipDirectory(bytes, limits({ maxRatio: 100, ratioMinBytes: 1024 }));
    expect(entry!.method).toBe(0);
  });
});

describe('refusals before inflating', () => {
  it('a file that is not a zip', () => {
    expect(refusal(() => readZipDirectory(strToU8('{"not":"a zip"}'), limits())).code).toBe(
      'not-zip',
    );
    expect(refusal(() => readZipDirectory(new Uint8Array(0), limits())).message).toMatch(/empty/);
  });

  it('a truncated zip', () => {
    const bytes = zipSync({ 'a.txt': strToU8('hello world'.repeat(100)) });
    const error = refusal(() => readZipDirectory(bytes.subarray(0, bytes.length - 30), limits()));
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/truncated/);
    // Cut in the middle of the data: the directory is gone too.
    expect(refusal(() => readZipDirectory(bytes.subarray(0, 60), limits())).code).toBe('corrupt');
  });

  it('an entry declared over its size limit, without inflating it', () => {
    const bytes = zipSync({ 'big.txt': strToU8('small') });
    // The central directory lies: 20 MB uncompressed.
    const view = new DataView(bytes.buffer);
    view.setUint32(centralRecord(bytes, 0) + 24, 20 * 1024 * 1024, true);
    const error = refusal(() => readZipDirectory(bytes, limits()));
    expect(error.code).toBe('too-large');
    expect(error.message).toContain('10.0 MB limit');
  });

  it('a total over the limit', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5; i++) files[`f${i}`] = new Uint8Array(300).fill(65 + i);
    const error = refusal(() => readZipDirectory(zipSync(files), limits({ maxTotalBytes: 1000 })));
    expect(error.code).toBe('too-large');
  });

  it('too many entries', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 6; i++) files[`f${i}`] = strToU8(String(i));
    expect(refusal(() => readZipDirectory(zipSync(files), limits({ maxEntries: 5 }))).code).toBe(
      'too-large',
    );
  });

  it('a compression ratio that marks a zip bomb (declared)', () => {
    const bytes = zipSync({ 'bomb.txt': new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    const error = refusal(() => readZipDirectory(bytes, limits()));
    expect(error.code).toBe('zip-bomb');
    expect(error.message).toMatch(/\d+:1/);
  });

  it('overlapping entries (a bomb that reuses its data)', () => {
    const bytes = zipSync({ a: strToU8('aaaa'), b: strToU8('bbbb') }, { level: 0 });
    // Point the second entry at the first one's local header.
    const view = new DataView(bytes.buffer);
    const second = centralRecord(bytes, 1);
    view.setUint32(second + 42, 0, true);
    // Give both records the same name so the local header check passes; overlap must still be caught.
    bytes[second + 46] = 'a'.charCodeAt(0);
    expect(['zip-bomb', 'corrupt']).toContain(
      refusal(() => readZipDirectory(bytes, limits())).code,
    );
  });

  it('encrypted entries and unknown methods', () => {
    const bytes = zipSync({ a: strToU8('aaaa') });
    const view = new DataView(bytes.buffer);
    const record = centralRecord(bytes, 0);
    view.setUint16(record + 8, view.getUint16(record + 8, true) | 1, true);
    expect(refusal(() => readZipDirectory(bytes, limits())).code).toBe('unsupported');
    const other = zipSync({ a: strToU8('aaaa') });
    new DataView(other.buffer).setUint16(centralRecord(other, 0) + 10, 12, true); // bzip2
    expect(refusal(() => readZipDirectory(other, limits())).message).toMatch(/method 12/);
  });

  it('a local header whose name differs from the directory', () => {
    const bytes = zipSync({ 'good.txt': strToU8('x') }, { level: 0 });
    bytes[30] = 'X'.charCodeAt(0); // first byte of the local header's name
    expect(refusal(() => readZipDirectory(bytes, limits())).message).toMatch(/different name/);
  });
});

describe('refusals while inflating', () => {
  it('a central directory that understates the size (a lying bomb) is stopped at the declared size', () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(7);
    const bytes = zipSync({ 'lie.bin': big }, { level: 9 });
    const record = centralRecord(bytes, 0);
    const view = new DataView(bytes.buffer);
    // Declare 1,000 bytes: under every limit and ratio check, but it inflates to 3 MB.
    view.setUint32(record + 24, 1000, true);
    const [entry] = readZipDirectory(bytes, limits());
    const error = refusal(() => readZipEntry(bytes, entry!));
    expect(error.code).toBe('zip-bomb');
    expect(error.message).toMatch(/more than the 1000 B its directory declares/);
  });

  it('the same lie in a large entry is caught by the metered stream', () => {
    // Pseudo-random text: compresses to well over one 16 KB input slice.
    let seed = 1;
    const words = Array.from({ length: 60_000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed % 100_000).toString(36);
    });
    const bytes = zipSync({ 'big.txt': strToU8(words.join(' ')) }, { level: 6 });
    const record = centralRecord(bytes, 0);
    const [honest] = readZipDirectory(bytes, limits());
    expect(honest!.compressedSize).toBeGreaterThan(16 * 1024);
    expect(readZipEntry(bytes, honest!).length).toBe(honest!.size);
    new DataView(bytes.buffer).setUint32(record + 24, 20_000, true);
    const [lying] = readZipDirectory(bytes, limits());
    expect(refusal(() => readZipEntry(bytes, lying!)).code).toBe('zip-bomb');
  });

  it('corrupted data fails its checksum or decompression', () => {
    const bytes = zipSync({
      'a.txt': strToU8('hello, this is some text that compresses a little '.repeat(20)),
    });
    const [entry] = readZipDirectory(bytes, limits());
    const damaged = bytes.slice();
    damaged[entry!.dataStart + 5] = damaged[entry!.dataStart + 5]! ^ 0xff;
    damaged[entry!.dataStart + 6] = damaged[entry!.dataStart + 6]! ^ 0xff;
    expect(refusal(() => readZipEntry(damaged, entry!)).code).toBe('corrupt');
    const stored = zipSync({ 'a.txt': strToU8('plain') }, { level: 0 });
    const [plain] = readZipDirectory(stored, limits());
    stored[plain!.dataStart] = stored[plain!.dataStart]! ^ 1;
    expect(refusal(() => readZipEntry(stored, plain!)).message).toMatch(/CRC-32/);
  });
});
