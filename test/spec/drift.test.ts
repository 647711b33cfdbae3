import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundlePath, bundleSpec } from "../../scripts/bundle.mjs";
import { generateTypes, typesPath } from "../../scripts/codegen.mjs";
import { compileMock, mockDir } from "../../scripts/compile-mock.mjs";

describe("generated files are current", () => {
  it("generated/openapi.yaml equals a fresh bundle of openapi/ (run `npm run bundle`)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "bundle-"));
    try {
      const fresh = await readFile(await bundleSpec(join(dir, "openapi.yaml")), "utf8");
      expect(await readFile(bundlePath, "utf8")).toBe(fresh);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("generated/openapi.d.ts equals fresh openapi-typescript output (run `npm run generate`)", async () => {
    expect(await readFile(typesPath, "utf8")).toBe(await generateTypes());
  });

  it("generated/mock/ equals a fresh compile of the bundle for the mock engine (run `npm run generate`)", async () => {
    const fresh = await compileMock();
    expect(Object.keys(fresh).length).toBeGreaterThan(3);
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(mockDir, file), "utf8"), file).toBe(text);
  });
});
