// People: the persons recordings belong to, and the team (created_by, last_modified_by,
// viewers, subscription recipients). One map each, keyed (pseudonyms.ts): a distinct id is the
// same pseudonym in a recording, in its person and in a playlist's filters; an email is
// `user-N@example.invalid` wherever it appears, a teammate's included.
import type { Recording, User } from "../mock/state/state.js";
import type { Pseudonyms } from "./pseudonyms.js";
import type { Ledger } from "./report.js";
import { looksPersonal } from "./scan.js";
import { isEmail } from "./shapes.js";
import { templateSegment, templateUrl, urlParts } from "./urls.js";

type Person = NonNullable<Recording["person"]>;

/** Person properties written as read: coarse, and what the filters use. Every other property is dropped unless it is one of the kinds below. */
export const keptProperties = [
  "$browser",
  "$browser_version",
  "$os",
  "$os_version",
  "$device_type",
  "$geoip_country_code",
  "$geoip_continent_code",
  "$initial_browser",
  "$initial_os",
  "$initial_device_type",
  "$initial_geoip_country_code",
  "$initial_geoip_continent_code",
  "$lib",
] as const;

/** Properties that hold a person's email or name: written as the same pseudonyms as elsewhere, so filters on them still match. */
export const emailProperties = ["email", "$email", "Email"] as const;
export const nameProperties = ["name", "Name", "username", "Username", "UserName", "$name"] as const;
/** Properties that hold a page: written templated (urls.ts). */
export const urlProperties = ["$current_url", "$initial_current_url", "$pathname", "$initial_pathname"] as const;

/**
 * Properties whose values are a person's own (where they are, who they are, how to reach them,
 * what identifies them): dropped, and searched for by the final scan. Other dropped values
 * (a plan, a locale, a continent) are not searched for, as free text or a time zone may
 * rightly hold the same words; the scan's shapes (emails, IPs, phone numbers) still apply to them.
 */
export const isPersonalProperty = (key: string) =>
  /e-?mail|name|phone|mobile|tel$|address|street|city|postal|zip|latitude|longitude|subdivision|\$ip$|^ip$|user_agent|referr|gclid|fbclid|msclkid|twclid|li_fat_id|mc_cid|ttclid|_kx|token|secret|password|^utm_|company|organi[sz]ation|birth|ssn|iban|card/i.test(
    key,
  );

/**
 * Property keys written as read: the service's own (`$…`, named by its SDKs), campaign
 * parameters, and the kinds above. Any other key is the account's own and may carry a name
 * (`jane_doe_vip`): it is written as a pseudonym, the same in persons, filters and the report.
 */
export function isKnownPropertyKey(key: string): boolean {
  return (
    /^\$[a-z][a-z0-9_]*$/.test(key) ||
    /^(utm_(source|medium|campaign|content|term)|gclid|gad_source|fbclid|msclkid|twclid|li_fat_id|mc_cid|igshid|ttclid|is_test_account)$/.test(key) ||
    [...keptProperties, ...emailProperties, ...nameProperties, ...urlProperties].includes(key as never)
  );
}

export type PropertyKind = "kept" | "email" | "name" | "url" | "flag" | "dropped";

/** How a person property is written, by its name and (for flags) its value. */
export function propertyKind(key: string, value: unknown, keep: ReadonlySet<string>): PropertyKind | "on request" {
  if (keep.has(`person.properties.${key}`)) return "on request";
  if ((keptProperties as readonly string[]).includes(key)) return "kept";
  if ((emailProperties as readonly string[]).includes(key)) return "email";
  if ((nameProperties as readonly string[]).includes(key)) return "name";
  if ((urlProperties as readonly string[]).includes(key)) return "url";
  // A yes/no flag such as is_test_account carries nothing of a person, and filter_test_accounts reads it.
  if (typeof value === "boolean" && /^[\w$]+$/.test(key)) return "flag";
  return "dropped";
}

export class People {
  constructor(
    private readonly pseudonyms: Pseudonyms,
    private readonly ledger: Ledger,
    private readonly keep: ReadonlySet<string>,
  ) {}

  /** How a person property is written, by its name and value (propertyKind, with the fields kept on request). */
  kindOf(key: string, value: unknown): PropertyKind | "on request" {
    return propertyKind(key, value, this.keep);
  }

  /** A property's key as written: as read when known or kept on request, else its pseudonym (one per key). */
  propertyKey(key: string): string {
    // Not searched for by the scan: a key such as `plan` is rightly met again in free text.
    if (isKnownPropertyKey(key) || this.keep.has(`person.properties.${key}`)) return key;
    return this.pseudonyms.of("key", key);
  }

