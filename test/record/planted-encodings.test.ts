// The recorder against generated people planted in generated spellings (as read, percent-encoded
// once or twice, full-width, base64, base64url, inside a JWT, upper case, HTML entities, `\u`
// escapes, quoted-printable, `[at]` forms, zero-width and soft hyphens, Cyrillic look-alikes,
// gzip, base32, reversed, a phone number as a number) in every field it reads, and in fields the
// live answer carries beyond the mock's (a project's time zone, an event's name, a counter, a
// subscription's summary and the fields issue 56 adds, a recording field of the source's own):
// the run succeeds, and no planted value survives, in any spelling, in the snapshot or its sidecar.
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";
import { recordAccount } from "../../src/record/record.js";
import { findPersonalData } from "../../src/record/scan.js";

const projectId = "28417";
const now = new Date();
const base = createMock({ now: () => now }).snapshot();

// `zq`, a digit and letters: a piece no pseudonym, UUID or date of the output can hold by chance.
const piece = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[a-z]{4,8}$/)).map(([digit, letters]) => `zq${digit}${letters}`);

const fullWidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const percentAll = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("");
const base64url = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
const jwt = (text: string) => `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url({ sub: text })}.c2lnbmF0dXJl`;

const base32 = (text: string) => {
  let bits = "";
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? []).map((c) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[Number.parseInt(c.padEnd(5, "0"), 2)]).join("");
};
const cyrillic: Record<string, string> = { a: "\u0430", e: "\u0435", o: "\u043e", c: "\u0441", p: "\u0440", x: "\u0445" };

