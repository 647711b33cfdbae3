// What a consumer reads when a request body is wrong: the compiler's message names the field,
// at any depth, rather than "not assignable to never". Checked with the TypeScript compiler
// on a file of deliberate mistakes, against the client's source.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fileName = `${root}test/types/__mistakes__.ts`;
const mistakes = `
import { createClient } from "../../src/index.js";
const api = createClient({ baseUrl: "https://us.posthog.com", apiKey: "phx_example" });
const path = { project_id: "28417", short_id: "Ub3KpD7w" };
void api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path }, body: { pinned: true, short_id: "x" } });
void api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", { params: { path }, body: { pinnned: true } });
void api.PATCH("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { project_id: "1", id: "x" } }, body: { person: { properties: {}, uuid: "x" } } });
void api.POST("/api/environments/{project_id}/subscriptions/", { params: { path: { project_id: "1" } }, body: { target_type: "email", target_value: "a@example.com", frequency: "daily", start_date: "2026-11-23", created_at: "2026-11-22" } });
void api.GET("/api/projects/", { maxRetries: "3" });
`;

function diagnostics(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile;
  host.readFile = (name) => (name === fileName ? mistakes : readFile(name));
  host.fileExists = (
    (exists) => (name: string) =>
      name === fileName || exists(name)
  )(host.fileExists);
  const program = ts.createProgram([fileName], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(fileName))
    .map(
      (diagnostic) =>
        `${diagnostic.start === undefined ? 0 : program.getSourceFile(fileName)!.getLineAndCharacterOfPosition(diagnostic.start).line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
    );
}

describe("compiler messages for a wrong request body", () => {
  const found = diagnostics();
  const onLine = (line: number) => found.filter((text) => text.startsWith(`${line}:`)).join("\n");

  it("name a read-only field", () => {
    expect(onLine(4)).toContain('ReadOnlyOrUnknownField<"short_id">');
  });
  it("name a misspelt field, and leave the rest of the body alone", () => {
    expect(onLine(5)).toContain('ReadOnlyOrUnknownField<"pinnned">');
    expect(onLine(5)).not.toContain("never");
  });
  it("name a nested field", () => {
    expect(onLine(6)).toContain('ReadOnlyOrUnknownField<"uuid">');
  });
  it("name a server-set field of a create (there TypeScript's own excess-property check speaks first)", () => {
    expect(onLine(7)).toContain("'created_at' does not exist");
  });
  it("say what a per-call option takes", () => {
    expect(onLine(8)).toContain("Type 'string' is not assignable to type 'number'");
  });
  it("are the only errors in the file", () => {
    expect(found.map((text) => text.split(":")[0])).toEqual(["4", "5", "6", "7", "8"]);
  });
});
