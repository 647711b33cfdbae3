// Prism's generated data (`npm run mock:dynamic`, and `Prefer: dynamic=true` on the example
// mock) must look like the service's: every operation, several seeds, checked against rules
// the spec's constraints and `x-faker` hints are there to satisfy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startPrism } from "../../scripts/servers/prism.mjs";
import { errorsOf, validatorFor } from "../support/schema-validator.js";
import { undeclaredProperties, walk } from "../support/schema-walk.js";
import { deref, type OperationEntry, operations, parametersOf, type Schema } from "../support/spec.js";

const seeds = [1, 2, 3];
const apiKey = "phx_dynamic_test_key_00000000000000000000000";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const email = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const webUrl = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?(\/\S*)?$/i;
const schemaKeywords = ["type", "description", "default", "properties", "x-faker", "minProperties", "items", "$ref"];
const counters = /_count$|_seconds$|^recording_duration$|^activity_score$|^count$|^interval$/;

type Target = { name: string; url: string; headers: Record<string, string> };

/** The request that reaches an operation's success status, built from the spec's own examples. */
function requestFor(entry: OperationEntry, target: Target): { url: string; init: RequestInit; status: number; schema?: Schema } {
  let path = entry.path;
  const query = new URLSearchParams();
  for (const parameter of parametersOf(entry)) {
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
    if (parameter.in === "query" && parameter.required) query.set(parameter.name, String(parameter.example));
  }
  const statuses = Object.keys(entry.operation.responses)
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  const success = statuses.filter((s) => s < 300).sort()[0];
  // An operation with no 2XX (the refused DELETEs) is asked for its documented status.
  const status = success ?? statuses.find((s) => s === 405)!;
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, ...target.headers };
  if (success === undefined) headers.Prefer = `code=${status}`;
  const init: RequestInit = { method: entry.method.toUpperCase(), headers };
  const media = deref(entry.operation.requestBody ?? {}).content?.["application/json"];
  if (media) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(deref(Object.values<Schema>(media.examples)[0]).value);
  }
  const schema = deref(entry.operation.responses[String(status)] ?? {}).content?.["application/json"]?.schema;
  const search = query.size ? `?${query}` : "";
  return { url: `${target.url}${path}${search}`, init, status, schema };
}

/** What in a generated body breaks the realism rules; empty when it looks like the service's data. */
function unrealistic(body: unknown, schema: Schema, listing: string): string[] {
  const { origin, pathname } = new URL(listing);
  const problems = undeclaredProperties(body, schema).map((path) => `${path} is not in the schema`);
  walk(body, schema, (path, value, resolved) => {
    const key = path.split(".").pop()!;
    if (typeof value === "number") {
      if (key === "id" && !(value >= 1)) problems.push(`${path} = ${value}: ids start at 1`);
      if (value < 0) problems.push(`${path} = ${value} is negative`);
      if (counters.test(key) && value > 100_000) problems.push(`${path} = ${value} is implausibly large`);
    }
    if (typeof value !== "string") return;
    if (resolved.format === "date-time") {
      const year = new Date(value).getUTCFullYear();
      if (!(year >= 2020 && year <= 2030)) problems.push(`${path} = ${value} is not a recent date`);
    }
    if (resolved.format === "email" && !email.test(value)) problems.push(`${path} = ${value} is not a real-looking e-mail`);
    if (resolved.format === "uuid" && !uuid.test(value)) problems.push(`${path} = ${value} is not a real-looking UUID`);
    if (key.endsWith("_url") && !webUrl.test(value)) problems.push(`${path} = ${value} is not a real-looking URL`);
    if (key === "next" || key === "previous") {
      const link = new URL(value);
      if (link.pathname !== pathname) problems.push(`${path} = ${value} leaves the listing`);
      else if (link.origin !== origin) problems.push(`${path} = ${value} points at another server than ${origin}`);
    }
  });
  walk(body, schema, (path, value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    const record = value as Record<string, unknown>;
    if (typeof record.start_time === "string" && typeof record.end_time === "string" && !(record.start_time < record.end_time)) {
      problems.push(`${path}: end_time ${record.end_time} is not after start_time ${record.start_time}`);
    }
    if ("filters" in record && record.filters !== null) {
      const filters = record.filters;
      const keys = typeof filters === "object" && !Array.isArray(filters) ? Object.keys(filters as object) : undefined;
      if (!keys || keys.length > 10 || keys.some((k) => schemaKeywords.includes(k)))
        problems.push(`${path}.filters = ${JSON.stringify(filters)} is not a plausible filter`);
    }
  });
  return problems;
}

