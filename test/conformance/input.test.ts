// Bad input stops the command with exit code 2 and a message naming the flag, never a stack
// trace: missing or malformed flags, a host that does not answer, a key the server refuses.
import { describe, expect, it } from "vitest";
import conformancePackage from "../../packages/conformance/package.json";
import { freePort } from "../../scripts/servers/prism.mjs";
import { formerKeyVariable, keyVariable } from "../../src/conformance/args.js";
import { type CommandRun, checkArgs, jsonAnswer, mockBehind, project, runCommand, testKey, unpaced } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();
const base = "http://127.0.0.1:9";

/** The run stopped on bad input: exit 2, the message naming `flag`, the usage after it, no stack. */
function expectRefused(run: CommandRun, flag: string) {
  expect(run.stderr).toContain(`session-recordings-api-conformance: ${flag}`);
  expect(run.stderr).toContain("usage: session-recordings-api-conformance");
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).toBe("");
  expect(run.code).toBe(2);
}

describe("bad input", () => {
  it.each([
    ["--base-url", ["--api-key", testKey, "--project", project]],
    ["--project", ["--base-url", base, "--api-key", testKey]],
    ["--api-key", ["--base-url", base, "--project", project]],
  ])("a missing %s is named", async (flag, argv) => {
    const run = await runCommand(argv);
    expectRefused(run, `${flag} is required`);
  });

  it.each([
    ["not a URL", "--base-url"],
    ["ftp://example.com", "--base-url"],
    ["https://user:secret@example.com", "--base-url"],
    ["https://example.com/?token=secret", "--base-url"],
  ])("--base-url %s is refused, its secrets unquoted", async (url) => {
    const run = await runCommand(["--base-url", url, "--api-key", testKey, "--project", project]);
    expectRefused(run, "--base-url must be an absolute http or https URL");
    expect(run.stderr).not.toContain("secret");
  });

  it.each([
    [["--profile", "staging"], "--profile must be seed, live or auto"],
    [["--pace-ms=-1"], "--pace-ms must be a whole number"],
    [["--pace-ms", "-1"], '--pace-ms needs a value; one starting with "-" goes as --pace-ms=<value>'],
    [["--pace-ms", "fast"], "--pace-ms must be a whole number"],
    [["--recordings-pace-ms", "1.5"], "--recordings-pace-ms must be a whole number"],
    [["--max-pages", "4"], "--max-pages must be a whole number from 1 to 3"],
    [["--timeout-ms", "0"], "--timeout-ms must be a whole number from 1"],
    [["--project", "28417/../1"], "--project must be a project id"],
    [["--api-key", "phx two words"], "--api-key must be a personal API key"],
    [["--verbose"], "unknown flag --verbose (--help lists them)\n"],
    [["--json=yes"], "--json takes no value\n"],
    [["--base-url"], "--base-url needs a value\n"],
    [["--project", project, "--project", "28502"], "--project is given twice; give it once\n"],
    [["--profile="], "--profile needs a value, got an empty one\n"],
  ])("%j is refused, naming the flag", async (extra, message) => {
    // The required flags, but any the case gives itself (a flag given twice is refused).
    const required = Object.entries({ "--base-url": base, "--api-key": testKey, "--project": project }).filter(([flag]) => !extra.includes(flag));
    const run = await runCommand([...required.flat(), ...extra]);
    expectRefused(run, message);
  });

  it("refuses a word that is not a flag, and prints the usage for --help", async () => {
    expectRefused(await runCommand(["conformance", "--base-url", base, "--api-key", testKey, "--project", project]), "the command takes flags only");
    const help = await runCommand(["--help"]);
    expect(help.stdout).toContain("usage: session-recordings-api-conformance --base-url <url> --api-key <key> --project <id>");
    expect(help.code).toBe(0);
  });

  it("prints its version for --version, the package's", async () => {
    const run = await runCommand(["--version"]);
    expect(run).toEqual({ code: 0, stdout: `${conformancePackage.version}\n`, stderr: "" });
  });

  it.each([
    [keyVariable, { [keyVariable]: testKey }],
    [`${formerKeyVariable}, the name it read before`, { [formerKeyVariable]: testKey }],
    [`${keyVariable} before ${formerKeyVariable}`, { [keyVariable]: testKey, [formerKeyVariable]: "phx_not_this_one" }],
  ])("takes the key from %s when --api-key is not given", async (_, env) => {
    const { url, requests } = await mockBehind(serve);
    const run = await runCommand(["--base-url", url, "--project", project, "--profile", "seed", ...unpaced], { env });
    expect(run.code).toBe(0);
    expect(requests[0]!.authorization).toBe(`Bearer ${testKey}`);
  });

  it("a host that does not answer is named as --base-url's", async () => {
    const port = await freePort();
    const run = await runCommand(checkArgs(`http://127.0.0.1:${port}`));
    expectRefused(run, `--base-url: http://127.0.0.1:${port} did not answer (no answer: the connection failed)`);
  });

  it("a host that answers nothing within --timeout-ms is named as --base-url's", async () => {
    const url = await serve(() => {
      // Never answers: the command's timeout must end the wait.
    });
    const run = await runCommand(checkArgs(url, "--timeout-ms", "300"));
    expectRefused(run, `--base-url: ${url} did not answer (no answer within 300 ms)`);
  });

  it("a key the server refuses (401) is named as --api-key's", async () => {
    const url = await serve((_, response) => {
      response
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ type: "authentication_error", code: "authentication_failed", detail: "Invalid key", attr: null }));
    });
    expectRefused(await runCommand(checkArgs(url)), `--api-key: ${url} refused the key (401)`);
  });

  it("a project the key cannot see is measured, not refused: its 404s are declared", async () => {
    const { url } = await mockBehind(serve, {
      listPlaylists: () => jsonAnswer(404, { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null }),
    });
    const run = await runCommand(checkArgs(url, "--profile", "seed"));
    expect(run.stdout).toMatch(/^listPlaylists \(page 1\)\s+404\s+✓/m);
    expect(run.stdout).toMatch(/^getPlaylist\s+—\s+skip\s+skip\s+skipped: no \{short_id\}: listPlaylists answered 404 with no item$/m);
  });
});
