import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { buildDocs } from "../../scripts/docs/docs.mjs";
import { operations, type Schema } from "../support/spec.js";

describe("rendered docs", () => {
  it("builds one self-contained HTML page that carries every operation, scope and example", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docs-"));
    try {
      const html = await readFile(await buildDocs(join(dir, "index.html")), "utf8");
      expect(html).not.toMatch(/<script[^>]+src="https?:/);
      for (const { operation } of operations) {
        expect(html).toContain(`"operationId":"${operation.operationId}"`);
        expect(html).toContain(JSON.stringify(operation.security));
        for (const media of Object.values<Schema>(operation.requestBody?.content ?? {})) {
          for (const name of Object.keys(media.examples)) expect(html).toContain(`"${name}":{"$ref"`);
        }
      }
      expect(html).toContain("(live.html)");
      expect(html, "the guide, beside the page").toContain("([guide/](guide/))");
      // Beside the title, which version is whose: the description's and the packages', which differ.
      const described = parse(readFileSync(new URL("../../generated/openapi.yaml", import.meta.url), "utf8")).info.version;
      const packaged = JSON.parse(readFileSync(new URL("../../packages/client/package.json", import.meta.url), "utf8")).version;
      expect(html).toMatch(
        new RegExp(`<h1[^>]*>Session Recordings, Playlists and Subscriptions API \\(description ${described}, packages ${packaged}\\)</h1>`),
      );
      expect(html).toContain("**Versions.** The API itself has no version.");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("builds the live service's page from the live description, linked back to the description's", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docs-"));
    try {
      const html = await readFile(await buildDocs(join(dir, "live.html"), "live"), "utf8");
      const live = parse(readFileSync(liveBundlePath, "utf8"));
      expect(html).not.toMatch(/<script[^>]+src="https?:/);
      expect(html).toContain("(index.html)");
      expect(html, "the guide, beside the page").toContain("([guide/](guide/))");
      expect(html).toContain("(the live service)");
      for (const item of Object.values<Schema>(live.paths)) {
        for (const operation of Object.values<Schema>(item)) if (operation.operationId) expect(html).toContain(`"operationId":"${operation.operationId}"`);
      }
      expect(html).not.toContain('"operationId":"generateRecordingFilters"');
      expect(html).toContain('from \\"session-recordings-api/live\\"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("lists the servers npm start runs, on the ports it was given: the description's mocks on its page, the live profile's on the live page", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docs-"));
    try {
      const ports = { stateful: 5020, live: 5021, prism: 5010 };
      const [seed, live] = await Promise.all([
        readFile(await buildDocs(join(dir, "index.html"), "seed", { ports }), "utf8"),
        readFile(await buildDocs(join(dir, "live.html"), "live", { ports }), "utf8"),
      ]);
      // The servers as the page carries them (127.0.0.1 also appears in the examples' next links, which are Prism's).
      const servers = (html: string) =>
        [...(html.match(/"servers":\[.*?\]\}\]?/)?.[0].matchAll(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/g) ?? [])].map((m) => m[1]).sort();
      expect(servers(seed)).toEqual(["http://127.0.0.1:5010", "http://127.0.0.1:5020"]);
      expect(servers(live)).toEqual(["http://127.0.0.1:5021"]);
      // The Try it panel's "Local mock" starts at the page's own mock.
      expect(seed).toContain('"localMock":"http://127.0.0.1:5020"');
      expect(live).toContain('"localMock":"http://127.0.0.1:5021"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
