// The recorder against a hostile source (a server on 127.0.0.1 answering as the service does)
// that hides one person's email, name, card number, phone, address and IP, and the API key, in
// the 34 spellings and more: none reaches the snapshot, the sidecar or the terminal, the
// run succeeds, and a saved filter on `distinct_id` still matches the person's recordings.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/live.js";
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";
import { main } from "../../src/record/main.js";
import { type HostileSource, startHostileSource } from "./hostile-source.js";

const projectId = "28417";
const apiKey = "phx_hostileCorpusKey0123456789abcdef";
const email = "jane.roe@acme-corp.com";
const now = new Date();

const base32 = (text: string) => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? []).map((chunk) => alphabet[Number.parseInt(chunk.padEnd(5, "0"), 2)]).join("");
};

/** Each spelling, by what it hides: planted somewhere the recorder reads. */
const spellings = {
  htmlDecimal: "jane.roe&#64;acme-corp.com",
  htmlNamed: "jane.roe&commat;acme-corp.com",
  jsonEscape: "jane.roe\\u0040acme-corp.com",
  quotedPrintable: "jane.roe=40acme-corp.com",
  atDot: "jane.roe [at] acme-corp [dot] com",
  zeroWidth: "jane.roe@acme\u200b-corp.com",
  softHyphen: "jane.ro\u00ade@acme-corp.com",
  cyrillic: "j\u0430ne.roe@acme-corp.com",
  gzipBase64: gzipSync(Buffer.from(email)).toString("base64"),
  base32: base32(email),
  splitLocal: "jane.roe",
  splitDomain: "@acme-corp.com",
  urlEntity: "https://shop.acme-corp.com/u/jane.roe&commat;acme-corp.com/orders",
  urlSlug: "https://shop.acme-corp.com/users/janet-roe/orders",
  keyZeroWidth: `${apiKey.slice(0, 10)}\u200b${apiKey.slice(10)}`,
  keyReversed: [...apiKey].reverse().join(""),
  cardSpaces: "4111 1111 1111 1111",
  cardDashes: "4111-1111-1111-1111",
  addressReordered: "Springfield, 12 Harbour Lane",
  ipDashed: "ip-203-0-113-77",
  nameReordered: "Roe, Janet",
  firstName: "Janet",
  possessive: "Janet's",
  nameEntity: "Janet&#32;Roe",
  timezone: "Europe/jane.roe@acme-corp.com",
  eventName: "janet_roe_signed_up",
  fieldKey: "janet_roe_field",
  propertyKey: "janet_roe_notes",
  summary: `Send to ${email}`,
  phone: "+1 415 555 0143",
  onboardingKey: "janet_roe",
  osVersion: email,
  distinctId: email,
  ip: "203.0.113.77",
  prompt: `Summarise what ${email} did`,
  contexts: `Janet Roe ${email}`,
  insightShortId: "JaneRoe1",
} as const;

/** What must appear nowhere, in any case: the person's pieces and every spelling. */
const forbidden = [
  ...Object.values(spellings).filter((s) => s.length >= 5),
  "janet",
  "jane.roe",
  "acme-corp",
  "harbour",
  "springfield",
  "4111 1111",
  "4111-1111",
  "4111111111111111",
  "4155550143",
  "415 555",
  "203.0.113",
  "203-0-113",
  "hostilecorpus",
];

function source(): MockState {
  const state = createMock({ now: () => now }).snapshot();
  for (const id of Object.keys(state.projects)) if (id !== projectId) delete state.projects[id];
  const project = state.projects[projectId]!;
  project.recordings = project.recordings.slice(0, 12);
  for (const id of Object.keys(project.members)) project.members[id] = [];
  Object.assign(project, { activity: {}, sharing: {} });
  const [first, second] = project.recordings;
  for (const recording of [first!, second!]) {
    Object.assign(recording, { distinct_id: spellings.distinctId, start_url: spellings.urlEntity, click_count: 4155550143 });
    Object.assign(recording.person!, { distinct_ids: spellings.distinctId });
    Object.assign(recording.person!.properties as object, {
      email: spellings.htmlNamed,
      name: spellings.nameReordered,
      distinct_id: spellings.distinctId,
      $os_version: spellings.osVersion,
      $current_url: spellings.urlSlug,
      [spellings.propertyKey]: spellings.zeroWidth,
      plan: spellings.cyrillic,
      nickname: spellings.firstName,
      $ip: spellings.ip,
      phone: spellings.phone,
      street: spellings.addressReordered,
    });
  }
  second!.start_url = spellings.urlSlug;
  const [p0, p1, p2, p3, p4] = project.playlists;
  Object.assign(p0!, { name: spellings.splitLocal, description: spellings.splitDomain });
  Object.assign(p1!, { name: spellings.htmlDecimal, description: `${spellings.jsonEscape} ${spellings.quotedPrintable} ${spellings.atDot}` });
  Object.assign(p2!, { name: spellings.gzipBase64, description: `${spellings.base32} ${spellings.softHyphen} ${spellings.nameEntity}` });
  Object.assign(p3!, { name: spellings.keyZeroWidth, description: `${spellings.keyReversed} ${spellings.cardSpaces} ${spellings.possessive}` });
  const filtered = project.playlists.find((p) => p.type === "filters")!;
  Object.assign(filtered, {
    name: spellings.ipDashed,
    filters: {
      properties: [{ key: "distinct_id", type: "person", value: spellings.distinctId, operator: "exact" }],
      events: [{ id: spellings.eventName, name: spellings.eventName, type: "events" }],
    },
  });
  Object.assign(p4!, { description: spellings.cardDashes });
  const [s0, s1] = project.subscriptions;
  Object.assign(s0!, { title: spellings.cardDashes, target_type: "email", target_value: email });
  Object.assign(s1!, { title: spellings.addressReordered });
  return state;
}

