// People: the persons recordings belong to, and the team (created_by, last_modified_by,
// viewers, subscription recipients). One map each, keyed (pseudonyms.ts): a distinct id is the
// same pseudonym in a recording, in its person and in a playlist's filters; an email is
// `user-N@example.invalid` wherever it appears, a teammate's included.
import type { Recording, User } from "../mock/state/state.js";
import type { Census } from "./census.js";
import type { Pseudonyms } from "./pseudonyms.js";
import { plausibleTime } from "./ranges.js";
import type { Ledger } from "./report.js";
import { looksPersonal } from "./scan.js";
import { isEmail } from "./shapes.js";
import { templateSegment, templateUrl, urlParts } from "./urls.js";
import { documentedPropertyKeys } from "./vocabulary.js";

type Person = NonNullable<Recording["person"]>;

/** Properties that hold a person's email or name: written as the same pseudonyms as elsewhere, so filters on them still match. */
export const emailProperties = ["email", "$email", "Email"] as const;
export const nameProperties = ["name", "Name", "username", "Username", "UserName", "$name"] as const;
/** Properties that hold a page: written templated (urls.ts). */
export const urlProperties = ["$current_url", "$initial_current_url", "$pathname", "$initial_pathname"] as const;
/** Properties that hold a distinct id: written as the person's one pseudonym, so a filter on them matches the same person. */
export const distinctIdProperties = ["distinct_id", "$distinct_id", "$user_id", "$device_id"] as const;

/**
 * Properties whose values are a person's own (where they are, who they are, how to reach them,
 * what identifies them): dropped, and searched for by the final scan, whatever k says.
 */
export const isPersonalProperty = (key: string) =>
  /e-?mail|name|phone|mobile|tel$|address|street|city|postal|zip|latitude|longitude|subdivision|\$ip$|^ip$|user_agent|referr|gclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|ttclid|_kx|token|secret|password|^utm_|company|organi[sz]ation|birth|ssn|iban|card/i.test(
    key,
  );

export type PropertyKind = "email" | "name" | "url" | "distinct id" | "flag" | "personal" | "value";

/** How a person property is written, by its name and (for flags) its value. */
export function propertyKind(key: string, value: unknown, keep: ReadonlySet<string>): PropertyKind | "on request" {
  if (keep.has(`person.properties.${key}`)) return "on request";
  if ((emailProperties as readonly string[]).includes(key)) return "email";
  if ((nameProperties as readonly string[]).includes(key)) return "name";
  if ((urlProperties as readonly string[]).includes(key)) return "url";
  if ((distinctIdProperties as readonly string[]).includes(key)) return "distinct id";
  // A yes/no flag such as is_test_account is from a closed vocabulary, and filter_test_accounts reads it.
  if (typeof value === "boolean") return "flag";
  if (isPersonalProperty(key)) return "personal";
  return "value";
}

export class People {
  constructor(
    private readonly pseudonyms: Pseudonyms,
    private readonly ledger: Ledger,
    private readonly keep: ReadonlySet<string>,
    private readonly census: Census,
    private readonly now: Date,
  ) {}

  /** How a person property is written, by its name and value (propertyKind, with the fields kept on request). */
  kindOf(key: string, value: unknown): PropertyKind | "on request" {
    return propertyKind(key, value, this.keep);
  }

  /**
   * A property's key as written: as read when PostHog documents it, when at least k persons
   * hold it, or when kept on request; else its pseudonym, one per key, so a saved filter on it
   * still matches the same persons.
   */
  propertyKey(key: string): string {
    // Not searched for by the scan: a key such as `plan` is rightly met again in free text.
    if (documentedPropertyKeys.has(key) || this.census.commonKey(key) || this.keep.has(`person.properties.${key}`)) return key;
    return this.pseudonyms.of("key", key);
  }

  /**
   * A property value as written: as read when at least k persons hold it under `key` and no
   * reading of it is shaped like personal data; else one pseudonym per value, the same in the
   * persons and the filters, so a filter on it still matches the same persons.
   */
  propertyValue(key: string, value: unknown): unknown {
    if (typeof value === "boolean" || value === null) return value;
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    const text = String(value);
    const exact = typeof value === "string" || Number.isSafeInteger(value) || !/e/i.test(text);
    if (exact && this.census.commonValue(key, value) && !looksPersonal(text)) {
      this.ledger.keptOnPurpose(text);
      return value;
    }
    return this.value(text);
  }

  email(value: string): string {
    this.ledger.read(value);
    // Each half too, so an address split across two fields is found in either.
    const at = value.lastIndexOf("@");
    if (at > 0) for (const half of [value.slice(0, at), value.slice(at)]) this.ledger.read(half);
    return this.pseudonyms.of("email", value.trim().toLowerCase());
  }

  /**
   * A distinct id, as its person's one pseudonym (census.ts: every id of a person stands for
   * them), so a recording, its person and a filter naming any of the person's ids agree; an
   * email-shaped one as an email, so it reads as the service's would.
   */
  distinctId(value: string): string {
    this.ledger.read(value);
    const canonical = this.census.canonicalId(value);
    if (isEmail(canonical.trim())) return this.email(canonical);
    this.ledger.read(canonical);
    return this.pseudonyms.of("distinctId", canonical);
  }

  name(value: string): string {
    this.ledger.readWords(value);
    return isEmail(value.trim()) ? this.email(value) : this.pseudonyms.of("name", value);
  }

  /** Any other text that is not kept: a placeholder, the same for the same text; `personal` when the scan must look for it too. */
  value(value: string, personal = true): string {
    if (personal) this.ledger.read(value);
    return this.pseudonyms.of("value", value);
  }