const targets: Target[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const started = await Promise.all([
    ...seeds.map(async (seed) => ({
      name: `mock:dynamic, seed ${seed}`,
      prism: await startPrism({ port: await freePort(), dynamic: true, seed }),
      headers: {},
    })),
    (async () => ({ name: "example mock, Prefer: dynamic=true", prism: await startPrism({ port: await freePort() }), headers: { Prefer: "dynamic=true" } }))(),
  ]);
  for (const { name, prism, headers } of started) {
    targets.push({ name, url: prism.url, headers });
    stops.push(prism.stop);
  }
}, 120_000);
afterAll(() => Promise.all(stops.map((stop) => stop())));

describe("generated data in Prism's dynamic mode looks real", () => {
  it.each(operations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const))("%s", async (_, entry) => {
    expect(targets).toHaveLength(seeds.length + 1);
    for (const target of targets) {
      const { url, init, status, schema } = requestFor(entry, target);
      const response = await fetch(url, init);
      const where = `${target.name}: ${init.method} ${url}`;
      expect(response.status, where).toBe(status);
      expect(response.headers.get("sl-violations"), where).toBeNull();
      const text = await response.text();
      if (!schema) continue;
      const body = JSON.parse(text);
      const validate = validatorFor(schema);
      expect(validate(body), `${where}\n${errorsOf(validate)}`).toBe(true);
      expect(unrealistic(body, schema, url), `${where}\n${text.slice(0, 2000)}`).toEqual([]);
    }
  });

  it("finds each kind of problem, so the checks above can fail", () => {
    const recording = { $ref: "#/components/schemas/SessionRecording" };
    const playlist = { $ref: "#/components/schemas/Playlist" };
    const page = { $ref: "#/components/schemas/PaginatedSubscriptionList" };
    expect(unrealistic({ id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52", click_count: -3 }, recording, "http://mock.test/")).toEqual([
      "$.click_count = -3 is negative",
    ]);
    expect(unrealistic({ start_time: "1898-01-01T00:00:00Z" }, recording, "http://mock.test/")).toEqual([
      "$.start_time = 1898-01-01T00:00:00Z is not a recent date",
    ]);
    expect(unrealistic({ start_time: "2026-11-01T10:00:00Z", end_time: "2026-11-01T09:00:00Z" }, recording, "http://mock.test/")).toHaveLength(1);
    expect(unrealistic({ id: "a992fef7-89f4-d4d2-ddd6-85cd766e34ff", start_url: "dolor" }, recording, "http://mock.test/")).toHaveLength(2);
    expect(unrealistic({ id: -2, filters: { description: "Recording filters", default: {} } }, playlist, "http://mock.test/")).toHaveLength(3);
    expect(unrealistic({ id: 1, surprise: true }, playlist, "http://mock.test/")).toEqual(["$.surprise is not in the schema"]);
    expect(
      unrealistic(
        { count: 1, next: "http://udtKWxRfYy.uvfaNre/", previous: null, results: [] },
        page,
        "http://mock.test/api/environments/28417/subscriptions/",
      ),
    ).toHaveLength(1);
    const listing = "http://127.0.0.1:4011/api/projects/";
    expect(unrealistic({ count: 1, next: null, previous: "http://127.0.0.1:4010/api/projects/?offset=0", results: [] }, page, listing)).toEqual([
      "$.previous = http://127.0.0.1:4010/api/projects/?offset=0 points at another server than http://127.0.0.1:4011",
    ]);
    expect(
      unrealistic({ results: [{ created_by: { id: 3, uuid: "2bb4a593-5160-4304-ae32-fae193e47ba4", email: "BGW@bmfzr.wtyw" } }] }, page, "http://mock.test/"),
    ).toEqual([]);
    expect(unrealistic({ results: [{ created_by: { id: 3, email: "not an address" } }] }, page, "http://mock.test/")).toHaveLength(1);
  });
});
