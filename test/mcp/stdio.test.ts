// The bin over stdio, driven by the MCP SDK's own client as an agent's host drives it: the tools it
// lists (names, schemas, annotations), every read tool called against the in-process mock, writes
// refused without --allow-writes and a write flow with it; and, against a hostile service on
// 127.0.0.1 that echoes the key back, no key in any answer or in the log.

import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate } from "../../examples/mcp-eval.js";
import { toolsOf } from "../../src/mcp/tools.js";
import { createMock } from "../../src/mock/live.js";

const root = new URL("../..", import.meta.url).pathname;
const work = await mkdtemp(join(tmpdir(), "mcp-stdio-"));
// Bundled once, as the package's build bundles it (its dependencies inside here, for a file outside the repository).
const bin = join(work, "mcp-bin.mjs");
await build({
  entryPoints: [join(root, "src/mcp/cli.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: bin,
  logLevel: "error",
  // ajv and its plugins are CommonJS and call require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await rm(work, { recursive: true, force: true });
});

interface Started {
  client: Client;
  /** What the server wrote to stderr: its log. */
  log: () => string;
}

async function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...args],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk) => (log += chunk));
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return { client, log: () => log };
}

type Answer = { isError?: boolean; content: { type: string; text: string }[] };
// biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read field by field by the assertions
type Json = Record<string, any>;
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = (await client.callTool({ name, arguments: args })) as Answer;
  const text = answer.content[0]!.text;
  return { isError: answer.isError === true, text, json: answer.isError ? undefined : (JSON.parse(text) as Json) };
}
async function read(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = await call(client, name, args);
  expect(answer.isError, `${name}: ${answer.text}`).toBe(false);
  return answer.json!;
}

describe.concurrent("session-recordings-api-mcp --mock over stdio", () => {
  it("lists only the read tools, with their schemas and annotations, and answers every one of them from the mock", async () => {
    const { client, log } = await start(["--mock"]);
    const { tools } = await client.listTools();
    const expected = toolsOf("live").filter((tool) => tool.annotations.readOnlyHint);
    expect(tools.map((tool) => tool.name).sort()).toEqual(expected.map((tool) => tool.name).sort());
    for (const tool of tools) {
      const compiled = expected.find((candidate) => candidate.name === tool.name)!;
      expect(tool.inputSchema).toEqual(compiled.inputSchema);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(tool.description?.length, tool.name).toBeGreaterThan(10);
    }

    const called = new Set<string>();
    const readTool = async (name: string, args: Record<string, unknown> = {}) => {
      called.add(name);
      return read(client, name, args);
    };
    const recordings = await readTool("query-session-recordings-list", { limit: 3, date_from: "-30d" });
    const recording = recordings.results[0];
    expect(recording.id).toEqual(expect.any(String));
    const got = await readTool("session-recording-get", { session_id: recording.id });
    expect(got.id).toBe(recording.id);
    expect(got.person).toBeDefined();
    expect(got.person).not.toHaveProperty("properties");
    const playlists = await readTool("session-recording-playlists-list", { fields: ["short_id", "type"] });
    const collection = playlists.results.find(
      (playlist: { type: string; short_id: string }) => playlist.type === "collection" && !playlist.short_id.startsWith("synthetic-"),
    );
    expect(Object.keys(collection).sort()).toEqual(["short_id", "type"]);
    expect((await readTool("session-recording-playlist-get", { short_id: collection.short_id })).short_id).toBe(collection.short_id);
    expect((await readTool("session-recording-playlists-recordings-retrieve", { short_id: collection.short_id })).results).toEqual(expect.any(Array));
    const subscriptions = await readTool("subscriptions-list", { fields: ["id"] });
    const subscription = subscriptions.results[0].id;
    expect(await readTool("subscriptions-retrieve", { id: subscription })).not.toHaveProperty("invite_message");
    let delivery: { subscription: number; id: string } | undefined;
    for (const { id } of subscriptions.results) {
      const deliveries = await readTool("subscriptions-deliveries-list", { subscription_id: id });
      if (deliveries.results.length) {
        delivery = { subscription: id, id: deliveries.results[0].id };
        expect(deliveries.results[0]).not.toHaveProperty("recipient_results");
        break;
      }
    }
    expect(delivery).toBeDefined();
    expect((await readTool("subscriptions-deliveries-retrieve", { subscription_id: delivery!.subscription, id: delivery!.id })).id).toBe(delivery!.id);
    expect([...called].sort()).toEqual(expected.map((tool) => tool.name).sort());

    // Refused, each in one sentence: a write, an unknown argument, a bad value.
    const write = await call(client, "session-recording-delete", { id: recording.id });
    expect(write).toMatchObject({ isError: true });
    expect(write.text).toContain("--allow-writes");
    expect((await read(client, "session-recording-get", { id: recording.id })).id).toBe(recording.id);
    const unknown = await call(client, "session-recording-get", { id: recording.id, verbose: true });
    expect(unknown.text).toMatch(/no argument verbose/);
    const bad = await call(client, "query-session-recordings-list", { order: "loudest" });
    expect(bad.text).toMatch(/argument order must be one of/);
    expect(log()).toContain("read-only");
  });

  it("with --allow-writes: curates a collection, schedules and soft-deletes a subscription, bulk-deletes only when confirmed", async () => {
    const { client } = await start(["--mock", "--allow-writes"]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(toolsOf("live").map((tool) => tool.name));
    expect(tools.find((tool) => tool.name === "session-recording-bulk-delete")!.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });

    const [first, second] = (await read(client, "query-session-recordings-list", { limit: 2, date_from: "-30d", fields: ["id"] })).results;
    const playlist = await read(client, "session-recording-playlist-create", { name: "Checkout bugs", type: "collection" });
    await read(client, "session-recording-playlists-recordings-create", { short_id: playlist.short_id, session_recording_id: first.id });
    const members = await read(client, "session-recording-playlists-recordings-retrieve", { short_id: playlist.short_id, fields: ["id"] });
    expect(members.results).toEqual([{ id: first.id }]);
    expect((await read(client, "session-recording-playlist-update", { short_id: playlist.short_id, name: "Checkout bugs, triaged" })).name).toBe(
      "Checkout bugs, triaged",
    );

    const subscription = await read(client, "subscriptions-create", {
      insight: (await read(client, "subscriptions-list", { fields: ["insight"] })).results.find((s: { insight: number | null }) => s.insight).insight,
      target_type: "email",
      target_value: "team@example.com",
      frequency: "weekly",
      interval: 1,
      start_date: "2026-12-01T09:00:00Z",
    });
    expect((await read(client, "subscriptions-partial-update", { id: subscription.id, title: "Weekly" })).title).toBe("Weekly");
    await read(client, "subscriptions-test-delivery-create", { id: subscription.id });
    expect((await read(client, "subscriptions-deliveries-list", { subscription_id: subscription.id })).results[0]).toMatchObject({ trigger_type: "manual" });
    expect((await read(client, "subscriptions-delete", { id: String(subscription.id) })).deleted).toBe(true);
    // Gone from the listing; the live service still reads it by id (the live Overlay's x-finds-deleted).
    const listed = await read(client, "subscriptions-list", { limit: 500, fields: ["id"] });
    expect(listed.results.map((s: { id: number }) => s.id)).not.toContain(subscription.id);
    expect((await read(client, "subscriptions-retrieve", { id: subscription.id })).deleted).toBe(true);

    const unconfirmed = await call(client, "session-recording-bulk-delete", { session_recording_ids: [first.id, second.id] });
    expect(unconfirmed.text).toBe("session-recording-bulk-delete: the argument confirm is required.");
    expect((await read(client, "session-recording-get", { id: first.id })).id).toBe(first.id);
    const deleted = await read(client, "session-recording-bulk-delete", { session_recording_ids: [first.id, second.id], confirm: true, date_from: "-30d" });
    expect(deleted).toMatchObject({ deleted_count: 2, total_requested: 2 });
    expect((await call(client, "session-recording-get", { id: first.id })).text).toMatch(/404 not found/);
  });
});

