// Dates at the ends of the service's range in an anchored --persist file (issue 58, item 1): the
// file moves its times by its anchor's shift, and every time the service holds survives it, across
// a kill -9 and a clean stop, each start loading the whole file. What the service refuses is
// refused at the write, in its words. The server is the bin, bundled, in a child process.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { serviceReading } from "../../src/mock/date-range.js";
import { createMock } from "../../src/mock/index.js";
import type { MockState } from "../../src/mock/state/state.js";
import { headers, persistFixtures, stopChild } from "./persist-support.js";

const { tempDir, bundle, startChild } = persistFixtures();
const subscriptions = "/api/environments/28417/subscriptions/";
let bin: string;
beforeAll(async () => {
  bin = await bundle("src/mock/adapters/node-http/cli.ts");
});

const subscribe = (url: string, dates: Record<string, string>) =>
  fetch(`${url}${subscriptions}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ insight: 15747, target_type: "email", target_value: "a@example.com", frequency: "weekly", ...dates }),
  });

/** The dates of the subscriptions titled `title` in the server's state. */
async function datesOf(url: string, title: string) {
  const state = (await (await fetch(`${url}/__mock/state`)).json()) as MockState;
  return state.projects["28417"]!.subscriptions.filter((s) => s.title === title).map((s) => [s.start_date, s.until_date]);
}

describe("an anchored --persist file at the ends of the range", () => {
  it("keeps every date the service holds across a kill -9 and a clean stop, and refuses the ones it refuses", async () => {
    const dir = await tempDir();
    const file = join(dir, "recorded.json");
    // As `record` writes it: anchored, here 400 days back, so the file's frame is 400 days behind the server's.
    const recorded = createMock().snapshot() as MockState;
    recorded.anchor = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await writeFile(file, `${JSON.stringify(recorded, null, 2)}\n`);
    const start = () => startChild([process.execPath, bin, "--port", "0", "--persist", file]);

    const first = await start();
    const ends = { start_date: "0001-01-01T00:00:00Z", until_date: "9999-12-31T23:59:59Z", title: "ends" };
    const near = { start_date: "0001-01-02T00:00:00+05:00", until_date: "9999-12-30T00:00:00-03:00", title: "near" };
    for (const dates of [ends, near]) expect((await subscribe(first.url, dates)).status).toBe(201);
    const yearZero = await subscribe(first.url, { start_date: "0000-01-01T00:00:00Z" });
    expect(yearZero.status).toBe(400);
    expect(await yearZero.json()).toMatchObject({ attr: "start_date", code: "invalid_input" });
    const overflow = await subscribe(first.url, { start_date: "2026-01-01T00:00:00Z", until_date: "9999-12-31T23:30:00-01:00" });
    expect(overflow.status).toBe(400);
    expect(await overflow.json()).toMatchObject({ attr: "until_date", code: "overflow", detail: "Datetime value out of range." });
    // kill -9: the journal holds the creates, in the file's frame.
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = await start();
    expect(await datesOf(second.url, "ends")).toEqual([["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]]);
    const [[nearStart, nearUntil]] = (await datesOf(second.url, "near")) as [[string, string]];
    expect([nearStart, nearUntil].map(serviceReading)).toEqual(["valid", "valid"]);
    expect(second.printed()).not.toContain("breaks the spec");
    // A clean stop folds the journal into the file: every time in it one the service holds.
    expect(await stopChild(second.child)).toBe(0);
    const written = await readFile(file, "utf8");
    for (const [, text] of written.matchAll(/"(?:start_date|until_date)": "([^"]+)"/g)) expect(serviceReading(text!), text).toBe("valid");

    const third = await start();
    expect(await datesOf(third.url, "ends")).toEqual([["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]]);
    expect(await datesOf(third.url, "near")).toHaveLength(1);
    expect(await stopChild(third.child)).toBe(0);
  });
});
