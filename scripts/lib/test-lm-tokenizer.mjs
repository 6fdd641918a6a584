// The tokenizer of the tiny test language models (scripts/make-test-lm.mjs): a byte-level BPE with
// Qwen2's pre-tokenizer (Qwen2.5 and Qwen3 share it), merges learned from a small corpus.

// Qwen2's pre-tokenizer (tokenizer.json of every Qwen2 / Qwen2.5 model).
export const QWEN2_SPLIT =
  "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
// The same for JavaScript without inline modifiers (used here to learn the merges).
const SPLIT_JS =
  /'(?:[sStTmMdD]|[rR][eE]|[vV][eE]|[lL][lL])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/** GPT-2's reversible byte -> printable character table, used by every byte-level BPE. */
function bytesToUnicode() {
  const bs = [];
  for (let b = 33; b <= 126; b++) bs.push(b);
  for (let b = 161; b <= 172; b++) bs.push(b);
  for (let b = 174; b <= 255; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n);
      n++;
    }
  }
  const map = new Map();
  bs.forEach((b, i) => map.set(b, String.fromCodePoint(cs[i])));
  return map;
}

/** Byte-level BPE: the 256 byte symbols, then `count` merges learned from the corpus. */
export function learnBpe(corpus, count) {
  const byteChar = bytesToUnicode();
  const encoder = new TextEncoder();
  const words = new Map();
  for (const piece of corpus.match(SPLIT_JS) ?? []) {
    const symbols = [...encoder.encode(piece)].map((b) => byteChar.get(b));
    const key = symbols.join('\u0000');
    words.set(key, (words.get(key) ?? 0) + 1);
  }
  let entries = [...words].map(([key, freq]) => ({ symbols: key.split('\u0000'), freq }));
  const vocab = [...byteChar.values()].sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
  const merges = [];
  for (let m = 0; m < count; m++) {
    const pairs = new Map();
    for (const { symbols, freq } of entries) {
      for (let i = 0; i < symbols.length - 1; i++) {
        const pair = `${symbols[i]} ${symbols[i + 1]}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + freq);
      }
    }
    let best = null;
    let bestCount = 1;
    // Ties are broken by the pair's text, so the merges (and the vocabulary) never vary.
    for (const [pair, n] of pairs) {
      if (n > bestCount || (n === bestCount && best !== null && pair < best)) {
        best = pair;
        bestCount = n;
      }
    }
    if (best === null) break;
    const [a, b] = best.split(' ');
    merges.push(best);
    vocab.push(a + b);
    entries = entries.map(({ symbols, freq }) => {
      const next = [];
      for (let i = 0; i < symbols.length; i++) {
        if (i < symbols.length - 1 && symbols[i] === a && symbols[i + 1] === b) {
          next.push(a + b);
          i++;
        } else next.push(symbols[i]);
      }
      return { symbols: next, freq };
    });
  }
  return { vocab, merges, byteChar };
}

export function tokenizerJson(vocab, merges, added) {
  const ids = Object.fromEntries(vocab.map((token, id) => [token, id]));
  const byteLevel = {
    type: 'ByteLevel',
    add_prefix_space: false,
    trim_offsets: false,
    use_regex: false,
  };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added.map(({ id, content, special }) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special,
    })),
    normalizer: { type: 'NFC' },
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'Split', pattern: { Regex: QWEN2_SPLIT }, behavior: 'Isolated', invert: false },
        byteLevel,
      ],
    },
    post_processor: { ...byteLevel, trim_offsets: false },
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: '',
      end_of_word_suffix: '',
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: ids,
      merges,
    },
  };
}
