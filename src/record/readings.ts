// A string as everything that may read it: the scan and the URL templates judge each reading,
// not only the text as written. A reading is the text with Unicode look-alikes folded (NFKC:
// `＠` is `@`), with percent-encoding undone layer by layer (`%2540` is `%40` is `@`), and the
// text of every base64, base64url or base32 run that decodes to text or to gzip of text (a JWT's
// segments among them), read again the same way. Each layer is read in more spellings too
// (spellings.ts): HTML entities, `\u` escapes, quoted-printable, `[at]` forms, without
// zero-width and soft-hyphen characters, an IP written with dashes. The work is bounded: a value that still decodes at the
// bounds cannot be judged, and the run stops on it rather than pass it unread.
import { gunzipSync } from "node:zlib";
import { spellingsOf } from "./spellings.js";

/** Layers of percent-encoding undone; one more that still changes the text cannot be judged. */
const percentLayers = 8;
/** Base64 inside base64 (a JWT in a base64 blob, say) read this deep; one more cannot be judged. */
const base64Depth = 3;
/** A base64 run this long or longer is decoded: 8 characters carry 6 bytes, a personal value's 4 and more. */
const base64Run = /[A-Za-z0-9+/_-]{8,}={0,2}/g;
const percentRun = /(?:%[0-9a-f]{2})+/gi;
const utf8 = new TextDecoder("utf-8", { fatal: true });

export interface Readings {
  /** The text and each decoded form of it, NFKC-folded, in case as written (base64 needs it). */
  texts: string[];
  /** Decoding had not ended at the bounds: what the text says is not known. */
  undecidable: boolean;
}

/** One layer of percent-encoding undone; a byte run that is not UTF-8 is left as written. */
function percentDecoded(text: string): string {
  return text.replace(percentRun, (run) => {
    try {
      return utf8.decode(Buffer.from(run.replaceAll("%", ""), "hex"));
    } catch {
      return run;
    }
  });
}

/** `bytes` as text, when they are: UTF-8 without control characters but tab and newlines. */
function asText(bytes: Buffer): string | undefined {
  try {
    const text = utf8.decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
    return text.length >= 4 && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** A base32 run (RFC 4648's alphabet, upper case, padding optional) long enough to carry 5 bytes, a personal value's 4 and more. */
const base32Run = /[A-Z2-7]{8,}={0,6}/g;
const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** The most a gzip member is inflated to: past it, the text is judged as what was inflated. */
const gunzipLimit = 1024 * 1024;

function base32Bytes(run: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of run.replace(/=+$/, "")) {
    value = (value << 5) | base32Alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** `bytes` as text, or as the text their gzip member inflates to. */
function bytesText(bytes: Buffer): string | undefined {
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return asText(gunzipSync(bytes, { maxOutputLength: gunzipLimit }));
    } catch {
      return undefined;
    }
  }
  return asText(bytes);
}

/** The texts the base64 and base32 runs of `text` decode to (Node reads both base64 alphabets; padding is optional). */
function base64Texts(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(base64Run) ?? []) {
    const decoded = bytesText(Buffer.from(run, "base64"));
    if (decoded !== undefined) out.push(decoded);
  }
  for (const run of text.match(base32Run) ?? []) {
    const decoded = bytesText(base32Bytes(run));
    if (decoded !== undefined) out.push(decoded);
  }
  return out;
}

function read(text: string, depth: number, into: Set<string>): boolean {
  let current = text.normalize("NFKC");
  let undecidable = false;
  const layers = [current];
  for (let layer = 0; ; layer++) {
    const next = percentDecoded(current).normalize("NFKC");
    if (next === current) break;
    if (layer === percentLayers) {
      undecidable = true;
      break;
    }
    layers.push(next);
    current = next;
  }
  for (const layer of layers.flatMap(spellingsOf)) {
    if (into.has(layer)) continue;
    into.add(layer);
    for (const decoded of base64Texts(layer)) {
      if (depth === base64Depth) undecidable = true;
      else if (read(decoded, depth + 1, into)) undecidable = true;
    }
  }
  return undecidable;
}

/** Every reading of `text` (see above). */
export function readingsOf(text: string): Readings {
  const texts = new Set<string>();
  const undecidable = read(text, 0, texts);
  return { texts: [...texts], undecidable };
}
