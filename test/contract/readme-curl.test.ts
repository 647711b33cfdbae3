import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { documentPages, readPage } from "../support/guide.js";

// Every page's curl lines, the guide's and the packages' (docs/mocking.md has them today).
const page = documentPages.map(readPage).join("\n");
const curlsTo = (port: number) => page.split("\n").filter((line) => line.startsWith("curl ") && line.includes(`127.0.0.1:${port}`));
// Its own stateful server: the lines change state, which the contract suite's shared one must not see.
let stateful: Awaited<ReturnType<typeof startStatefulMock>>;
beforeAll(async () => {
  stateful = await startStatefulMock({ port: 0 });
}, 30_000);
afterAll(() => stateful?.stop());

const mocks = [
  { name: "Prism's example mock", port: 4010, host: () => new URL(inject("prismUrl")).host, minimum: 6 },
  { name: "the stateful mock", port: 4020, host: () => new URL(stateful.url).host, minimum: 4 },
];

describe.each(mocks)("the curl lines of every page work as written against $name", ({ port, host, minimum }) => {
  const curls = curlsTo(port);

  it("has the lines", () => {
    expect(curls.length).toBeGreaterThanOrEqual(minimum);
  });

  it.each(curls.map((line) => [line]))("%s", async (line) => {
    // Only the port differs: the test's mocks listen on free ones.
    const command = line.replaceAll(`127.0.0.1:${port}`, host());
    const { stdout } = await promisify(execFile)("sh", ["-c", `${command} --silent --show-error --write-out '\\n%{http_code}'`]);
    const status = Number(stdout.trim().split("\n").pop());
    expect(stdout).not.toContain("stoplight.io/prism/errors");
    const wanted = line.match(/Prefer: code=(\d+)/)?.[1] ?? (line.includes('"pinned": "yes"') ? "400" : line.includes("-X POST") ? "201" : "200");
    expect(status).toBe(Number(wanted));
  });
});
