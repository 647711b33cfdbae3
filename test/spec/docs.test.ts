import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDocs } from "../../scripts/docs.mjs";
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
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
