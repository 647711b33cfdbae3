import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundlePath, bundleSpec } from "../../scripts/build/bundle.mjs";
import { generateLiveTypes, generateTypes, liveTypesPath, typesPath } from "../../scripts/build/codegen.mjs";
import { compileConformance, conformanceDir } from "../../scripts/build/compile-conformance.mjs";
import { compileMcp, mcpDir } from "../../scripts/build/compile-mcp.mjs";
import { compileMock, liveCompile, liveMockDir, mockDir } from "../../scripts/build/compile-mock.mjs";
import { compileRefresh, refreshDir } from "../../scripts/build/compile-refresh.mjs";
import { liveBundlePath, liveDescription } from "../../scripts/build/overlay.mjs";

const source = fileURLToPath(new URL("../../src/", import.meta.url));

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

  it("generated/live/openapi.yaml equals the Overlay applied to the committed bundle, with its own code samples (run `npm run bundle`)", async () => {
    expect(await readFile(liveBundlePath, "utf8")).toBe(await liveDescription(await readFile(bundlePath, "utf8")));
  });

  it("generated/openapi.d.ts equals fresh openapi-typescript output (run `npm run generate`)", async () => {
    expect(await readFile(typesPath, "utf8")).toBe(await generateTypes());
  });

  it("generated/live/openapi.d.ts equals fresh openapi-typescript output of the live description (run `npm run generate`)", async () => {
    expect(await readFile(liveTypesPath, "utf8")).toBe(await generateLiveTypes());
  });

  it("generated/mock/ holds exactly a fresh compile of the bundle for the mock engine, every file src/ imports from it among them (run `npm run generate`)", async () => {
    const fresh = await compileMock();
    const files = (await readdir(mockDir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files.sort()).toEqual(Object.keys(fresh).sort());
    const imported = readdirSync(source, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) => [...readFileSync(join(source, file), "utf8").matchAll(/from "(?:\.\.\/)+generated\/mock\/([^"]+)"/g)].map((m) => m[1]!));
    expect(imported.length).toBeGreaterThan(0);
    for (const file of new Set(imported.filter((f) => !f.startsWith("live/")))) expect(Object.keys(fresh), file).toContain(file);
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(mockDir, file), "utf8"), file).toBe(text);
  });

  it("generated/conformance/ holds exactly a fresh compile of both descriptions for the conformance command (run `npm run generate`)", async () => {
    const fresh = await compileConformance();
    expect((await readdir(conformanceDir)).sort()).toEqual(Object.keys(fresh).sort());
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(conformanceDir, file), "utf8"), file).toBe(text);
  });

  it("generated/refresh/ holds exactly a fresh compile of both descriptions for queriesChangedBy (run `npm run generate`)", async () => {
    const fresh = await compileRefresh();
    expect((await readdir(refreshDir)).sort()).toEqual(Object.keys(fresh).sort());
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(refreshDir, file), "utf8"), file).toBe(text);
  });

  it("generated/mcp/ holds exactly a fresh compile of both descriptions and PostHog's tool facts for the MCP server (run `npm run generate`)", async () => {
    const fresh = await compileMcp();
    expect((await readdir(mcpDir)).sort()).toEqual(Object.keys(fresh).sort());
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(mcpDir, file), "utf8"), file).toBe(text);
  });

  it("generated/mock/live/ holds exactly a fresh compile of the live description (run `npm run generate`)", async () => {
    const fresh = await compileMock(liveBundlePath, liveCompile);
    expect((await readdir(liveMockDir)).sort()).toEqual(Object.keys(fresh).sort());
    const imported = readdirSync(source, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) => [...readFileSync(join(source, file), "utf8").matchAll(/from "(?:\.\.\/)+generated\/mock\/live\/([^"]+)"/g)].map((m) => m[1]!));
    expect(imported.length).toBeGreaterThan(0);
    for (const file of new Set(imported)) expect(Object.keys(fresh), file).toContain(file);
    for (const [file, text] of Object.entries(fresh)) expect(await readFile(join(liveMockDir, file), "utf8"), file).toBe(text);
  });
});