  /**
   * A value of a property kept as read (an allowlisted one or a yes/no flag), as written: as
   * read, unless a reading of it is shaped like personal data (a phone number in `$os_version`,
   * an email in base64), when it is a placeholder like any other text. Numbers are read as text.
   */
  keptValue(value: unknown): unknown {
    if (typeof value !== "string" && typeof value !== "number") return value;
    const text = String(value);
    if (!looksPersonal(text) && (typeof value === "string" || Number.isSafeInteger(value) || !/e/i.test(text))) {
      if (typeof value === "string") this.ledger.keptOnPurpose(value);
      return value;
    }
    return this.value(text);
  }

  email(value: string): string {
    this.ledger.read(value);
    return this.pseudonyms.of("email", value.trim().toLowerCase());
  }

  /** A distinct id: an email-shaped one as an email, so it reads as the service's would. */
  distinctId(value: string): string {
    if (isEmail(value.trim())) return this.email(value);
    this.ledger.read(value);
    return this.pseudonyms.of("distinctId", value);
  }

  name(value: string): string {
    this.ledger.read(value);
    return isEmail(value.trim()) ? this.email(value) : this.pseudonyms.of("name", value);
  }

  /** Any other text that is not kept: a placeholder, the same for the same text; `personal` when the scan must look for it too. */
  value(value: string, personal = true): string {
    if (personal) this.ledger.read(value);
    return this.pseudonyms.of("value", value);
  }

  uuid(value: string): string {
    this.ledger.read(value);
    return this.pseudonyms.of("uuid", value.toLowerCase());
  }

  url(value: string): string {
    this.readUrl(value);
    return templateUrl(value, this.pseudonyms);
  }

  /** Notes what a URL carries that its template drops: the host, the credentials, the query and fragment, the templated segments. */
  private readUrl(value: string): void {
    const { host, userinfo, path, rest } = urlParts(value);
    if (rest.length > 1) this.ledger.read(rest.slice(1));
    if (host.length >= 4) this.ledger.read(host);
    for (const part of [userinfo, ...userinfo.split(":")]) this.ledger.read(part);
    for (const raw of path.split("/")) if (templateSegment(raw) !== raw) this.ledger.read(raw);
  }

  /** A person property's value as written, or undefined to drop it; `path` is where it is written. */
  property(key: string, value: unknown, path: string): unknown {
    const kind = propertyKind(key, value, this.keep);
    const field = `person.properties.${key}`;
    if (kind === "on request") {
      this.ledger.keptPaths.add(path);
      this.ledger.count("kept", field);
      if (typeof value === "string") this.ledger.keptOnPurpose(value);
      return value;
    }
    if (kind === "kept" || kind === "flag") {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) {
        const written = this.keptValue(value);
        if (written === value) this.ledger.count("kept", kind === "flag" ? "person.properties (yes/no flags)" : field);
        else this.ledger.count("replaced", `${field} (shaped like personal data)`);
        return written;
      }
    } else if (typeof value === "string") {
      if (kind === "email") {
        this.ledger.count("replaced", field);
        return this.email(value);
      }
      if (kind === "name") {
        this.ledger.count("replaced", field);
        return this.name(value);
      }
      if (kind === "url") {
        this.ledger.count("replaced", field);
        return this.url(value);
      }
    }
    if (isPersonalProperty(key)) this.ledger.read(typeof value === "string" ? value : JSON.stringify(value));
    this.ledger.count("dropped", `person.properties.${this.propertyKey(key)}`);
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
    if (typeof person.name === "string") this.ledger.read(person.name);
    // The service's name: the first email or name property, else the first distinct id; made again from what is written.
    const name = person.name === null || person.name === undefined ? null : (shown ?? (first ? this.distinctId(first) : null));
    this.ledger.count("replaced", "person.name, person.uuid, person.id, person.distinct_ids");
    for (const field of Object.keys(person)) {
      if (!["id", "name", "distinct_ids", "created_at", "uuid", "properties"].includes(field)) this.ledger.count("dropped", `person.${field}`);
    }
    return {
      id: typeof person.id === "number" ? this.pseudonyms.integer(`person:${person.id}`) : null,
      name,
      distinct_ids: first === undefined ? "" : this.distinctId(first),
      created_at: typeof person.created_at === "string" ? person.created_at : null,
      uuid: this.uuid(String(person.uuid)),
      properties,
    } as Person;
  }

  /** A teammate, through the one team map: ids, names and email replaced, the avatar dropped. */
  user(user: User | null | undefined): User | null {
    if (!user) return null;
    for (const value of [user.first_name, user.last_name, user.distinct_id]) this.ledger.read(value);
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
