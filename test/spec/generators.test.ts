// Users generate their own clients from the published descriptions, not only ours: every field a
// description requires must come out required from the generators they use. This runs
// openapi-typescript and hey-api on both bundles and reads each generated type's properties with
// the TypeScript checker, so a required name the generator cannot see (declared only beside an
// `allOf`, say) fails here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@hey-api/openapi-ts";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { bundlePath } from "../../scripts/build/bundle.mjs";
import { codegenOptions } from "../../scripts/build/codegen.mjs";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { deref, operationsOf, propertiesOf } from "../../scripts/lib/spec.mjs";
import type { Schema } from "../support/spec.js";

/** A type a description requires names of (a component schema, or an operation's JSON body), and how each generator's module `G` names it. */
type Target = { label: string; required: string[]; openapiTypescript: string; heyApi: string };

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function targetsOf(spec: Schema): Target[] {
  const targets: Target[] = [];
  for (const [name, schema] of Object.entries<Schema>(spec.components.schemas)) {
    const required = [...propertiesOf(spec, schema).required];
    if (required.length) targets.push({ label: `schema ${name}`, required, openapiTypescript: `G.components["schemas"]["${name}"]`, heyApi: `G.${name}` });
  }
  for (const { operation } of operationsOf(spec)) {
    const body = operation.requestBody && deref(spec, operation.requestBody).content?.["application/json"]?.schema;
    if (!body) continue;
    const required = [...propertiesOf(spec, body).required];
    const id = operation.operationId as string;
    if (required.length) {
      targets.push({
        label: `${id}'s body`,
        required,
        openapiTypescript: `NonNullable<G.operations["${id}"]["requestBody"]>["content"]["application/json"]`,
        heyApi: `NonNullable<G.${pascal(id)}Data["body"]>`,
      });
    }
  }
  return targets;
}

/** For each target, the names its generated type lacks or makes optional. */
function optionalIn(file: string, targets: Target[], expression: (t: Target) => string, importFrom: string): Map<string, string[]> {
  const probe = join(file, "..", "probe.ts");
  writeFileSync(probe, [`import type * as G from "${importFrom}";`, ...targets.map((t, i) => `export type P${i} = ${expression(t)};`)].join("\n"));
  const program = ts.createProgram([probe], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length) throw new Error(ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, "\n"));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const found = new Map<string, string[]>();
  targets.forEach((target, i) => {
    const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === `P${i}`)!;
    const type = checker.getTypeAtLocation(alias.name);
    const missing = target.required.filter((name) => {
      const property = checker.getPropertyOfType(type, name);
      return !property || (property.flags & ts.SymbolFlags.Optional) !== 0;
    });
    if (missing.length) found.set(target.label, missing);
  });
  return found;
}

const work = mkdtempSync(join(tmpdir(), "generators-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each([
  ["the description", bundlePath],
  ["the live description", liveBundlePath],
])("%s, through other generators", (_, path) => {
  const spec = parse(readFileSync(path, "utf8")) as Schema;
  const targets = targetsOf(spec);

  it("declares every required name beside it, in the same schema object's properties", () => {
    const hidden: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (node && typeof node === "object") {
        const schema = node as Schema;
        if (Array.isArray(schema.required) && where.includes("schema")) {
          for (const name of schema.required) if (!(name in (schema.properties ?? {}))) hidden.push(`${where}: ${name}`);
        }
        for (const [key, value] of Object.entries(schema)) walk(value, `${where}/${key}`);
      }
    };
    walk(spec.components.schemas, "#/components/schemas");
    walk(spec.paths, "#/paths");
    expect(hidden).toEqual([]);
  });

  it("gives every required field as required through openapi-typescript", async () => {
    const dir = mkdtempSync(join(work, "ot-"));
    writeFileSync(join(dir, "types.ts"), astToString(await openapiTS(readFileSync(path, "utf8"), codegenOptions)));
    expect(targets.length).toBeGreaterThan(10);
    expect(optionalIn(join(dir, "types.ts"), targets, (t) => t.openapiTypescript, "./types.js")).toEqual(new Map());
  });

  it("gives every required field as required through hey-api", async () => {
    const dir = mkdtempSync(join(work, "hey-"));
    await createClient({ input: path, output: { path: dir }, plugins: ["@hey-api/typescript"], logs: { level: "silent" } });
    expect(optionalIn(join(dir, "types.gen.ts"), targets, (t) => t.heyApi, "./types.gen.js")).toEqual(new Map());
  }, 30_000);
});
