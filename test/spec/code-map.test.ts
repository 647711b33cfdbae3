// The code map (docs/contributing.md) is the tree as it is, and the arrows it draws hold: the client and
// the mock never import each other, the engine imports no transport and not the server's files,
// only the Node-only rooms import Node's modules, and no import runs in a circle. The recorder
// (src/record/) reads through the client and writes the mock's state, and the MCP server (src/mcp/)
// calls the client on the mock, so each imports both; to keep the mock's entries free of client
// code, neither the client nor the mock imports them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const readme = readFileSync(join(root, "docs/contributing.md"), "utf8");
const map = /## Code map[\s\S]*?```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";

function walk(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(root, path)).isDirectory() ? [path, ...walk(path)] : [path];
  });
}
const sourceFiles = walk("src").filter((path) => /\.tsx?$/.test(path));
const importsOf = (file: string) => [...readFileSync(join(root, file), "utf8").matchAll(/^(?:import|export)[^;]*?from "([^"]+)"/gm)].map((m) => m[1]!);
/**
 * Which room of src/mock/ a file is in: the Node-only ones (the node:http server, Playwright's
 * runner, the server's files), the adapters that run in browsers, or the engine (the rest).
 */
function mockRoom(file: string): "engine" | "browser adapter" | "node" | undefined {
  if (!file.startsWith("src/mock/")) return undefined;
  if (/^src\/mock\/(adapters\/(node-http|playwright)|persistence)\//.test(file)) return "node";
  return file.startsWith("src/mock/adapters/") ? "browser adapter" : "engine";
}

/** What a relative import points at, from the repository's root. */
const target = (file: string, specifier: string) => relative(root, join(root, file, "..", specifier));

describe("the code map", () => {
  it("names every folder of src/ and scripts/, and every top-level folder", () => {
    const listed = map.split("\n").map((line) => line.split(/\s{2,}/)[0]!.trim());
    const folders = [...walk("src"), ...walk("scripts")].filter((path) => statSync(join(root, path)).isDirectory());
    for (const folder of [...folders, "openapi", "generated", "docs", "scripts", "test"]) expect(listed, folder).toContain(`${folder}/`);
  });

  it("gives every folder below an entry point's a README saying what it holds", () => {
    const entryFolders = ["src", "src/client", "src/mock"];
    const folders = walk("src").filter((path) => statSync(join(root, path)).isDirectory() && !entryFolders.includes(path));
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(readFileSync(join(root, folder, "README.md"), "utf8"), folder).toMatch(/^# src\//);
  });

  it("holds its arrows: client and mock never import each other, nor the recorder or the MCP server that use both, the engine imports no transport, and the state no handler", () => {
    for (const file of sourceFiles) {
      const targets = importsOf(file)
        .filter((s) => s.startsWith("."))
        .map((s) => target(file, s));
      if (file.startsWith("src/client/"))
        expect(
          targets.filter((t) => t.startsWith("src/mock")),
          file,
        ).toEqual([]);
      if (file.startsWith("src/mock/"))
        expect(
          targets.filter((t) => t.startsWith("src/client")),
          file,
        ).toEqual([]);
      if (file.startsWith("src/client/") || file.startsWith("src/mock/"))
        expect(
          targets.filter((t) => t.startsWith("src/record") || t.startsWith("src/mcp")),
          file,
        ).toEqual([]);
      const room = mockRoom(file);
      if (room === "engine")
        expect(
          targets.filter((t) => t.startsWith("src/mock/adapters") || t.startsWith("src/mock/persistence")),
          file,
        ).toEqual([]);
      if (room === "engine" || room === "browser adapter")
        expect(
          importsOf(file).filter((s) => /^node:/.test(s) || (room === "engine" && /^msw/.test(s))),
          file,
        ).toEqual([]);
      // The rooms' order inside the engine: the handlers follow the state's rules, the state knows no handler.
      if (file.startsWith("src/mock/state/"))
        expect(
          targets.filter((t) => t.startsWith("src/mock/resources")),
          file,
        ).toEqual([]);
      if (!file.startsWith("src/mock/adapters/node-http/") && !file.startsWith("src/mock/persistence/") && !file.startsWith("src/record/"))
        expect(
          targets.filter((t) => t.startsWith("src/mock/persistence")),
          file,
        ).toEqual([]);
    }
  });

  it("has no import circle in src/: a module is never among what it imports, however far", () => {
    const resolved = (file: string, specifier: string) => {
      const path = target(file, specifier).replace(/\.js$/, ".ts");
      return sourceFiles.includes(path) ? path : sourceFiles.includes(path.replace(/\.ts$/, ".tsx")) ? path.replace(/\.ts$/, ".tsx") : undefined;
    };
    const edges = new Map(
      sourceFiles.map((file) => [
        file,
        importsOf(file)
          .filter((s) => s.startsWith("."))
          .flatMap((s) => resolved(file, s) ?? []),
      ]),
    );
    expect([...edges.values()].flat().length).toBeGreaterThan(sourceFiles.length);
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") return void circles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      state.set(file, "open");
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of sourceFiles) visit(file, []);
    expect(circles).toEqual([]);
  });
});
