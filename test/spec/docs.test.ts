import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildDocs } from "../../scripts/docs.mjs";
import { liveBundlePath } from "../../scripts/overlay.mjs";
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
});
