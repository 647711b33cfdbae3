// The stateful server over node:http: CORS, a seeded fuzz of bad requests, concurrent writers
// and persistence across a restart. Everything runs on 127.0.0.1 and is bounded.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/index.js";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { pick, seededRandom } from "../../src/mock/state/random.js";

let server: Awaited<ReturnType<typeof startStatefulMock>>;
const logged: string[] = [];
beforeAll(async () => {
  server = await startStatefulMock({ port: 0, log: (line) => logged.push(line) });
}, 30_000);
afterAll(() => server?.stop());

const auth = { Authorization: "Bearer phx_server_test" };

describe("CORS", () => {
  it("answers a preflight from any dev-server origin, allowing Authorization", async () => {
    const response = await fetch(`${server.url}/api/projects/`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
    expect(response.headers.get("access-control-allow-methods")).toMatch(/PATCH/);
  });

  it("leaves an OPTIONS that is not a preflight to the engine, so it answers as in-process: the path's Allow, or 404", async () => {
    const playlist = await fetch(`${server.url}/api/environments/28417/session_recording_playlists/Ub3KpD7w/`, { method: "OPTIONS" });
    expect(playlist.status).toBe(204);
    expect(playlist.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
    expect((await fetch(`${server.url}/api/environments/28417/nothing/`, { method: "OPTIONS" })).status).toBe(404);
  });

  it("exposes Retry-After on answers", async () => {
    const response = await fetch(`${server.url}/api/projects/`, { headers: { ...auth, Origin: "http://localhost:3000", Prefer: "code=429" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  });
});

/** Sends raw bytes, so the fuzz can send what fetch refuses to. */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers, timeout: 5_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(-1));
    req.on("timeout", () => req.destroy());
    req.end(body);
  });
}

describe("methods Fetch cannot carry", () => {
  it("answers TRACE with the path's 405 and its Allow, as the service does, not a parse error", async () => {
    const method = "TRACE";
    const answer = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
      const port = Number(new URL(server.url).port);
      const req = httpRequest(
        { host: "127.0.0.1", port, method, path: "/api/environments/28417/session_recording_playlists/", headers: auth, timeout: 5_000 },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        },
      );
      req.on("error", reject);
      req.on("timeout", () => req.destroy(new Error("no answer in 5 s")));
      req.end();
    });
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(JSON.parse(answer.body)).toMatchObject({ code: "method_not_allowed", detail: `Method "${method}" not allowed.` });
  });
});

