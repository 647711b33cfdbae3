// Admin bodies at their limits, on a real node:http server: a body past the admin limit is
// answered 413 before it has all arrived, a large document deep and wide is checked with memory
// that follows its depth, and the server answers normally after both. Bounded in time: the
// issue's "well under 15 s" is asserted with room to spare for a loaded machine.
import { request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { adminMaxBodyBytes } from "../../src/mock/admin.js";
import { createMock } from "../../src/mock/index.js";

let server: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  server = await startStatefulMock({ port: 0, log: () => undefined });
}, 30_000);
afterAll(() => server?.stop());

const mb = 1024 * 1024;

/**
 * PUTs `total` bytes to /__mock/state in 1 MB chunks (`chunk(i)` each), with a Content-Length
 * or chunked; resolves with the status and body of the answer as soon as it comes, and stops sending.
 */
function put(total: number, chunk: (index: number) => Buffer, withLength: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (withLength) headers["Content-Length"] = String(total);
    const { port } = new URL(server.url);
    const req = request({ host: "127.0.0.1", port, method: "PUT", path: "/__mock/state", headers, timeout: 60_000 }, (res) => {
      let text = "";
      res.on("data", (part) => (text += part));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server closes after a 413 while the rest is still being sent: the answer came first.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 60 s")));
    let sent = 0;
    let index = 0;
    const pump = () => {
      while (sent < total && !req.destroyed) {
        const part = chunk(index++).subarray(0, Math.min(mb, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

async function answersNormally() {
  expect((await fetch(`${server.url}/__mock/state`)).status).toBe(200);
  const listing = await fetch(`${server.url}/api/environments/28417/session_recording_playlists/`, { headers: { Authorization: "Bearer phx_limits" } });
  expect(listing.status).toBe(200);
}

it.each([
  ["with a Content-Length", true],
  ["chunked", false],
])(
  "answers a 150 MB PUT /__mock/state %s 413 within the test's bound, and answers normally after",
  async (_, withLength) => {
    expect(150 * mb).toBeGreaterThan(adminMaxBodyBytes);
    const spaces = Buffer.alloc(mb, " ");
    const answer = await put(150 * mb, () => spaces, withLength);
    expect(answer.status, answer.text).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "request_too_large" });
    await answersNormally();
  },
  60_000,
);

it("checks a 24 MB snapshot deep and wide within the test's bound, refusing the part the state has not by its name", async () => {
  const snapshot = createMock().snapshot() as unknown as { projects: Record<string, Record<string, unknown>> };
  snapshot.projects["28417"]!.extra = "HERE";
  const [before, after] = JSON.stringify(snapshot).split('"HERE"') as [string, string];
  // 60 levels down, a list of 12 million numbers: a walk that copies the path per value holds hundreds of millions of steps.
  const deep = Buffer.from(`${"[".repeat(60)}${"1,".repeat(12 * 1024 * 1024)}1${"]".repeat(60)}`);
  const body = Buffer.concat([Buffer.from(before), deep, Buffer.from(after)]);
  expect(body.length).toBeGreaterThan(24 * mb);
  const answer = await put(body.length, (index) => body.subarray(index * mb, (index + 1) * mb), true);
  expect(answer.status, answer.text).toBe(400);
  expect(JSON.parse(answer.text).detail).toContain("snapshot.projects.28417.extra is not a part of the mock's state");
  await answersNormally();
}, 60_000);