describe("session-recordings-api-mcp --mock --snapshot", () => {
  it("serves a recorded account's state, and stops with exit 1 naming a file it cannot read", async () => {
    const recorded = createMock();
    const created = await recorded.fetch("https://us.posthog.com/api/environments/28417/session_recording_playlists/", {
      method: "POST",
      headers: { authorization: "Bearer phx_test", "content-type": "application/json" },
      body: JSON.stringify({ name: "From the snapshot", type: "collection" }),
    });
    expect(created.status).toBe(201);
    const file = join(work, "account.mock.json");
    await writeFile(file, recorded.snapshotJson());
    const { client } = await start(["--mock", "--snapshot", file]);
    const found = await read(client, "session-recording-playlists-list", { search: "From the snapshot", fields: ["name"] });
    expect(found.results).toEqual([{ name: "From the snapshot" }]);
    const missing = spawnSync(process.execPath, [bin, "--mock", "--snapshot", join(work, "absent.json")], { encoding: "utf8", timeout: 30_000 });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`--snapshot ${join(work, "absent.json")}: cannot read it (ENOENT)`);
  });
});

describe("the guide's offline eval (examples/mcp-eval.ts)", () => {
  it("passes every check against the mock", async () => {
    expect(await evaluate(process.execPath, [bin, "--mock"])).toEqual([]);
  });
});

describe("session-recordings-api-mcp against the service", () => {
  const key = "phx_Echoed0Key0That0Must0Never0Show";
  let hostile: Server;
  const paths: string[] = [];
  it("never shows the key, though a hostile service echoes it in answers and errors; --path-prefix projects calls /api/projects/", async () => {
    hostile = createServer((request, response) => {
      const sent = request.headers.authorization ?? "";
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      paths.push(url.pathname);
      response.setHeader("content-type", "application/json");
      if (url.pathname === "/api/projects/")
        return void response.end(JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 7, name: sent }] }));
      if (url.pathname.endsWith("/session_recording_playlists/"))
        return void response.end(JSON.stringify({ count: 1, next: null, previous: null, results: [{ short_id: "a", name: sent }] }));
      response.statusCode = 401;
      response.end(JSON.stringify({ type: "authentication_error", code: "authentication_failed", detail: `Invalid key ${sent}`, attr: null }));
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    try {
      const port = (hostile.address() as { port: number }).port;
      const { client, log } = await start(["--base-url", `http://127.0.0.1:${port}`, "--path-prefix", "projects"], { POSTHOG_PERSONAL_API_KEY: key });
      const listed = await call(client, "session-recording-playlists-list");
      expect(listed.isError).toBe(false);
      expect(listed.text).toContain("[redacted key]");
      const refused = await call(client, "session-recording-get", { id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52" });
      expect(refused).toMatchObject({ isError: true });
      expect(refused.text).toMatch(/^session-recording-get: the API answered 401 unauthorized: Invalid key .*check POSTHOG_PERSONAL_API_KEY\.$/);
      for (const text of [listed.text, refused.text, log()]) expect(text).not.toContain(key.slice(4));
      // --path-prefix projects: the service answers both prefixes.
      expect(paths).toEqual([
        "/api/projects/",
        "/api/projects/7/session_recording_playlists/",
        "/api/projects/7/session_recordings/0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52/",
      ]);
    } finally {
      hostile.close();
    }
  });
});
