// ZIP container reading and writing for bundles. fflate does the DEFLATE work; the container is
// parsed here so that every size, name and offset is checked against limits from the central
// directory BEFORE anything is inflated, and inflation itself is metered so that an archive whose
// directory lies about sizes is stopped as soon as it produces more than it declared.
//
// Supported: the classic ZIP format (no ZIP64, one disk), methods 0 (stored) and 8 (deflate),
// data descriptors, UTF-8 names. Bundles are capped far below 4 GB, so ZIP64 is never needed.

import { Inflate, deflateSync, inflateSync } from 'fflate';
import { BundleError, formatBytes, quoteName } from './errors';
import { errorText } from '../text/errors';

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_END_LOCATOR = 0x07064b50;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8 = 0x800;

/** Input is pushed to the inflater in slices this big: DEFLATE expands at most ~1032x, so one
 *  push can produce at most ~16 MB before the meter sees it. */
const INFLATE_SLICE = 16 * 1024;

export interface ZipLimits {
  /** Most entries (directory entries included). */
  maxEntries: number;
  /** Most uncompressed bytes over all entries. */
  maxTotalBytes: number;
  /** Most uncompressed bytes of one entry, by name. */
  maxEntryBytes(name: string): number;
  /** An entry over `ratioMinBytes` whose size / compressed size exceeds this is refused as a bomb. */
  maxRatio: number;
  ratioMinBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  /** Uncompressed size, as declared by the central directory. */
  size: number;
  /** Offset of the compressed data in the archive. */
  dataStart: number;
  isDirectory: boolean;
}

