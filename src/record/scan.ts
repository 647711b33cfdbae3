// The last line of defence: before anything is written, every string and every number under a
// free key of the output (values and keys, in every field, known to the anonymiser or not) is
// read as readings.ts reads it (look-alikes folded, percent-encoding, base64 and JWT segments
// decoded) and each reading searched for each personal value the recorder read, and for what is
// shaped like an email outside the pseudonyms' `.invalid` domain, an IP address, a phone number
// or a token (a JWT, a personal API key). A value whose decoding does not end within the bounds
// cannot be judged, and counts as a hit. A hit names the field's path and its kind, never the
// value, which is what must not be shown.
import { readingsOf } from "./readings.js";
import { cardsIn, emailShape, ipsIn, isPseudonymEmail, isUuid, phonesIn, tokensIn } from "./shapes.js";
import { skeleton } from "./spellings.js";

export type LeakKind = "personal value" | "email" | "IP address" | "phone number" | "card number" | "token" | "cannot be judged";

export interface Leak {
  /** Where, as `snapshot.projects.28417.recordings[3].person.properties.email`. */
  path: string;
  kind: LeakKind;
}

export interface ScanOptions {
  /** Every personal value read, to be found nowhere in the output (values under 4 characters are too common to search for). */
  personal: Iterable<string>;
  /** Paths kept as read by `--keep`: not searched. */
  kept?: ReadonlySet<string> | undefined;
  /** Paths of text the recorder made from its closed words: read for shapes, not searched for values read. */
  made?: ReadonlySet<string> | undefined;
  /**
   * Whether the number at `path` is judged by its field (a count, a duration, an id the
   * recorder wrote) rather than read like text; by default every number is read like text.
   */
  typedNumber?: ((path: string) => boolean) | undefined;
}

/**
 * The fixed words of what the recorder writes itself (pseudonyms' prefixes and domain, its
 * placeholders): a value read that is one of them, or part of one (a person called Example),
 * would stop every run, so it is not searched for; the recorder's words carry no one's data.
 */
const recorderWords = [
  "user-@example.invalid",
  "you@example.invalid",
  "person-",
  "person ",
  "value-",
  "site-.example",
  "property_",
  "event_",
  "#channel-",
  "teammate",
  "recorded project",
  "recorded user",
  "insight ",
  "dashboard ",
  "object_storage",
];

/** How the scan compares: case and look-alikes folded. */
export const folded = (text: string) => text.normalize("NFKC").toLowerCase();

/** What in `text` is personal data, by kind. */
function kindsIn(text: string, personal: readonly string[]): LeakKind[] {
  const { texts, undecidable } = readingsOf(text);
  const kinds = new Set<LeakKind>(undecidable ? ["cannot be judged"] : []);
  for (const reading of texts) {
    // Compared by skeleton (of the lower case): case and look-alikes alike fold away, on both sides.
    const looks = skeleton(reading);
    if (personal.some((value) => looks.includes(value))) kinds.add("personal value");
    // An email's shape is read off the skeleton too (a Cyrillic `о` in `.cоm`); a phone's or an IP's is not (the skeleton writes `1` as `l`).
    if ([reading, looks].some((text) => (text.match(emailShape) ?? []).some((email) => !isPseudonymEmail(email)))) kinds.add("email");
    if (ipsIn(reading).length > 0) kinds.add("IP address");
    if (phonesIn(reading).length > 0) kinds.add("phone number");
    if (cardsIn(reading).length > 0) kinds.add("card number");
    if (tokensIn(reading).length > 0) kinds.add("token");
  }
  return [...kinds];
}

/** Whether a reading of `text` is shaped like personal data (an email, an IP address, a phone number, a token), or cannot be judged. */
export const looksPersonal = (text: string) => kindsIn(text, []).length > 0;

/** Every leak in `output`, in the order met; an empty list when there is none. */
export function findPersonalData(output: unknown, { personal, kept = new Set(), made = new Set(), typedNumber = () => false }: ScanOptions): Leak[] {
  // Each value as its readings too, so a value read encoded (a query, say) is found decoded.
  // Reversed too: a key or an id written backwards is still the key.
  const values = [
    ...new Set(
      [...personal]
        .flatMap((value) =>
          readingsOf(value).texts.flatMap((text) => {
            const reversed = [...text].reverse().join("");
            return [skeleton(text), skeleton(reversed)];
          }),
        )
        .filter((value) => value.length >= 4 && !recorderWords.some((word) => skeleton(word).includes(value))),
    ),
  ];
  const leaks: Leak[] = [];
  // A UUID's hex holds no one's words, and every UUID written is the recorder's own (ids, pseudonyms): its shape is still read.
  // Each distinct text is read once: a teammate or a pseudonym is met in many places.
  const seen = new Map<string, LeakKind[]>();
  const judged = (text: string, searched: boolean) => {
    const id = `${searched ? 1 : 0}${text}`;
    let kinds = seen.get(id);
    if (kinds === undefined) {
      kinds = kindsIn(text, searched ? values : []);
      seen.set(id, kinds);
    }
    return kinds;
  };
  const check = (text: string, path: string) => {
    for (const kind of judged(text, !made.has(path) && !isUuid(text))) leaks.push({ path, kind });
  };
  // An explicit stack, not recursion: a state is a few levels deep, but what it holds in free-form fields need not be.
  const stack: { value: unknown; path: string }[] = [{ value: output, path: "snapshot" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (kept.has(path)) continue;
    if (typeof value === "string") check(value, path);
    else if (typeof value === "number") {
      if (typedNumber(path)) continue;
      // An exponent hides the digits a phone number or an id is made of.
      if (!Number.isSafeInteger(value) && /e/i.test(String(value))) leaks.push({ path, kind: "cannot be judged" });
      else check(String(value), path);
    } else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]` });
    else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const at = `${path}.${key}`;
        // A key that holds personal data is never shown: its path names it as "[a key]", and so do the paths below it.
        const found = kept.has(at) ? [] : judged(key, true);
        const shown = found.length > 0 ? `${path}.[a key]` : at;
        for (const kind of found) leaks.push({ path: `${shown} (the key)`, kind });
        stack.push({ value: item, path: kept.has(at) ? at : shown });
      }
    }
  }
  return leaks;
}
