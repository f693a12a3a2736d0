import { seededRandom } from "./random.js";

// Model-like token boundaries: a word with its leading whitespace, a run of digits, one
// punctuation mark, or a run of whitespace. Long words are cut further below, the way BPE
// splits rare words into sub-word pieces.
const TOKEN = /\s*[\p{L}\p{M}']+|\s*\d{1,3}|\s*[^\s\p{L}\p{M}\d]|\s+/gu;
const LONGEST_PIECE = 7;

function* modelTokens(text: string): Generator<string> {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    if (token.length <= LONGEST_PIECE) {
      yield token;
      continue;
    }
    for (let i = 0; i < token.length; i += LONGEST_PIECE) yield token.slice(i, i + LONGEST_PIECE);
  }
}

/**
 * Splits `text` into stream deltas of one to three model tokens each, chosen by a PRNG
 * seeded with `seed` (use the message or tool-call id). The deltas concatenate back to
 * exactly `text`.
 */
export function* deltas(text: string, seed: string): Generator<string> {
  const random = seededRandom(seed);
  let pending = "";
  let wanted = random.int(1, 3);
  let have = 0;
  for (const token of modelTokens(text)) {
    pending += token;
    if (++have < wanted) continue;
    yield pending;
    pending = "";
    have = 0;
    wanted = random.int(1, 3);
  }
  if (pending !== "") yield pending;
}

/** Splits a JSON text into argument fragments of 3 to 12 characters, as providers stream them. */
export function* jsonFragments(json: string, seed: string): Generator<string> {
  const random = seededRandom(seed);
  for (let i = 0; i < json.length; ) {
    const size = random.int(3, 12);
    yield json.slice(i, i + size);
    i += size;
  }
}