// ---------------------------------------------------------------------------------------------
// CRC-32 (IEEE), table driven. fflate keeps its own private.

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc32(data: Uint8Array, previous = 0): number {
  const table = CRC_TABLE;
  let crc = ~previous;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Reading

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** True if the bytes start like a ZIP archive (a local header, or the end record of an empty one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const sig = readU32(bytes, 0);
  return sig === SIG_LOCAL || sig === SIG_END;
}

/**
 * Reads and checks the central directory. Throws BundleError on anything unexpected; never
 * inflates. Entry names are returned as stored (checking them against the layout is the caller's).
 */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  if (!looksLikeZip(bytes)) {
    throw new BundleError(
      'not-zip',
      bytes.length === 0
        ? 'The file is empty: it is not a ZIP archive.'
        : "This file is not a ZIP archive (it does not start with the ZIP signature 'PK'). Choose a memory bundle (.zip) exported by Memory Playground.",
    );
  }
  const endOffset = findEndRecord(bytes);
  if (endOffset < 0) {
    throw new BundleError(
      'corrupt',
      'The ZIP archive is truncated or corrupted: its end record (central directory) is missing. It may have been cut off while downloading; export it again.',
    );
  }
  if (endOffset >= 20 && readU32(bytes, endOffset - 20) === SIG_ZIP64_END_LOCATOR) {
    throw new BundleError('unsupported', 'ZIP64 archives are not supported (bundles are small).');
  }
  const disk = readU16(bytes, endOffset + 4);
  const cdDisk = readU16(bytes, endOffset + 6);
  const entriesOnDisk = readU16(bytes, endOffset + 8);
  const entryCount = readU16(bytes, endOffset + 10);
  const cdSize = readU32(bytes, endOffset + 12);
  const cdOffset = readU32(bytes, endOffset + 16);
  if (disk !== 0 || cdDisk !== 0 || entriesOnDisk !== entryCount) {
    throw new BundleError('unsupported', 'Split (multi-part) ZIP archives are not supported.');
  }
  if (entryCount === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new BundleError('unsupported', 'ZIP64 archives are not supported (bundles are small).');
  }
  if (entryCount > limits.maxEntries) {
    throw new BundleError(
      'too-large',
      `The archive has ${entryCount.toLocaleString('en-US')} entries; a bundle may have at most ${limits.maxEntries.toLocaleString('en-US')}.`,
    );
  }
  if (cdOffset + cdSize !== endOffset) {
    throw new BundleError(
      'corrupt',
      'The ZIP archive is truncated or corrupted: its central directory does not end where the end record says.',
    );
  }

  const entries: ZipEntry[] = [];
  const ranges: { start: number; end: number; name: string }[] = [];
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < entryCount; i++) {
    if (p + CENTRAL_HEADER > endOffset || readU32(bytes, p) !== SIG_CENTRAL) {
      throw new BundleError(
        'corrupt',
        `The ZIP archive is corrupted: central directory record ${i + 1} of ${entryCount} is damaged.`,
      );
    }
    const flags = readU16(bytes, p + 8);
    const method = readU16(bytes, p + 10);
    const crc = readU32(bytes, p + 16);
    const compressedSize = readU32(bytes, p + 20);
    const size = readU32(bytes, p + 24);
    const nameLength = readU16(bytes, p + 28);
    const extraLength = readU16(bytes, p + 30);
    const commentLength = readU16(bytes, p + 32);
    const localOffset = readU32(bytes, p + 42);
    const next = p + CENTRAL_HEADER + nameLength + extraLength + commentLength;
    if (next > endOffset) {
      throw new BundleError(
        'corrupt',
        `The ZIP archive is corrupted: central directory record ${i + 1} runs past the directory.`,
      );
    }
    const nameBytes = bytes.subarray(p + CENTRAL_HEADER, p + CENTRAL_HEADER + nameLength);
    const name = decodeName(nameBytes, flags, i);
    p = next;

    if (flags & FLAG_ENCRYPTED) {
      throw new BundleError(
        'unsupported',
        `Entry ${quoteName(name)} is encrypted; bundles are never encrypted.`,
        name,
      );
    }
    if (method !== 0 && method !== 8) {
      throw new BundleError(
        'unsupported',
        `Entry ${quoteName(name)} uses compression method ${method}; only stored (0) and deflate (8) are supported.`,
        name,
      );
    }
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) {
      throw new BundleError(
        'unsupported',
        'ZIP64 archives are not supported (bundles are small).',
        name,
      );
    }
    // Declared sizes, checked before any byte is inflated.
    const max = limits.maxEntryBytes(name);
    if (size > max) {
      throw new BundleError(
        'too-large',
        `Entry ${quoteName(name)} is ${formatBytes(size)} uncompressed, over the ${formatBytes(max)} limit for this kind of entry.`,
        name,
      );
    }
    total += size;
    if (total > limits.maxTotalBytes) {
      throw new BundleError(
        'too-large',
        `The bundle holds more than ${formatBytes(limits.maxTotalBytes)} uncompressed, the limit for a bundle.`,
        name,
      );
    }
    if (method === 0 && compressedSize !== size) {
      throw new BundleError(
        'corrupt',
        `Entry ${quoteName(name)} is stored uncompressed but declares two different sizes.`,
        name,
      );
    }
    if (size > limits.ratioMinBytes && size / Math.max(compressedSize, 1) > limits.maxRatio) {
      throw new BundleError(
        'zip-bomb',
        `Entry ${quoteName(name)} would expand ${Math.round(size / Math.max(compressedSize, 1))}:1 (${formatBytes(compressedSize)} to ${formatBytes(size)}), above the ${limits.maxRatio}:1 ratio allowed: this looks like a decompression bomb.`,
        name,
      );
    }

    // The local header must agree with the directory (a different name there is a classic trick).
    if (localOffset + LOCAL_HEADER > cdOffset || readU32(bytes, localOffset) !== SIG_LOCAL) {
      throw new BundleError(
        'corrupt',
        `The ZIP archive is corrupted: the data of entry ${quoteName(name)} is missing or damaged.`,
        name,
      );
    }
    const localNameLength = readU16(bytes, localOffset + 26);
    const localExtraLength = readU16(bytes, localOffset + 28);
    const localName = bytes.subarray(
      localOffset + LOCAL_HEADER,
      localOffset + LOCAL_HEADER + localNameLength,
    );
    if (!sameBytes(localName, nameBytes)) {
      throw new BundleError(
        'corrupt',
        `The ZIP archive is inconsistent: entry ${quoteName(name)} has a different name in its local header.`,
        name,
      );
    }
    const dataStart = localOffset + LOCAL_HEADER + localNameLength + localExtraLength;
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > cdOffset) {
      throw new BundleError(
        'corrupt',
        `The ZIP archive is truncated or corrupted: the data of entry ${quoteName(name)} runs past the end of the file data.`,
        name,
      );
    }
    ranges.push({ start: localOffset, end: dataEnd, name });
    const isDirectory = name.endsWith('/');
    if (isDirectory && size !== 0) {
      throw new BundleError('corrupt', `Directory entry ${quoteName(name)} has content.`, name);
    }
    entries.push({ name, method, crc32: crc, compressedSize, size, dataStart, isDirectory });
  }
  if (p !== endOffset) {
    throw new BundleError(
      'corrupt',
      'The ZIP archive is inconsistent: its central directory has more records than the end record counts.',
    );
  }
  // Entries sharing compressed data is how "overlapping" zip bombs multiply their size.
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]!.start < ranges[i - 1]!.end) {
      throw new BundleError(
        'zip-bomb',
        `Entries ${quoteName(ranges[i - 1]!.name)} and ${quoteName(ranges[i]!.name)} overlap in the archive: this looks like a decompression bomb.`,
        ranges[i]!.name,
      );
    }
  }
  return entries;
}