/** The live answers, made more hostile than the mock would hold: fields and values it would refuse. */
function rewrite(path: string, body: unknown): unknown {
  const answer = body as { results?: Record<string, unknown>[] };
  if (/\/api\/projects\/$/.test(path))
    for (const project of answer.results ?? [])
      Object.assign(project, {
        timezone: spellings.timezone,
        has_completed_onboarding_for: { [spellings.onboardingKey]: true, session_replay: true },
      });
  if (/\/session_recordings\/$/.test(path))
    for (const recording of answer.results ?? []) Object.assign(recording, { [spellings.fieldKey]: spellings.contexts });
  if (/\/subscriptions\/$/.test(path))
    for (const subscription of answer.results ?? [])
      Object.assign(subscription, {
        summary: spellings.summary,
        prompt: spellings.prompt,
        contexts: [{ note: spellings.contexts }],
        proactive_config: { to: email },
        ai_prompt_config: { prompt: spellings.prompt },
        count: 4155550143,
        insight_short_id: spellings.insightShortId,
      });
  return body;
}

let hostile: HostileSource;
let dir: string;
let written: { code: number; stdout: string; stderr: string; snapshot: string; sidecar: string };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "record-corpus-"));
  hostile = await startHostileSource({ state: source(), now, rewrite });
  let stdout = "";
  let stderr = "";
  const out = join(dir, "corpus.json");
  const code = await main(["--base-url", hostile.url, "--project", projectId, "--out", out, "--pace-ms", "0", "--recordings-pace-ms", "0"], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { POSTHOG_PERSONAL_API_KEY: apiKey },
    progress: false,
  });
  const read = (file: string) => readFile(file, "utf8").catch(() => "");
  written = { code, stdout, stderr, snapshot: await read(out), sidecar: await read(join(dir, "corpus.meta.json")) };
});
afterAll(async () => {
  await hostile.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("a hostile source hiding one person in many spellings", () => {
  it("is recorded, and no spelling reaches the snapshot, the sidecar or the terminal", () => {
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    expect(Object.keys(spellings).length).toBeGreaterThanOrEqual(34);
    for (const [name, text] of Object.entries(written)) {
      if (typeof text !== "string") continue;
      const lower = text.toLowerCase();
      for (const value of forbidden) expect(lower, `${name}: ${value}`).not.toContain(value.toLowerCase());
    }
    // What was planted was read (the report counts it), and is counted, never named.
    expect(written.stdout).toMatch(/recording\.click_count \(out of range\): 2\b/);
    expect(written.stdout).toMatch(/project\.timezone \(not a time zone\): 1\b/);
    expect(written.stdout).toMatch(/subscription\.summary \(made from the schedule\): \d+/);
    expect(written.stdout).toMatch(/recording \(fields the recorder does not know\): \d+/);
    expect(written.stdout).toMatch(/subscription \(fields the recorder does not know\): \d+/);
  });

  it("writes the project's time zone from the platform's list, and counters within their range", () => {
    const state = JSON.parse(written.snapshot) as MockState;
    const project = state.projects[projectId]!;
    expect(project.project.timezone).toBe("UTC");
    expect(project.project.has_completed_onboarding_for).toEqual({ session_replay: true });
    for (const recording of project.recordings) expect(recording.click_count ?? 0).toBeLessThan(100_000);
  });

  it("keeps a saved filter on distinct_id matching the same person's recordings, under one pseudonym", async () => {
    const state = JSON.parse(written.snapshot) as MockState;
    const project = state.projects[projectId]!;
    const filtered = project.playlists.find((p) => (p.filters as { properties?: { key: string }[] }).properties?.[0]?.key === "distinct_id")!;
    const filter = (filtered.filters as { properties: { key: string; value: string }[] }).properties[0]!;
    const person = project.recordings.filter((r) => r.distinct_id === filter.value);
    expect(person).toHaveLength(2);
    for (const recording of person) expect((recording.person!.properties as Record<string, unknown>).distinct_id).toBe(filter.value);
    const api = createClient({ baseUrl: "http://mock.local", apiKey, fetch: createMock({ snapshot: state }).fetch });
    const ids: string[] = [];
    for await (const r of api.paginate("/api/environments/{project_id}/session_recordings/", {
      params: { path: { project_id: projectId }, query: { date_from: "-90d", properties: JSON.stringify([filter]) } as never },
    }))
      ids.push(r.id);
    expect(ids.sort()).toEqual(person.map((r) => r.id).sort());
  });
});
