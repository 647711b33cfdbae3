// Synthetic text: what free text with no person attached (a playlist's name, a subscription's
// title) becomes unless it is kept on request. Words drawn from a closed list by the keyed
// digest of the text, as many as make a text of about the same length, so a fixture's layout
// (a long description, a short name) stays true and nothing of the text does. The words name
// no one: none is a given name or a place.
import type { Pseudonyms } from "./pseudonyms.js";

const words = [
  "review",
  "checkout",
  "sessions",
  "weekly",
  "signup",
  "errors",
  "mobile",
  "pricing",
  "onboarding",
  "funnel",
  "cart",
  "search",
  "settings",
  "billing",
  "export",
  "report",
  "dashboard",
  "flow",
  "clicks",
  "pages",
  "support",
  "release",
  "issues",
  "team",
  "monthly",
  "daily",
  "slow",
  "first",
  "visit",
  "return",
  "trial",
  "upgrade",
  "invoice",
  "form",
  "menu",
  "layout",
  "desktop",
  "tablet",
  "console",
  "network",
] as const;

/** Longest synthetic text written, whatever the length read. */
const longest = 2_000;

/** A synthetic text of about `value`'s length, the same for the same text in one run. */
export function syntheticText(value: string, pseudonyms: Pseudonyms): string {
  const target = Math.min(Math.max(value.length, 4), longest);
  const digest = pseudonyms.digest("synthetic text", value);
  const out: string[] = [];
  let length = -1;
  for (let i = 0; length < target - 3; i++) {
    const word = words[(digest[i % digest.length]! + i * 7) % words.length]!;
    out.push(word);
    length += word.length + 1;
  }
  const text = out.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