/**
 * Inflates one entry, metered: it stops as soon as the output exceeds the declared size, and
 * checks the final size and CRC-32.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) {
    out = data;
  } else {
    const overflow = () =>
      new BundleError(
        'zip-bomb',
        `Entry ${quoteName(entry.name)} inflates to more than the ${formatBytes(entry.size)} its directory declares: refused as a decompression bomb or a corrupted archive.`,
        entry.name,
      );
    if (entry.compressedSize > 0 && entry.compressedSize <= INFLATE_SLICE) {
      // Small entries in one call, into a buffer one byte larger than declared: fflate never grows
      // a buffer it is given, so more output than declared shows up as a full buffer, and the
      // work is bounded by the small input.
      let result: Uint8Array;
      try {
        result = inflateSync(data, { out: new Uint8Array(entry.size + 1) });
      } catch (error) {
        throw corrupt(entry, error);
      }
      if (result.length > entry.size) throw overflow();
      if (result.length !== entry.size) throw wrongSize(entry, result.length);
      return checkCrc(entry, result);
    }
    const target = new Uint8Array(entry.size);
    out = target;
    let written = 0;
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > entry.size) throw overflow();
      target.set(chunk, written);
      written += chunk.length;
    });
    try {
      if (data.length === 0) inflater.push(data, true);
      for (let offset = 0; offset < data.length; offset += INFLATE_SLICE) {
        const end = Math.min(offset + INFLATE_SLICE, data.length);
        inflater.push(data.subarray(offset, end), end === data.length);
      }
    } catch (error) {
      if (error instanceof BundleError) throw error;
      throw corrupt(entry, error);
    }
    if (written !== entry.size) throw wrongSize(entry, written);
  }
  return checkCrc(entry, out);
}

function corrupt(entry: ZipEntry, error: unknown): BundleError {
  return new BundleError(
    'corrupt',
    `Entry ${quoteName(entry.name)} is corrupted: it could not be decompressed (${errorText(error)}).`,
    entry.name,
  );
}

function wrongSize(entry: ZipEntry, actual: number): BundleError {
  return new BundleError(
    'corrupt',
    `Entry ${quoteName(entry.name)} is corrupted: it inflates to ${actual} bytes, not the ${entry.size} declared.`,
    entry.name,
  );
}

function checkCrc(entry: ZipEntry, data: Uint8Array): Uint8Array {
  if (crc32(data) !== entry.crc32) {
    throw new BundleError(
      'corrupt',
      `Entry ${quoteName(entry.name)} is corrupted: its checksum (CRC-32) does not match.`,
      entry.name,
    );
  }
  return data;
}

function findEndRecord(bytes: Uint8Array): number {
  const last = bytes.length - END_RECORD;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) {
    if (readU32(bytes, i) === SIG_END && i + END_RECORD + readU16(bytes, i + 20) <= bytes.length)
      return i;
  }
  return -1;
}

function decodeName(nameBytes: Uint8Array, flags: number, index: number): string {
  try {
    return utf8.decode(nameBytes);
  } catch {
    // Names without the UTF-8 flag may be in a legacy code page; the bundle layout is ASCII-safe
    // only when written by us, so anything undecodable is refused rather than guessed.
    throw new BundleError(
      'bad-path',
      `Entry ${index + 1} has a name that is not valid UTF-8${flags & FLAG_UTF8 ? '' : ' (legacy code page names are not supported)'}.`,
    );
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function readU16(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 2 > bytes.length) return -1;
  return bytes[offset]! | (bytes[offset + 1]! << 8);
}

function readU32(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 4 > bytes.length) return -1;
  return (
    (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16)) +
    bytes[offset + 3]! * 0x1000000
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface ZipWriterOptions {
  /** DEFLATE level (default 6). */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /**
   * Entries that would compress beyond this ratio are stored instead, so that our own bundles
   * never trip the importer's bomb check (default: never).
   */
  maxRatio?: number;
  ratioMinBytes?: number;
}

