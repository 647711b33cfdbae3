import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const curls = readme.split("\n").filter((line) => line.startsWith("curl ") && line.includes("127.0.0.1:4010"));
const prism = new URL(inject("prismUrl"));

describe("the README's curl lines work as written against the mock", () => {
  it("has the lines", () => {
    expect(curls.length).toBeGreaterThanOrEqual(6);
  });

  it.each(curls.map((line) => [line]))("%s", async (line) => {
    // Only the port differs: the test's Prism listens on a free one.
    const command = line.replaceAll("127.0.0.1:4010", prism.host);
    const { stdout } = await promisify(execFile)("sh", ["-c", `${command} --silent --show-error --write-out '\\n%{http_code}'`]);
    const status = Number(stdout.trim().split("\n").pop());
    expect(status).toBeGreaterThanOrEqual(200);
    expect(stdout).not.toContain("stoplight.io/prism/errors");
    const wanted = line.match(/Prefer: code=(\d+)/)?.[1];
    expect(status).toBe(wanted ? Number(wanted) : 200);
  });
});
