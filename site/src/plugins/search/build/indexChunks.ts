// Re-cuts Pagefind's word index into small chunks. Pagefind 1.x cuts it every ~20,000 word
// positions (hard-coded in pagefind/src/index/mod.rs, "TODO: Parameterize"): ~27 KB gzip per chunk
// here, and the browser fetches one chunk per query word, so a two-word query cost ~54 KB of index
// before its first results. The word entries are copied byte for byte into chunks of about
// CHUNK_BYTES; only their grouping, the metadata's chunk list and the file names change, so every
// word keeps the pages, positions and weights Pagefind gave it.
//
// Formats (Pagefind 1.6, read by its WASM): every file is gzip("pagefind_dcd" + CBOR).
//   metadata  [version, pages, [[from, to, hash], …], filters, sorts, meta fields]
//   word chunk [[word entry, …]], each entry an array whose first item is the word
// A query word loads the first chunk with from <= word <= to (lexicographic on UTF-8 bytes).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Raw CBOR bytes per chunk before gzip (~2 KB gzip): the smallest first-search downloads of a sweep over 1,500–10,000 (bench/search.ts). */
export const CHUNK_BYTES = 3000;
const SIGNATURE = Buffer.from('pagefind_dcd');
const FORMAT_VERSION = '1.6.0';

// --- CBOR: just what these files use (definite lengths, ints, strings, arrays) ---