/** Builds a ZIP archive entry by entry (the caller can yield between entries for progress). */
export class ZipWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly central: Uint8Array[] = [];
  private offset = 0;
  private count = 0;

  constructor(private readonly options: ZipWriterOptions = {}) {}

  get entryCount(): number {
    return this.count;
  }

  add(name: string, data: Uint8Array, mtime: number = Date.now()): void {
    const nameBytes = new TextEncoder().encode(name);
    if (nameBytes.length > 0xffff) throw new Error(`Entry name too long: ${name.slice(0, 80)}…`);
    if (this.count >= 0xfffe) throw new Error('Too many entries for a ZIP archive without ZIP64.');
    const crc = crc32(data);
    let method = 0;
    let stored = data;
    const level = this.options.level ?? 6;
    if (level > 0 && data.length > 0) {
      const deflated = deflateSync(data, { level });
      const ratio = data.length / Math.max(deflated.length, 1);
      const tooHigh =
        this.options.maxRatio !== undefined &&
        data.length > (this.options.ratioMinBytes ?? 0) &&
        ratio > this.options.maxRatio;
      if (deflated.length < data.length && !tooHigh) {
        method = 8;
        stored = deflated;
      }
    }
    const { time, date } = dosDateTime(mtime);
    // Both headers hold the same run of fields, from "version needed" on, at different offsets.
    const fields = (view: DataView, at: number) => {
      view.setUint16(at, 20, true); // version needed: 2.0
      view.setUint16(at + 2, FLAG_UTF8, true);
      view.setUint16(at + 4, method, true);
      view.setUint16(at + 6, time, true);
      view.setUint16(at + 8, date, true);
      view.setUint32(at + 10, crc, true);
      view.setUint32(at + 14, stored.length, true);
      view.setUint32(at + 18, data.length, true);
      view.setUint16(at + 22, nameBytes.length, true);
    };
    const local = new Uint8Array(LOCAL_HEADER + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, SIG_LOCAL, true);
    fields(lv, 4);
    lv.setUint16(28, 0, true);
    local.set(nameBytes, LOCAL_HEADER);

    const header = new Uint8Array(CENTRAL_HEADER + nameBytes.length);
    const cv = new DataView(header.buffer);
    cv.setUint32(0, SIG_CENTRAL, true);
    cv.setUint16(4, 20, true); // made by: MS-DOS attributes, version 2.0
    fields(cv, 6);
    cv.setUint32(42, this.offset, true);
    header.set(nameBytes, CENTRAL_HEADER);

    this.parts.push(local, stored);
    this.central.push(header);
    this.offset += local.length + stored.length;
    this.count++;
    if (this.offset > 0xfffffff0)
      throw new Error('The archive is too large for ZIP without ZIP64.');
  }

  finish(): Uint8Array {
    const cdSize = this.central.reduce((sum, part) => sum + part.length, 0);
    const end = new Uint8Array(END_RECORD);
    const ev = new DataView(end.buffer);
    ev.setUint32(0, SIG_END, true);
    ev.setUint16(8, this.count, true);
    ev.setUint16(10, this.count, true);
    ev.setUint32(12, cdSize, true);
    ev.setUint32(16, this.offset, true);
    const all = [...this.parts, ...this.central, end];
    const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
    let p = 0;
    for (const part of all) {
      out.set(part, p);
      p += part.length;
    }
    return out;
  }
}

/** MS-DOS date and time (local time, 2-second resolution), clamped to what the format can hold. */
function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(Number.isFinite(ms) ? ms : Date.now());
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  if (year !== d.getFullYear()) return { time: 0, date: ((year - 1980) << 9) | (1 << 5) | 1 };
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
