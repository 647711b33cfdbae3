// A string as everything that may read it: the scan and the URL templates judge each reading,
// not only the text as written. A reading is the text with Unicode look-alikes folded (NFKC:
// `＠` is `@`), with percent-encoding undone layer by layer (`%2540` is `%40` is `@`), and the
// text of every base64 or base64url run that decodes to text (a JWT's segments among them), read
// again the same way. The work is bounded: a value that still decodes at the bounds cannot be
// judged, and the run stops on it rather than pass it unread.

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

/** The texts the base64 runs of `text` decode to (Node reads both alphabets; padding is optional). */
function base64Texts(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(base64Run) ?? []) {
    const decoded = asText(Buffer.from(run, "base64"));
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
  for (const layer of layers) {
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
