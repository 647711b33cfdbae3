// The description is the mock's only source of API facts: edit a copy of it (a new writable
// playlist field with a default and a constraint, a new enum value on a subscription field),
// bundle and compile it as `npm run bundle && npm run generate` would, build the mock from
// src/ as it is, and the mock stores, defaults, validates and returns the new facts.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { bundleSpec } from "../../scripts/build/bundle.mjs";
import { liveCompile, writeMock } from "../../scripts/build/compile-mock.mjs";
import { liveDescription } from "../../scripts/build/overlay.mjs";
import type { createMock as CreateMock } from "../../src/mock/index.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
let dir: string;
let createMock: typeof CreateMock;

async function edit(file: string, change: (document: ReturnType<typeof parseDocument>) => void) {
  const document = parseDocument(await readFile(file, "utf8"));
  change(document);
  await writeFile(file, document.toString());
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "description-edit-"));
  await cp(join(root, "openapi"), join(dir, "openapi"), { recursive: true });
  const schemas = join(dir, "openapi/components/schemas");
  await edit(join(schemas, "PlaylistInput.yaml"), (d) => d.setIn(["properties", "color"], { type: "string", maxLength: 12, default: "grey" }));
  await edit(join(schemas, "SubscriptionTargetType.yaml"), (d) => d.setIn(["enum"], ["email", "slack", "webhook", "teams"]));
  const bundle = join(dir, "openapi.yaml");
  await bundleSpec(bundle, join(dir, "openapi/openapi.yaml"));
  const compiled = await writeMock(join(dir, "mock"), bundle);
  // The live profile's tables too, from the edited copy with the Overlay applied, as npm run bundle and generate do.
  const liveBundle = join(dir, "live.yaml");
  await writeFile(liveBundle, await liveDescription(await readFile(bundle, "utf8")));
  await writeMock(join(compiled, "live"), liveBundle, liveCompile);
  // The mock as src/ builds it, reading the compiled tables of the edited copy.
  const outfile = join(dir, "mock.mjs");
  await build({
    entryPoints: [join(root, "src/mock/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "error",
    // The compiled validators import ajv's runtime, which lives in this repository.
    nodePaths: [join(root, "node_modules")],
    plugins: [
      {
        name: "edited-description",
        setup(esbuild) {
          esbuild.onResolve({ filter: /generated\/mock\// }, (args) => ({ path: join(compiled, args.path.replace(/^.*generated\/mock\//, "")) }));
        },
      },
    ],
  });
  ({ createMock } = await import(outfile));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const headers = { Authorization: "Bearer phx_test", "Content-Type": "application/json" };
const playlists = "http://mock.local/api/environments/28417/session_recording_playlists/";
const subscriptions = "http://mock.local/api/environments/28417/subscriptions/";
const send = (mock: ReturnType<typeof CreateMock>, url: string, method = "GET", body?: unknown) =>
  mock.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

describe("a mock built from an edited description", () => {
  it("defaults, stores, validates and returns a new writable playlist field", async () => {
    const mock = createMock();
    const plain = await send(mock, playlists, "POST", { name: "No colour given" });
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ name: "No colour given", color: "grey" });

    const created = await send(mock, playlists, "POST", { name: "Teal", color: "teal" });
    const { short_id } = await created.json();
    expect((await (await send(mock, `${playlists}${short_id}/`)).json()).color).toBe("teal");
    const updated = await send(mock, `${playlists}${short_id}/`, "PATCH", { color: "amber" });
    expect((await updated.json()).color).toBe("amber");
    expect((await (await send(mock, `${playlists}${short_id}/`)).json()).color).toBe("amber");

    const tooLong = await send(mock, playlists, "POST", { color: "a".repeat(13) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      type: "validation_error",
      code: "max_length",
      detail: "Ensure this field has no more than 12 characters.",
      attr: "color",
    });
    expect(mock.requests().flatMap((r) => r.responseViolations)).toEqual([]);
  });

  it("accepts, stores and returns a new enum value on a subscription field, and still refuses others", async () => {
    const mock = createMock();
    const body = { insight: 14872, target_type: "teams", target_value: "growth", frequency: "daily", start_date: "2026-11-21T09:00:00Z" };
    const created = await send(mock, subscriptions, "POST", body);
    expect(created.status).toBe(201);
    const { id, target_type } = await created.json();
    expect(target_type).toBe("teams");
    expect((await (await send(mock, `${subscriptions}${id}/`)).json()).target_type).toBe("teams");
    expect((await (await send(mock, `${subscriptions}?target_type=teams`)).json()).results.map((s: { id: number }) => s.id)).toEqual([id]);

    const refused = await send(mock, subscriptions, "POST", { ...body, target_type: "pigeon" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "invalid_choice", attr: "target_type" });
    expect(mock.requests().flatMap((r) => r.responseViolations)).toEqual([]);
  });
});
