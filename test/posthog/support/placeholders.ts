// The placeholders a case may write (test/posthog/README.md): the mapped team, users, the clock and
// values kept from earlier answers. A string that is one placeholder takes the value's own type.
import { createHash } from "node:crypto";
import type { User } from "../../../src/mock/state/state.js";

export interface Bindings {
  team: string;
  otherTeam: string;
  user: User;
  otherUser: User;
  now: Date;
  kept: Record<string, unknown>;
}

export class PlaceholderError extends Error {
  override name = "PlaceholderError";
}

const unitMs: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const placeholder = /\$\{(\w+)\}|\{(team|other_team|(?:other_)?user(?:\.\w+)?|now(?:[+-]\d+[smhdw])*|uuid:[\w.-]+)\}/g;

/** The test's session id that is no UUID (`"session_one"`) as one, the same wherever it is written: the state's ids are UUIDs. */
export function uuidOf(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function timeOf(expression: string, now: Date): string {
  let at = now.getTime();
  for (const [, sign, amount, unit] of expression.slice(3).matchAll(/([+-])(\d+)([smhdw])/g)) {
    at += (sign === "-" ? -1 : 1) * Number(amount) * unitMs[unit!]!;
  }
  return new Date(at).toISOString();
}

function placeholderValue(name: string | undefined, token: string | undefined, bindings: Bindings): unknown {
  if (name !== undefined) {
    if (!(name in bindings.kept)) throw new PlaceholderError(`\${${name}} was not kept by an earlier step`);
    return bindings.kept[name];
  }
  if (token === "team") return Number(bindings.team);
  if (token === "other_team") return Number(bindings.otherTeam);
  if (token!.startsWith("now")) return timeOf(token!, bindings.now);
  if (token!.startsWith("uuid:")) return uuidOf(token!.slice(5));
  const [who, field] = token!.split(".") as [string, string | undefined];
  const user = (who === "user" ? bindings.user : bindings.otherUser) as unknown as Record<string, unknown>;
  if (field === undefined) return structuredClone(user);
  if (!(field in user)) throw new PlaceholderError(`{${token}}: a user has no field ${field}`);
  return user[field];
}

/** `value` with every placeholder replaced, recursively. */
export function expand(value: unknown, bindings: Bindings): unknown {
  if (typeof value === "string") {
    const whole = new RegExp(`^(?:${placeholder.source})$`).exec(value);
    if (whole) return placeholderValue(whole[1], whole[2], bindings);
    return value.replace(placeholder, (_, name: string | undefined, token: string | undefined) => String(placeholderValue(name, token, bindings)));
  }
  if (Array.isArray(value)) return value.map((item) => expand(item, bindings));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [expand(key, bindings) as string, expand(item, bindings)]));
  return value;
}
