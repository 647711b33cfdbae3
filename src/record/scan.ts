// The last line of defence: before anything is written, every string of the output (values and
// keys, in every field, known to the anonymiser or not) is searched for each personal value the
// recorder read, and for what is shaped like an email outside the pseudonyms' `.invalid`
// domain, an IP address or a phone number. A hit names the field's path and its kind, never the
// value, which is what must not be shown.
import { emailShape, ipsIn, isPseudonymEmail, phonesIn } from "./shapes.js";

export type LeakKind = "personal value" | "email" | "IP address" | "phone number";

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
}

/** What in `text` is personal data, by kind. */
function kindsIn(text: string, personal: readonly string[]): LeakKind[] {
  const kinds: LeakKind[] = [];
  const lower = text.toLowerCase();
  if (personal.some((value) => lower.includes(value))) kinds.push("personal value");
  if ((text.match(emailShape) ?? []).some((email) => !isPseudonymEmail(email))) kinds.push("email");
  if (ipsIn(text).length > 0) kinds.push("IP address");
  if (phonesIn(text).length > 0) kinds.push("phone number");
  return kinds;
}

/** Every leak in `output`, in the order met; an empty list when there is none. */
export function findPersonalData(output: unknown, { personal, kept = new Set() }: ScanOptions): Leak[] {
  const values = [...new Set([...personal].map((value) => value.toLowerCase()).filter((value) => value.length >= 4))];
  const leaks: Leak[] = [];
  const check = (text: string, path: string) => {
    for (const kind of kindsIn(text, values)) leaks.push({ path, kind });
  };
  // An explicit stack, not recursion: a state is a few levels deep, but what it holds in free-form fields need not be.
  const stack: { value: unknown; path: string }[] = [{ value: output, path: "snapshot" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (kept.has(path)) continue;
    if (typeof value === "string") check(value, path);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]` });
    else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const at = `${path}.${key}`;
        if (!kept.has(at)) check(key, `${at} (the key)`);
        stack.push({ value: item, path: at });
      }
    }
  }
  return leaks;
}
