// Values a request can carry that the mock must refuse with a 400 naming the field, or answer
// correctly, rather than store, crash or break the description: numbers JSON cannot carry back,
// nesting too deep to write back out, text past Latin-1 that ends up quoted in a header, and
// names that are also Object.prototype's.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { maxJsonDepth } from "../../src/mock/spec/json-limits.js";
import { send } from "./support.js";

const json = { "Content-Type": "application/json" };
const env = "/api/environments/28417";
const playlists = `${env}/session_recording_playlists/`;
const subscriptions = `${env}/subscriptions/`;
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const subscription = (extra: string) =>
  `{"target_type":"email","target_value":"a@example.com","frequency":"daily","start_date":"2026-01-01T00:00:00Z"${extra}}`;

/** Everything the mock answers from now on for the state: the listings and the snapshot. */
async function readsBack(mock: ReturnType<typeof createMock>) {
  for (const path of [playlists, `${playlists}?limit=500`, subscriptions, `${env}/session_recordings/`])
    expect((await send(mock, path)).status, path).toBe(200);
  expect(() => JSON.stringify(mock.snapshot())).not.toThrow();
}

describe("numbers JSON cannot carry", () => {
  it.each([
    ["insight", subscription(',"insight":1e999')],
    ["interval", subscription(',"insight":1,"interval":-1e999')],
  ])("refuses %s holding an overflowing number, naming it, and stores nothing", async (attr, body) => {
    const mock = createMock();
    const before = mock.snapshot();
    const response = await send(mock, subscriptions, { method: "POST", headers: json, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr });
    expect(mock.snapshot()).toEqual(before);
  });

  it("refuses an overflowing number anywhere in an untyped field, naming where", async () => {
    const response = await send(createMock(), playlists, { method: "POST", headers: json, body: '{"name":"x","filters":{"a":[1,{"b":1e400}]}}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_input", attr: "filters.a.1.b" });
  });

  it.each([
    ["an integer past 2^53", "9007199254740993", "filters.a"],
    ["a number that underflows to 0", "1e-400", "filters.a"],
    ["more digits than a double holds", "0.30000000000000001", "filters.a"],
    ["one deep in a list, under a key with an escape", '[1, {"b\\"c": 123456789012345678901}]', 'filters.a.1.b"c'],
  ])("refuses %s in a playlist's filters, naming where, and stores nothing", async (_, value, attr) => {
    const mock = createMock();
    const before = mock.snapshotJson();
    const body = `{"name":"9007199254740993 in a name is text","filters":{"z":"1e-400","a":${value}}}`;
    const response = await send(mock, playlists, { method: "POST", headers: json, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: "validation_error",
      code: "invalid_input",
      attr,
      detail: expect.stringContaining("cannot be kept as written"),
    });
    expect(mock.snapshotJson()).toBe(before);
  });

  it("keeps every number a double holds as written, whatever its spelling", async () => {
    const mock = createMock();
    const filters = '{"a":[0.1,1.50,0.0,1E+2,9007199254740992,2.5e-3,1e21,5e-324,1.7976931348623157e308]}';
    const response = await send(mock, playlists, { method: "POST", headers: json, body: `{"name":"exact","filters":${filters}}` });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { filters: unknown }).filters).toEqual(JSON.parse(filters));
  });

  it("refuses an inexact number in a JSON query parameter, naming it", async () => {
    const query = encodeURIComponent('[{"key":"n","value":9007199254740993,"operator":"exact","type":"person"}]');
    const response = await send(createMock(), `${env}/session_recordings/?properties=${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr: "properties.0.value" });
  });

  it.each(["limit", "offset"])("refuses %s=1e999 in a query, naming it", async (name) => {
    const response = await send(createMock(), `${playlists}?${name}=1e999`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr: name });
  });
});

describe("nesting", () => {
  it("keeps a filter nested as deep as it may be, and reads it back everywhere", async () => {
    const mock = createMock();
    // The body's root is one level, `filters` the next: this is the deepest that is taken.
    const body = `{"name":"deep","filters":{"a":${nested(maxJsonDepth - 2)}}}`;
    const created = await send(mock, playlists, { method: "POST", headers: json, body });
    expect(created.status).toBe(201);
    await readsBack(mock);
  });

  it.each([
    ["a playlist's filters", playlists, "POST", () => `{"name":"x","filters":{"a":${nested(5_000)}}}`, "filters"],
    ["a playlist update", `${playlists}Ub3KpD7w/`, "PATCH", () => `{"filters":{"a":${nested(maxJsonDepth)}}}`, "filters"],
    [
      "a recording's person",
      `${env}/session_recordings/0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52/`,
      "PATCH",
      () => `{"person":{"properties":${nested(5_000)}}}`,
      "person",
    ],
  ])("refuses %s nested too deep, naming the field, and keeps answering", async (_, path, method, body, attr) => {
    const mock = createMock();
    const before = mock.snapshot();
    const response = await send(mock, path, { method, headers: json, body: body() });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_input", attr });
    expect(mock.snapshot()).toEqual(before);
    await readsBack(mock);
  });

  it("refuses a JSON query parameter nested too deep, naming it", async () => {
    const response = await send(createMock(), `${env}/session_recordings/?events=${encodeURIComponent(nested(5_000))}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr: "events" });
  });
});