const encodings = {
  plain: (text: string) => text,
  htmlEntities: (text: string) => [...text].map((c) => (/[a-z0-9]/i.test(c) ? c : `&#${c.codePointAt(0)};`)).join(""),
  jsonEscape: (text: string) => text.replace(/[@.]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
  quotedPrintable: (text: string) => text.replace(/[@.=]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase()}`),
  atDot: (text: string) => text.replace("@", " [at] ").replace(/\./g, " [dot] "),
  zeroWidth: (text: string) => [...text].join("\u200b"),
  softHyphen: (text: string) => [...text].join("\u00ad"),
  cyrillic: (text: string) => text.replace(/[aeocpx]/g, (c) => cyrillic[c]!),
  gzip: (text: string) => gzipSync(Buffer.from(text)).toString("base64"),
  base32,
  reversed: (text: string) => [...text].reverse().join(""),
  upper: (text: string) => text.toUpperCase(),
  percent: percentAll,
  percentTwice: (text: string) => percentAll(text).replaceAll("%", "%25"),
  fullWidth,
  base64: (text: string) => Buffer.from(text).toString("base64"),
  base64url: (text: string) => Buffer.from(text).toString("base64url"),
  jwt,
};
type Encoding = keyof typeof encodings;
const anyEncoding = fc.constantFrom(...(Object.keys(encodings) as Encoding[]));
/** The spellings a URL's path segment can hold (base64's `/` would end the segment). */
const segmentEncoding = fc.constantFrom<Encoding>(
  "plain",
  "upper",
  "percent",
  "percentTwice",
  "fullWidth",
  "base64url",
  "jwt",
  "htmlEntities",
  "jsonEscape",
  "quotedPrintable",
  "zeroWidth",
  "cyrillic",
  "base32",
);

const planted = fc.record({
  local: piece,
  domain: piece,
  first: piece,
  last: piece,
  distinct: piece,
  site: piece,
  key: piece,
  phone: fc.integer({ min: 2_000_000_000, max: 9_999_999_999 }),
  apiKey: piece.map((p) => `phx_${p}0000000000000000`),
  withScheme: fc.boolean(),
  as: fc.record({
    distinct: anyEncoding,
    email: anyEncoding,
    name: anyEncoding,
    segment: segmentEncoding,
    query: anyEncoding,
    text: anyEncoding,
    kept: anyEncoding,
  }),
});
type Planted = typeof planted extends fc.Arbitrary<infer T> ? T : never;

/** The account with `p` planted in every field the recorder reads; `forms` collects every planted spelling. */
function account(p: Planted, forms: Set<string>): MockState {
  const spell = (encoding: Encoding, text: string) => {
    const out = encodings[encoding](text);
    forms.add(out);
    forms.add(text);
    return out;
  };
  const email = `${p.local}@${p.domain}.com`;
  const name = `${p.first} ${p.last}`;
  const host = `app.${p.site}.com`;
  const url = `${p.withScheme ? "https://" : ""}${p.first}:${p.last}@${host}/u/${spell(p.as.segment, email)}/x?q=${spell(p.as.query, name)}#${spell(p.as.query, p.distinct)}`;
  forms.add(host);
  forms.add(String(p.phone));
  const title = `Ask ${spell(p.as.text, p.distinct)}`;
  const text = `Ask ${spell(p.as.text, email)} or ${spell(p.as.text, name)}, key ${spell(p.as.text, p.apiKey)}, call ${p.phone}`;

  const state = structuredClone(base);
  for (const id of Object.keys(state.projects)) if (id !== projectId) delete state.projects[id];
  const project = state.projects[projectId]!;
  project.recordings = project.recordings.slice(0, 3);
  for (const id of Object.keys(project.members)) project.members[id] = [];
  Object.assign(project, { activity: {}, sharing: {} });
  const distinct = spell(p.as.distinct, p.distinct);
  // The mock holds a teammate's email as an email: spelled as read.
  const user = { ...state.user, email: spell("plain", email), first_name: p.first, last_name: p.last, distinct_id: distinct };
  Object.assign(project.project, { name: spell(p.as.name, name) });
  Object.assign(project.recordings[0]!, {
    distinct_id: distinct,
    viewers: [spell("upper", email)],
    start_url: url,
    person: {
      ...project.recordings[0]!.person,
      name: spell(p.as.name, name),
      distinct_ids: distinct,
      properties: {
        email: spell(p.as.email, email),
        name: spell(p.as.name, name),
        $current_url: url,
        [`${p.key}_vip`]: true,
        [`${p.key}_note`]: spell(p.as.text, p.distinct),
        $os_version: spell(p.as.kept, email),
        $browser_version: p.phone,
        phone: p.phone,
      },
    },
  });
  forms.add(`${p.key}_vip`);
  const [playlist, filtered] = [project.playlists.find((x) => x.type === "collection")!, project.playlists.find((x) => x.type === "filters")!];
  Object.assign(playlist, { name: `Ask ${spell(p.as.text, email)}`, description: text, created_by: user, last_modified_by: user });
  Object.assign(filtered, {
    created_by: user,
    filters: {
      properties: [
        { key: `${p.key}_vip`, type: "person", value: true, operator: "exact" },
        { key: "email", type: "person", value: spell(p.as.email, email), operator: "exact" },
        { key: "phone", type: "person", value: [p.phone, String(p.phone)], operator: "exact" },
        { key: "$os_version", type: "person", value: encodings[p.as.kept](email), operator: "exact" },
        { key: `${p.key}_note`, type: "person", value: spell(p.as.text, p.distinct), operator: "icontains" },
      ],
      distinct_ids: [distinct],
      [`${p.key}_extra`]: { note: text },
    },
  });
  const [first, second] = project.subscriptions;
  Object.assign(first!, { target_type: "email", target_value: spell(p.as.email, email), title, invite_message: text, created_by: user });
  Object.assign(second!, { target_type: "slack", target_value: `#${p.key}-channel`, title, created_by: user });
  forms.add(`#${p.key}-channel`);
  return state;
}

/** The live answers with `p` planted where the mock's state would not hold it: fields it refuses or does not know. */
function liveFetch(state: MockState, p: Planted, forms: Set<string>) {
  const mock = createMock({ snapshot: state, now: () => now });
  const email = `${p.local}@${p.domain}.com`;
  const spelled = encodings[p.as.text](email);
  forms.add(spelled);
  forms.add(`${p.key}_field`);
  return async (input: Request, init?: RequestInit) => {
    const answer = await mock.fetch(input, init);
    const path = new URL(input.url).pathname;
    if (!answer.ok) return answer;
    const body = (await answer.json()) as { results?: Record<string, unknown>[] };
    for (const item of body.results ?? []) {
      if (/\/api\/projects\/$/.test(path)) item.timezone = `Europe/${spelled}`;
      if (/\/session_recordings\/$/.test(path)) Object.assign(item, { [`${p.key}_field`]: spelled, click_count: p.phone });
      if (/\/subscriptions\/$/.test(path))
        Object.assign(item, {
          summary: `to ${spelled}`,
          contexts: [{ note: spelled }],
          proactive_config: { to: spelled },
          ai_prompt_config: { prompt: spelled },
        });
      const filters = item.filters as { events?: unknown[] } | undefined;
      if (/\/session_recording_playlists\/$/.test(path) && filters && typeof filters === "object")
        filters.events = [{ id: `${p.key}_signed_up`, name: spelled, type: "events" }];
    }
    forms.add(`${p.key}_signed_up`);
    return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
  };
}

describe("generated people planted in generated spellings", () => {
  it("survive nowhere, in any field the recorder reads, and the run succeeds", async () => {
    await fc.assert(
      fc.asyncProperty(planted, async (p) => {
        const forms = new Set<string>();
        const state = account(p, forms);
        const recording = await recordAccount({
          baseUrl: "http://mock.local",
          apiKey: p.apiKey,
          project: projectId,
          fetch: liveFetch(state, p, forms),
          paceMs: 0,
          recordingsPaceMs: 0,
          now,
        });
        const output = JSON.stringify(recording.snapshot) + JSON.stringify(recording.sidecar);
        for (const form of forms) {
          expect(output, form).not.toContain(form);
          expect(output.toLowerCase(), form).not.toContain(form.toLowerCase());
        }
        const secrets = [p.local, p.domain, p.first, p.last, p.distinct, p.site, p.key, p.apiKey, String(p.phone)];
        expect(findPersonalData([recording.snapshot, recording.sidecar], { personal: secrets })).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it("are found by the scan in free text, in every spelling, naming the field and not the value", () => {
    fc.assert(
      // Reversed text is searched for as a value read, not as a shape: left out here, where emails and phones are found by their shapes.
      fc.property(
        piece,
        piece,
        anyEncoding.filter((e) => e !== "reversed"),
        fc.constantFrom("email", "distinct", "phone"),
        (local, domain, encoding, kind) => {
          const value = kind === "email" ? `${local}@${domain}.com` : kind === "distinct" ? local : "+1 415 555 0123";
          const leaks = findPersonalData({ description: `see ${encodings[encoding](value)} here` }, { personal: kind === "distinct" ? [local] : [] });
          expect(leaks.map((leak) => leak.path)).toContain("snapshot.description");
          expect(JSON.stringify(leaks)).not.toContain(local);
        },
      ),
      { numRuns: 200 },
    );
  });
});
