// The docs server `npm start` runs (scripts/docs/docs-server.mjs), on 127.0.0.1 over a folder
// standing in for the guide's built site: the reference's pages where they were, the guide's
// files under /guide/ with their content types, a 404 (its own page) for a file it lacks, and
// nothing outside the folder, nor its dot-files, however the path is spelt.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsHandler, unreadyPart } from "../../scripts/docs/docs-server.mjs";

let dir: string;
let server: Server;
let port: number;
const secret = "not the guide's";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "docs-server-"));
  const site = join(dir, "guide");
  await mkdir(join(site, "assets"), { recursive: true });
  const files: Record<string, string> = {
    "getting-started.html": "<!doctype html><html><body>first page</body></html>",
    "404.html": "<!doctype html><html><body>the site's 404</body></html>",
    ".inputs-sha256": "stamp",
    "hashmap.json": "{}",
    "assets/app.js": "export {};",
    "assets/style.css": "body{}",
    "assets/inter.woff2": "font",
    "assets/logo.svg": "<svg/>",
    "assets/data.bin": "bytes",
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(site, name), text);
  // Beside the site: what a traversal would reach.
  await writeFile(join(dir, "secret.txt"), secret);
  await writeFile(join(dir, "guide-other.html"), secret);
  server = createServer(
    docsHandler({ seedPage: Buffer.from("<html>seed</html>"), livePage: Buffer.from("<html>live</html>"), guideDir: site, guideHome: "getting-started.html" }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await rm(dir, { recursive: true, force: true });
});

/** A request with the path sent as written (fetch would resolve its dot segments first). */
function get(path: string, method = "GET"): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path, method, timeout: 5_000 }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    sent.once("timeout", () => sent.destroy(new Error(`${path}: no answer in 5 s`)));
    sent.once("error", reject);
    sent.end();
  });
}

describe("the docs server", () => {
  it("serves the reference's pages where they were", async () => {
    for (const [path, text] of [
      ["/", "seed"],
      ["/playlists", "seed"],
      ["/live.html", "live"],
      ["/live.html/section/errors", "live"],
    ]) {
      const answer = await get(path!);
      expect([answer.status, answer.body], path).toEqual([200, `<html>${text}</html>`]);
    }
  });

  it("opens the guide on its first page", async () => {
    for (const path of ["/guide", "/guide/"]) {
      const answer = await get(path);
      expect([answer.status, answer.headers.location], path).toEqual([302, "/guide/getting-started.html"]);
    }
  });

  it.each([
    ["/guide/getting-started.html", "text/html; charset=utf-8"],
    ["/guide/assets/app.js", "text/javascript; charset=utf-8"],
    ["/guide/assets/style.css", "text/css; charset=utf-8"],
    ["/guide/assets/inter.woff2", "font/woff2"],
    ["/guide/assets/logo.svg", "image/svg+xml"],
    ["/guide/hashmap.json", "application/json; charset=utf-8"],
    ["/guide/assets/data.bin", "application/octet-stream"],
  ])("serves %s as %s, not to be sniffed", async (path, type) => {
    const answer = await get(path);
    expect([answer.status, answer.headers["content-type"], answer.headers["x-content-type-options"]]).toEqual([200, type, "nosniff"]);
  });

  it("answers HEAD with the headers alone, and refuses other methods", async () => {
    const head = await get("/guide/assets/app.js", "HEAD");
    expect([head.status, head.headers["content-length"], head.body]).toEqual([200, "10", ""]);
    expect((await get("/guide/assets/app.js", "POST")).status).toBe(405);
  });

  it("answers a missing file with 404 and the site's own 404 page", async () => {
    for (const path of ["/guide/nothing.html", "/guide/assets/", "/guide/assets", "/guide/assets/nothing.js"]) {
      const answer = await get(path);
      expect([answer.status, answer.headers["content-type"], answer.body], path).toEqual([
        404,
        "text/html; charset=utf-8",
        "<!doctype html><html><body>the site's 404</body></html>",
      ]);
    }
  });

  it.each([
    "/guide/../secret.txt",
    "/guide/assets/../../secret.txt",
    "/guide/%2e%2e/secret.txt",
    "/guide/..%2fsecret.txt",
    "/guide/..%2Fsecret.txt",
    "/guide/..%5csecret.txt",
    "/guide/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/guide/%252e%252e/secret.txt",
    "/guide/..%00/secret.txt",
    "/guide/%E0%A4%A/secret.txt",
    "/guide/.inputs-sha256",
    "/guide/assets/%2e%2e/.inputs-sha256",
    "/guide//etc/passwd",
    "/guide/%2fetc%2fpasswd",
  ])("serves nothing outside the site nor a dot-file: %s", async (path) => {
    const answer = await get(path);
    expect(answer.body, path).not.toContain(secret);
    expect(answer.body, path).not.toContain("stamp");
    expect(answer.body, path).not.toContain("root:");
    // The URL parser resolves plain dot segments first: those leave /guide/ and get the reference's page.
    expect([200, 404], path).toContain(answer.status);
    if (answer.status === 200) expect(answer.body, path).toBe("<html>seed</html>");
  });
});

describe("the docs server, while npm start makes the docs", () => {
  it("answers what is being built with a short page that says so and reloads itself, and a failed build with why, until each is ready", async () => {
    const unready: Record<string, ReturnType<typeof unreadyPart>> = {
      reference: unreadyPart("The API reference"),
      guide: unreadyPart("The guide", new Error("VitePress failed\nat line 3")),
    };
    const pages = { seedPage: Buffer.from("<html>seed</html>"), livePage: Buffer.from("<html>live</html>") };
    const handler = docsHandler({ ...pages, guideDir: join(dir, "guide"), guideHome: "getting-started.html", unready: () => unready });
    const building = createServer(handler);
    await new Promise<void>((resolve) => building.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(building.address() as AddressInfo).port}`;
    try {
      for (const path of ["/", "/live.html", "/playlists"]) {
        const answer = await fetch(`${origin}${path}`);
        expect([answer.status, answer.headers.get("retry-after"), answer.headers.get("content-type")], path).toEqual([503, "2", "text/html; charset=utf-8"]);
        const text = await answer.text();
        expect(text).toContain("The API reference is being built");
        expect(text).toContain('<meta http-equiv="refresh" content="2">');
      }
      const head = await fetch(`${origin}/`, { method: "HEAD" });
      expect([head.status, await head.text()]).toEqual([503, ""]);
      for (const path of ["/guide", "/guide/", "/guide/getting-started.html"]) {
        const answer = await fetch(`${origin}${path}`, { redirect: "manual" });
        expect(answer.status, path).toBe(500);
        const text = await answer.text();
        expect(text).toContain("The guide could not be built: VitePress failed (npm start's output says more).");
        expect(text).not.toContain("refresh");
      }
      delete unready.reference;
      delete unready.guide;
      expect(await (await fetch(`${origin}/`)).text()).toBe("<html>seed</html>");
      expect((await fetch(`${origin}/guide/`, { redirect: "manual" })).status).toBe(302);
    } finally {
      await new Promise<void>((resolve) => building.close(() => resolve()));
    }
  });
});