describe("text past Latin-1 in a rejected value", () => {
  it.each([
    ["an emoji in an enum field", playlists, { method: "POST", headers: json, body: '{"name":"x","type":"😀"}' }],
    ["CJK in a query parameter", `${playlists}?order=${encodeURIComponent("名前")}`, {}],
    ["an emoji in a path id", `${env}/subscriptions/${encodeURIComponent("😀")}/`, {}],
    ["a lone surrogate in a body field", subscriptions, { method: "POST", headers: json, body: subscription(',"insight":1,"target_type":"\\ud800"') }],
  ])("answers %s with a 4XX whose headers are all ByteStrings", async (_, path, init) => {
    const response = await send(createMock(), path, init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    for (const [name, value] of response.headers) expect(value, name).toMatch(/^[\x20-\x7e]*$/);
  });

  it("keeps the rejected text in sl-violations, escaped, so a parser reads it back exactly", async () => {
    const response = await send(createMock(), playlists, { method: "POST", headers: json, body: '{"name":"x","type":"😀"}' });
    const [violation] = JSON.parse(response.headers.get("sl-violations")!);
    expect(violation.message).toBe('"😀" is not a valid choice.');
  });
});

describe("names that are Object.prototype's", () => {
  const names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

  it.each(names)("answers 404 for project %s on every listing, and a create there consumes no id", async (name) => {
    const mock = createMock();
    const before = mock.snapshot().nextId;
    for (const path of ["session_recording_playlists/", "session_recordings/", "subscriptions/"]) {
      expect((await send(mock, `/api/environments/${name}/${path}`)).status, path).toBe(404);
    }
    expect((await send(mock, `/api/environments/${name}/session_recording_playlists/`, { method: "POST", headers: json, body: '{"name":"x"}' })).status).toBe(
      404,
    );
    expect(mock.snapshot().nextId).toEqual(before);
  });

  it.each(names)("takes Prefer: example=%s as no example of the operation: answered for real, and said so", async (name) => {
    const response = await send(createMock(), playlists, { headers: { Prefer: `example=${name}` } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.headers.get("x-mock-prefer-ignored")!)).toBe(
      `example=${name} is not an example of listPlaylists's 200 (examples: two_playlists)`,
    );
  });

  it("keeps an ignored preference's reason ASCII in its header, whatever Latin-1 it quotes", async () => {
    const response = await send(createMock(), playlists, { headers: { Prefer: "example=caf\u00e9" } });
    const reason = response.headers.get("x-mock-prefer-ignored")!;
    expect(reason).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(reason)).toContain("example=caf\u00e9 is not an example");
  });

  it.each(names)("takes the API key %s as unknown when keys are given", async (name) => {
    const response = await send(createMock({ keys: { phx_real: "*" } }), playlists, { key: name });
    expect(response.status).toBe(401);
  });

  it.each(names)("answers a recording's sharing for id %s with 404", async (name) => {
    expect((await send(createMock(), `${env}/session_recordings/${name}/sharing/`)).status).toBe(404);
  });
});