  /** An event name of the account's own: one pseudonym, searched for by the scan. */
  eventName(value: string): string {
    this.ledger.read(value);
    return this.pseudonyms.of("event", value);
  }

  uuid(value: string): string {
    this.ledger.read(value);
    return this.pseudonyms.of("uuid", value.toLowerCase());
  }

  url(value: string): string {
    this.readUrl(value);
    return templateUrl(value, this.pseudonyms, (segment) => this.census.commonSegment(segment));
  }

  /** Notes what a URL carries that its template drops: the host, the credentials, the query and fragment, the templated segments. */
  private readUrl(value: string): void {
    const { host, userinfo, path, rest } = urlParts(value);
    if (rest.length > 1) this.ledger.read(rest.slice(1));
    if (host.length >= 4) this.ledger.read(host);
    for (const part of [userinfo, ...userinfo.split(":")]) this.ledger.read(part);
    for (const raw of path.split("/")) if (templateSegment(raw) !== raw || !this.census.commonSegment(raw)) this.ledger.read(raw);
  }

  /** A person property's value as written, or undefined to drop it; `path` is where it is written. */
  property(key: string, value: unknown, path: string): unknown {
    const kind = propertyKind(key, value, this.keep);
    const field = `person.properties.${this.propertyKey(key)}`;
    if (kind === "on request") {
      this.ledger.keptPaths.add(path);
      this.ledger.count("kept", field);
      if (typeof value === "string") this.ledger.keptOnPurpose(value);
      return value;
    }
    if (kind === "flag") {
      this.ledger.count("kept", "person.properties (yes/no flags)");
      return value;
    }
    if (typeof value === "string" && kind !== "personal" && kind !== "value") {
      this.ledger.count("replaced", field);
      if (kind === "email") return this.email(value);
      if (kind === "name") return this.name(value);
      if (kind === "url") return this.url(value);
      return this.distinctId(value);
    }
    if (kind === "value") {
      const written = this.propertyValue(key, value);
      if (written !== undefined) {
        this.ledger.count(written === value ? "kept" : "replaced", written === value ? `${field} (held by k or more persons)` : field);
        return written;
      }
    }
    if (typeof value === "string" && /name|address|street|city/i.test(key)) this.ledger.readWords(value);
    else this.ledger.read(typeof value === "string" ? value : JSON.stringify(value));
    this.ledger.count("dropped", field);
    return undefined;
  }

  /** The recording's person, anonymised; `distinctId` is the recording's, put first among the person's ids. */
  person(person: Record<string, unknown> | undefined, distinctId: string | null, path: string): Person | undefined {
    if (!person) return undefined;
    const ids = [person.distinct_ids].flat().filter((id): id is string => typeof id === "string");
    for (const id of ids) this.ledger.read(id);
    // The state holds one distinct id a person (the description's `string`): the recording's, where the person has it.
    const first = distinctId !== null && ids.includes(distinctId) ? distinctId : ids[0];
    if (ids.length > 1) this.ledger.count("dropped", "person.distinct_ids (beyond the first; the state holds one)", ids.length - 1);
    const properties: Record<string, unknown> = {};
    const raw = person.properties;
    if (raw && typeof raw === "object" && !Array.isArray(raw)) {
      for (const [key, value] of Object.entries(raw)) {
        const written = this.property(key, value, `${path}.properties.${this.propertyKey(key)}`);
        if (written !== undefined) properties[this.propertyKey(key)] = written;
      }
    }
    const shown = [...emailProperties, ...nameProperties].map((key) => properties[key]).find((value) => typeof value === "string") as string | undefined;
    this.ledger.readWords(person.name);
    // The service's name: the first email or name property, else the first distinct id; made again from what is written.
    const name = person.name === null || person.name === undefined ? null : (shown ?? (first ? this.distinctId(first) : null));
    this.ledger.count("replaced", "person.name, person.uuid, person.id, person.distinct_ids");
    for (const field of Object.keys(person)) {
      if (!["id", "name", "distinct_ids", "created_at", "uuid", "properties"].includes(field))
        this.ledger.count("dropped", "person (fields the recorder does not know)");
    }
    return {
      id: typeof person.id === "number" ? this.pseudonyms.integer(`person:${person.id}`) : null,
      name,
      distinct_ids: first === undefined ? "" : this.distinctId(first),
      created_at: plausibleTime(person.created_at, this.now) ?? null,
      uuid: this.uuid(String(person.uuid)),
      properties,
    } as Person;
  }

  /** A teammate, through the one team map: ids, names and email replaced, the avatar dropped. */
  user(user: User | null | undefined): User | null {
    if (!user) return null;
    for (const value of [user.first_name, user.last_name]) this.ledger.readWords(value);
    this.ledger.read(user.distinct_id);
    const email = this.email(user.email);
    const out: Record<string, unknown> = {
      id: this.pseudonyms.integer(`user:${user.id}`),
      uuid: this.uuid(user.uuid),
      email,
    };
    if ("distinct_id" in user) out.distinct_id = typeof user.distinct_id === "string" ? this.distinctId(user.distinct_id) : null;
    if ("first_name" in user) out.first_name = "Teammate";
    if ("last_name" in user) out.last_name = email.slice(0, email.indexOf("@"));
    if ("is_email_verified" in user) out.is_email_verified = user.is_email_verified;
    if ("hedgehog_config" in user) out.hedgehog_config = null;
    if ("role_at_organization" in user) out.role_at_organization = user.role_at_organization;
    this.ledger.count("replaced", "teammate (id, uuid, distinct_id, names, email)");
    return out as unknown as User;
  }
}
