// The whole-account pass, before anything is written: which values enough persons share to be
// no one's own (k-anonymity). It counts persons, never distinct ids or recordings: a person is
// their uuid (a recording without one, its distinct id), and one person's many distinct ids
// are one. It covers what is tied to persons: person property keys, (key, value) pairs, and the
// path segments of their pages (`start_url`, the page properties). Text with no person attached
// (playlist names, titles) is not counted: it is synthetic unless kept on request.
import { isObject } from "../shared/is-object.js";
import type { LiveRecording } from "./read-account.js";
import { urlParts } from "./urls.js";

/** The default k: a value is written as read when at least this many persons hold it. */
export const defaultK = 5;

/** A property value as the census counts it: scalars by their text, anything else not at all. */
export const valueText = (value: unknown): string | undefined =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? `${typeof value}:${String(value)}` : undefined;

/** Property keys whose values are pages: their path segments are counted with start_url's. */
const pageKeys = new Set(["$current_url", "$initial_current_url", "$pathname", "$initial_pathname"]);

export class Census {
  readonly #keys = new Map<string, Set<string>>();
  readonly #values = new Map<string, Set<string>>();
  readonly #segments = new Map<string, Set<string>>();
  /** Every distinct id read → the one that stands for its person. */
  readonly #canonical = new Map<string, string>();

  constructor(
    recordings: readonly LiveRecording[],
    readonly k: number,
  ) {
    for (const recording of recordings) this.#add(recording);
  }

  #note(map: Map<string, Set<string>>, key: string, person: string): void {
    const persons = map.get(key) ?? new Set<string>();
    persons.add(person);
    map.set(key, persons);
  }

  #add(recording: LiveRecording): void {
    const person = isObject(recording.person) ? recording.person : undefined;
    const ids = [person?.distinct_ids].flat().filter((id): id is string => typeof id === "string");
    const own = typeof recording.distinct_id === "string" ? recording.distinct_id : undefined;
    // One person, whichever of their ids a recording or a filter names.
    const first = ids.find((id) => this.#canonical.has(id)) ?? own ?? ids[0];
    const canonical = first === undefined ? undefined : (this.#canonical.get(first) ?? first);
    if (canonical !== undefined)
      for (const id of [...ids, ...(own === undefined ? [] : [own])]) if (!this.#canonical.has(id)) this.#canonical.set(id, canonical);
    const who = person?.uuid !== undefined && person.uuid !== null ? `uuid:${String(person.uuid)}` : `id:${canonical ?? recording.id}`;
    if (typeof recording.start_url === "string") this.#pages(recording.start_url, who);
    const properties = person && isObject(person.properties) ? person.properties : {};
    for (const [key, value] of Object.entries(properties)) {
      this.#note(this.#keys, key, who);
      const text = valueText(value);
      if (text !== undefined) this.#note(this.#values, `${key}\0${text}`, who);
      if (pageKeys.has(key) && typeof value === "string") this.#pages(value, who);
    }
  }

  #pages(url: string, who: string): void {
    for (const segment of new Set(urlParts(url).path.split("/"))) if (segment !== "") this.#note(this.#segments, segment, who);
  }

  /** Whether at least k persons hold the property `key`. */
  commonKey(key: string): boolean {
    return (this.#keys.get(key)?.size ?? 0) >= this.k;
  }

  /** Whether at least k persons hold `value` under `key`. */
  commonValue(key: string, value: unknown): boolean {
    const text = valueText(value);
    return text !== undefined && (this.#values.get(`${key}\0${text}`)?.size ?? 0) >= this.k;
  }

  /** Whether at least k persons' pages hold the path segment. */
  commonSegment(segment: string): boolean {
    return (this.#segments.get(segment)?.size ?? 0) >= this.k;
  }

  /** The distinct id that stands for the person holding `id` (itself when the account shows no other). */
  canonicalId(id: string): string {
    return this.#canonical.get(id) ?? id;
  }
}
