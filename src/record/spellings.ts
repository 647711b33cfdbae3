// The other spellings a text can hide a value in, each undone: HTML entities (`&#64;`,
// `&commat;`, by the `entities` package's tables), `\u0040` and `\x40` escapes, quoted-printable
// (`=40`), `[at]` and `[dot]` forms, zero-width and soft-hyphen characters (every format
// character, Unicode's Cf), an IP address written with dashes (`ip-203-0-113-77`), and all of
// these at once. The scan compares values read by their confusable skeleton too (UTS #39: NFD,
// each character mapped by confusables.txt, NFD again; the `unhomoglyph` package ships the
// mapping, from Unicode 13.0.0), so a Cyrillic `а` reads as `a`; shapes are not read off a
// skeleton, which writes `1` as `l`.
import { decodeHTML } from "entities";
import unhomoglyph from "unhomoglyph";

const escapes = /\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi;
const quotedPrintable = /=([0-9A-F]{2})|=\r?\n/g;
// Bracketed forms anywhere; bare words only as an address spells them (`jane at acme dot com`), so prose keeps its "at".
const atForms = /\s*[[({<]\s*at\s*[\])}>]\s*|\s+at\s+(?=[\w-]+\s+dot\s)/gi;
const dotForms = /\s*[[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+(?=[a-z]{2,}\b)/gi;
const formatCharacters = /\p{Cf}/gu;
const dashedIp = /\b(\d{1,3})[-_](\d{1,3})[-_](\d{1,3})[-_](\d{1,3})\b/g;
const utf8 = new TextDecoder("utf-8", { fatal: true });

function unescaped(text: string): string {
  return text.replace(escapes, (whole, braced?: string, four?: string, two?: string) => {
    const code = Number.parseInt(braced ?? four ?? two ?? "", 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Quoted-printable undone where its bytes are UTF-8; left as written where they are not. */
function unquoted(text: string): string {
  if (!/=[0-9A-F]{2}|=\r?\n/.test(text)) return text;
  const bytes: number[] = [];
  let plain = "";
  const flush = () => {
    if (bytes.length === 0) return;
    try {
      plain += utf8.decode(Uint8Array.from(bytes));
    } catch {
      plain += bytes.map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    }
    bytes.length = 0;
  };
  let last = 0;
  for (const match of text.matchAll(quotedPrintable)) {
    if (match.index > last) {
      flush();
      plain += text.slice(last, match.index);
    }
    if (match[1]) bytes.push(Number.parseInt(match[1], 16));
    last = match.index + match[0].length;
  }
  flush();
  return plain + text.slice(last);
}

/** Each character's prototype, as confusables.txt maps it (one source character a line, as UTS #39 reads it), once per character. */
const prototypes = new Map<string, string>();
const prototypeOf = (char: string) => {
  let prototype = prototypes.get(char);
  if (prototype === undefined) {
    prototype = unhomoglyph(char);
    prototypes.set(char, prototype);
  }
  return prototype;
};

/** The skeleton of `text` (UTS #39), of its lower case: what it looks like, whatever letters spell it. */
export function skeleton(text: string): string {
  let out = "";
  for (const char of text.toLowerCase().normalize("NFD")) out += prototypeOf(char);
  return out.normalize("NFD");
}

/** `text` and each other spelling of it (see above). */
export function spellingsOf(text: string): string[] {
  const stripped = text.replace(formatCharacters, "");
  const all = unquoted(unescaped(decodeHTML(stripped)))
    .replace(formatCharacters, "")
    .replace(atForms, "@")
    .replace(dotForms, ".")
    .replace(dashedIp, "$1.$2.$3.$4");
  return [...new Set([text, stripped, all])];
}