describe("a client that goes away mid-upload", () => {
  it("is one line in the log, no stack trace and no 500, however many do it", async () => {
    const { connect } = await import("node:net");
    const port = Number(new URL(server.url).port);
    const path = "/api/environments/28417/session_recording_playlists/?upload=aborted";
    const before = logged.length;
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer phx_x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`,
          );
          setTimeout(() => socket.destroy(), 20);
        });
        socket.on("close", () => resolve());
      });
    }
    // The server notices each close on its own schedule.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = logged.slice(before).filter((line) => line.includes("upload=aborted"));
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/the client went away before its request arrived$/);
    expect(logged.slice(before).join("\n")).not.toMatch(/\n\s+at /);
    const requests = (await (await fetch(`${server.url}/__mock/requests`)).json()) as { status: number }[];
    expect(requests.filter((r) => r.status >= 500)).toEqual([]);
  });
});

describe("a seeded fuzz of bad requests", () => {
  it("answers 2,000 of them with no 5xx and stays up", async () => {
    const before = logged.length;
    const random = seededRandom(2026);
    const port = Number(new URL(server.url).port);
    const paths = [
      "/api/environments/28417/session_recordings/%ff/",
      "/api/environments/28417/session_recordings/%E0%A4%A/",
      "/api/environments/28417/session_recording_playlists/%/",
      "/api/environments/28417/session_recordings/?limit=-1&offset=abc",
      "/api/environments/28417/session_recordings/?order=%ZZ&events=[nope",
      "/api/environments/%00/subscriptions/",
      "/api/environments/28417/subscriptions/99999999999999999999/",
      "/api/nothing/",
      "/api/environments/28417/session_recording_playlists",
      "/../../etc/passwd",
      "/api/projects/?limit=1e999",
    ];
    const bodies = ["{", '{"name": 5}', "null", "[]", '"x"', '{"filters": {"a": [1, {"b": null}]}}', "\u0000\u0001", `{"name": "${"x".repeat(500)}"}`];
    const types = [
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-16",
      "",
      "multipart/form-data; boundary=x",
    ];
    const methods = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "TRACE"];
    const statuses = new Map<number, number>();
    const batch = 20;
    for (let sent = 0; sent < 2_000; sent += batch) {
      const results = await Promise.all(
        Array.from({ length: batch }, (_, i) => {
          const kind = (sent + i) % 5;
          const method = pick(random, methods);
          const headers: Record<string, string> = { "Content-Type": pick(random, types) };
          if (random() < 0.7) headers.Authorization = pick(random, ["Bearer phx_fuzz", "Bearer nope", "Bearer phx_readonly", "Basic x", "Bearer "]);
          if (kind === 0) return raw(port, method, pick(random, paths), headers, pick(random, bodies));
          if (kind === 1)
            return raw(
              port,
              "POST",
              "/api/environments/28417/session_recording_playlists/",
              { ...headers, "Content-Type": "application/json" },
              Buffer.alloc(1_100_000, 120),
            );
          if (kind === 2) {
            const flood: Record<string, string> = { ...headers };
            for (let h = 0; h < 200; h++) flood[`x-flood-${h}`] = "y".repeat(100);
            return raw(port, method, "/api/projects/", flood);
          }
          if (kind === 3) return raw(port, "PATCH", "/api/environments/28417/subscriptions/902/", headers, pick(random, bodies));
          return raw(
            port,
            method,
            `/api/environments/28417/session_recordings/?${pick(random, ["limit=0", "date_from=-7x", "person_uuid=zz", "filter_test_accounts=maybe", "session_ids=%7B"])}`,
            headers,
          );
        }),
      );
      for (const status of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(2_000);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(statuses.get(-1) ?? 0).toBe(0);
    expect((await fetch(`${server.url}/api/projects/`, { headers: auth })).status).toBe(200);
    expect(logged.slice(before).filter((line) => !line.includes("breaks the spec"))).toEqual([]);
  }, 120_000);
});

describe("concurrent writers", () => {
  it("keeps every record of 50 clients × 40 creates, each updated, with unique ids", async () => {
    await fetch(`${server.url}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } });
    const clients = Array.from({ length: 50 }, (_, c) => ({ c, api: createClient({ baseUrl: server.url, apiKey: `phx_writer_${c}`, maxRetries: 0 }) }));
    const created = await Promise.all(
      clients.map(async ({ c, api }) => {
        const mine: { short_id: string; id: number }[] = [];
        for (let i = 0; i < 40; i++) {
          const playlist = unwrap(
            await api.POST("/api/environments/{project_id}/session_recording_playlists/", {
              params: { path: { project_id: "28417" } },
              body: { name: `c${c}-${i}` },
            }),
          );
          unwrap(
            await api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
              params: { path: { project_id: "28417", short_id: playlist.short_id } },
              body: { description: `updated by ${c}` },
            }),
          );
          mine.push(playlist);
        }
        return mine;
      }),
    );
    const all = created.flat();
    expect(all).toHaveLength(2_000);
    expect(new Set(all.map((p) => p.id)).size).toBe(2_000);
    expect(new Set(all.map((p) => p.short_id)).size).toBe(2_000);
    const state = await (await fetch(`${server.url}/__mock/state`)).json();
    const stored = new Map<string, { name: string; description: string }>(state.projects["28417"].playlists.map((p: { short_id: string }) => [p.short_id, p]));
    for (const [c, mine] of created.entries()) {
      for (const [i, p] of mine.entries()) expect(stored.get(p.short_id)).toMatchObject({ name: `c${c}-${i}`, description: `updated by ${c}` });
    }
  }, 120_000);
});

describe("persistence", () => {
  it("survives a restart, and a corrupt file is a clear error at start", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mock-persist-"));
    const file = join(dir, "state.json");
    try {
      const first = await startStatefulMock({ port: 0, persist: file, log: () => {} });
      const api = createClient({ baseUrl: first.url, apiKey: "phx_persist", maxRetries: 0 });
      const created = unwrap(
        await api.POST("/api/environments/{project_id}/session_recording_playlists/", {
          params: { path: { project_id: "28417" } },
          body: { name: "Persisted" },
        }),
      );
      // No wait: the 201 came after the save.
      await first.stop();
      const second = await startStatefulMock({ port: 0, persist: file, log: () => {} });
      const again = createClient({ baseUrl: second.url, apiKey: "phx_persist", maxRetries: 0 });
      const read = unwrap(
        await again.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
          params: { path: { project_id: "28417", short_id: created.short_id } },
        }),
      );
      expect(read.name).toBe("Persisted");
      await second.stop();
      await writeFile(file, '{"version": 1, "projects": ');
      await expect(startStatefulMock({ port: 0, persist: file, log: () => {} })).rejects.toThrow(/--persist .*state\.json: not a saved mock state/);
      expect(await readFile(file, "utf8")).toBe('{"version": 1, "projects": ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