interface Head {
  major: number;
  value: number;
  next: number;
}
function head(buf: Buffer, at: number): Head {
  const first = buf[at]!;
  const major = first >> 5;
  const info = first & 31;
  if (info < 24) return { major, value: info, next: at + 1 };
  if (info === 24) return { major, value: buf[at + 1]!, next: at + 2 };
  if (info === 25) return { major, value: buf.readUInt16BE(at + 1), next: at + 3 };
  if (info === 26) return { major, value: buf.readUInt32BE(at + 1), next: at + 5 };
  if (info === 27) return { major, value: Number(buf.readBigUInt64BE(at + 1)), next: at + 9 };
  throw new Error(`unexpected CBOR item 0x${first.toString(16)} at byte ${at}`);
}
/** The offset just after the item at `at`. */
function skip(buf: Buffer, at: number): number {
  const { major, value, next } = head(buf, at);
  if (major === 0 || major === 1 || major === 7) return next;
  if (major === 2 || major === 3) return next + value;
  let end = next;
  const items = major === 4 ? value : major === 5 ? 2 * value : NaN;
  if (Number.isNaN(items)) throw new Error(`unexpected CBOR major type ${major} at byte ${at}`);
  for (let i = 0; i < items; i++) end = skip(buf, end);
  return end;
}
function text(buf: Buffer, at: number): { value: string; next: number } {
  const h = head(buf, at);
  if (h.major !== 3) throw new Error(`expected a CBOR string at byte ${at}`);
  return { value: buf.toString('utf8', h.next, h.next + h.value), next: h.next + h.value };
}
function arrayHead(buf: Buffer, at: number): { length: number; next: number } {
  const h = head(buf, at);
  if (h.major !== 4) throw new Error(`expected a CBOR array at byte ${at}`);
  return { length: h.value, next: h.next };
}
function encodeHead(major: number, value: number): Buffer {
  const m = major << 5;
  if (value < 24) return Buffer.from([m | value]);
  if (value < 0x100) return Buffer.from([m | 24, value]);
  if (value < 0x10000) return Buffer.from([m | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = m | 26;
  out.writeUInt32BE(value, 1);
  return out;
}
const encodeArray = (items: Buffer[]) => Buffer.concat([encodeHead(4, items.length), ...items]);
const encodeText = (value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([encodeHead(3, bytes.length), bytes]);
};

// --- Pagefind's files ---

/** The content of a Pagefind file (the bytes after its signature). */
export function readPagefindFile(bytes: Buffer, name: string): Buffer {
  const plain = gunzipSync(bytes);
  if (!plain.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error(`${name} is not a Pagefind file`);
  return plain.subarray(SIGNATURE.length);
}
const writePagefindFile = (body: Buffer) => gzipSync(Buffer.concat([SIGNATURE, body]), { level: 9 });
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface WordEntry {
  word: string;
  /** The entry's CBOR bytes as Pagefind wrote them. */
  raw: Buffer;
}
interface ChunkRef {
  from: string;
  to: string;
  hash: string;
}

/** The metadata's index chunk list, with the byte span it takes in the metadata. */
function readChunkList(meta: Buffer) {
  const top = arrayHead(meta, 0);
  const version = text(meta, top.next);
  if (version.value !== FORMAT_VERSION) {
    throw new Error(
      `Pagefind ${version.value} wrote this index; the chunk re-cutting reads the ${FORMAT_VERSION} format (check indexChunks.ts against the new version)`,
    );
  }
  const start = skip(meta, version.next); // after the pages
  const list = arrayHead(meta, start);
  const chunks: ChunkRef[] = [];
  let at = list.next;
  for (let i = 0; i < list.length; i++) {
    const entry = arrayHead(meta, at);
    const from = text(meta, entry.next);
    const to = text(meta, from.next);
    const hash = text(meta, to.next);
    chunks.push({ from: from.value, to: to.value, hash: hash.value });
    at = hash.next;
  }
  return { chunks, start, end: at };
}

export function readWordEntries(chunk: Buffer): WordEntry[] {
  const outer = arrayHead(chunk, 0);
  const words = arrayHead(chunk, outer.next);
  const entries: WordEntry[] = [];
  let at = words.next;
  for (let i = 0; i < words.length; i++) {
    const end = skip(chunk, at);
    const word = text(chunk, arrayHead(chunk, at).next).value;
    entries.push({ word, raw: chunk.subarray(at, end) });
    at = end;
  }
  return entries;
}

const codePoints = (s: string) => Array.from(s);
function commonPrefixLength(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * How many indexed words (of three letters or more) a cut between `a` and `b` separates from some
 * of their extensions. Pagefind matches a query word and the words it begins among the chunks it
 * has loaded, but loads one chunk per query word: "metadata" sits in one chunk with "metadata_api",
 * so a search for it finds the same pages whatever earlier searches loaded. (Pagefind's own cuts
 * split such families: "metadata" | "metadata_…", "hasura" | "hasura_…".)
 */
function cutCost(a: string, b: string, words: ReadonlySet<string>): number {
  const shared = codePoints(a).slice(0, commonPrefixLength(a, b));
  let cost = 0;
  for (let n = 3; n <= shared.length; n++) if (words.has(shared.slice(0, n).join(''))) cost++;
  return cost;
}

/**
 * Groups the sorted entries into chunks of about `target` bytes: past `target`, the cut goes at
 * the first place that separates no word from its extensions, or, if none comes before 4 ×
 * `target`, where it separates the fewest.
 */
export function groupEntries(entries: WordEntry[], target = CHUNK_BYTES): WordEntry[][] {
  const words = new Set(entries.map((e) => e.word));
  const groups: WordEntry[][] = [];
  let start = 0;
  while (start < entries.length) {
    let size = 0;
    let end = start; // the group's last entry, inclusive
    while (end < entries.length - 1 && size + entries[end]!.raw.length < target) size += entries[end++]!.raw.length;
    let best = entries.length - 1;
    let bestCost = Infinity;
    for (let i = end; i < entries.length - 1 && size < 4 * target; i++) {
      const cost = cutCost(entries[i]!.word, entries[i + 1]!.word, words);
      if (cost < bestCost) [best, bestCost] = [i, cost];
      if (cost === 0) break;
      size += entries[i]!.raw.length;
    }
    groups.push(entries.slice(start, best + 1));
    start = best + 1;
  }
  return groups;
}

/**
 * The lookup range of each group: `to` is its last word whole (Pagefind shortens it to a prefix,
 * which makes the last words of a chunk unreachable from a query of several words), `from` the
 * shortest prefix of its first word that sorts after the previous group's last word, so a typed
 * prefix of that word still finds the group.
 */
export function chunkRanges(groups: WordEntry[][], firstFrom: string): Array<{ from: string; to: string }> {
  return groups.map((group, i) => {
    const first = group[0]!.word;
    const previous = groups[i - 1]?.at(-1)?.word;
    const from =
      previous === undefined
        ? firstFrom
        : codePoints(first)
            .slice(0, commonPrefixLength(previous, first) + 1)
            .join('');
    return { from, to: group.at(-1)!.word };
  });
}

/** Re-cuts the word index of the Pagefind bundle in `dir`; returns how many chunks it now has. */
export async function recutWordIndex(dir: string, target = CHUNK_BYTES) {
  const entryFile = path.join(dir, 'pagefind-entry.json');
  const entry = JSON.parse(await fs.readFile(entryFile, 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  let chunks = 0;
  for (const [language, info] of Object.entries(entry.languages)) {
    const metaFile = path.join(dir, `pagefind.${info.hash}.pf_meta`);
    const meta = readPagefindFile(await fs.readFile(metaFile), metaFile);
    const list = readChunkList(meta);
    const entries: WordEntry[] = [];
    for (const chunk of list.chunks) {
      const file = path.join(dir, 'index', `${chunk.hash}.pf_index`);
      entries.push(...readWordEntries(readPagefindFile(await fs.readFile(file), file)));
      await fs.rm(file);
    }
    for (let i = 1; i < entries.length; i++) {
      if (Buffer.compare(Buffer.from(entries[i - 1]!.word), Buffer.from(entries[i]!.word)) >= 0) {
        throw new Error(`Pagefind's word index is not in order at "${entries[i]!.word}"`);
      }
    }
    const groups = groupEntries(entries, target);
    const ranges = chunkRanges(groups, list.chunks[0]?.from ?? '');
    const refs: Buffer[] = [];
    const used = new Set<string>();
    for (const [i, group] of groups.entries()) {
      const body = encodeArray([encodeArray(group.map((e) => e.raw))]);
      const digest = hashOf(body);
      let length = 7;
      while (used.has(digest.slice(0, length))) length++;
      const hash = `${language}_${digest.slice(0, length)}`;
      used.add(digest.slice(0, length));
      await fs.writeFile(path.join(dir, 'index', `${hash}.pf_index`), writePagefindFile(body));
      refs.push(encodeArray([encodeText(ranges[i]!.from), encodeText(ranges[i]!.to), encodeText(hash)]));
    }
    const newMeta = Buffer.concat([meta.subarray(0, list.start), encodeArray(refs), meta.subarray(list.end)]);
    const metaHash = `${language}_${hashOf(newMeta).slice(0, 10)}`;
    await fs.rm(metaFile);
    await fs.writeFile(path.join(dir, `pagefind.${metaHash}.pf_meta`), writePagefindFile(newMeta));
    info.hash = metaHash;
    chunks += groups.length;
  }
  await fs.writeFile(entryFile, JSON.stringify(entry));
  return chunks;
}
