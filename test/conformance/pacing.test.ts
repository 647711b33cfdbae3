// The command keeps to the rate limits and honours 429: measured on a clock that only counts,
// so nothing here depends on how fast the machine is.
import { describe, expect, it } from "vitest";
import { defaultPacing, Pacer, recordingsListing, throttling } from "../../src/conformance/pacing.js";
import { checkArgs, checkJson, countingClock, jsonAnswer, mockBehind, project, rowLabelled, runCommand, testKey } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();

/** The gaps between consecutive moments. */
const gaps = (moments: number[]) => moments.slice(1).map((at, i) => at - moments[i]!);

describe("pacing", () => {
  it("by default leaves 250 ms between requests and 5 s between pages of the recordings listing", async () => {
    const clock = countingClock();
    const { url, requests } = await mockBehind(serve, {}, { clock });
    const { code } = await runCommand(["--base-url", url, "--api-key", testKey, "--project", project, "--profile", "seed"], { clock });
    expect(code).toBe(0);
    const moments = requests.map((r) => r.at!);
    expect(Math.min(...gaps(moments))).toBeGreaterThanOrEqual(defaultPacing.paceMs);
    const recordings = requests.filter((r) => r.operation === recordingsListing).map((r) => r.at!);
    expect(recordings.length).toBeGreaterThan(1);
    expect(Math.min(...gaps(recordings))).toBeGreaterThanOrEqual(defaultPacing.recordingsPaceMs);
    // 12 a minute on the free plan: no 60 s window holds more.
    for (const at of recordings) expect(recordings.filter((other) => other >= at && other < at + 60_000).length).toBeLessThanOrEqual(12);
  });

  it("takes its gaps from --pace-ms and --recordings-pace-ms", async () => {
    const clock = countingClock();
    const { url, requests } = await mockBehind(serve, {}, { clock });
    const args = ["--base-url", url, "--api-key", testKey, "--project", project, "--profile", "seed"];
    expect((await runCommand([...args, "--pace-ms", "1000", "--recordings-pace-ms", "30000"], { clock })).code).toBe(0);
    expect(Math.min(...gaps(requests.map((r) => r.at!)))).toBeGreaterThanOrEqual(1000);
    expect(Math.min(...gaps(requests.filter((r) => r.operation === recordingsListing).map((r) => r.at!)))).toBeGreaterThanOrEqual(30_000);
  });

  it("a Pacer waits for the later of the two gaps", async () => {
    const clock = countingClock(0);
    const pacer = new Pacer(clock, { paceMs: 100, recordingsPaceMs: 1_000 });
    const moments: number[] = [];
    for (const operation of [recordingsListing, "getRecording", recordingsListing, recordingsListing]) {
      await pacer.turn(operation);
      moments.push(clock.now());
    }
    expect(moments).toEqual([0, 100, 1_000, 2_000]);
  });
});

describe("429", () => {
  it("waits as long as Retry-After says, then asks again and checks the answer that follows", async () => {
    const clock = countingClock();
    let throttled = 0;
    const { url, requests } = await mockBehind(
      serve,
      {
        listPlaylists: () =>
          throttled++ === 0
            ? jsonAnswer(429, { type: "throttled_error", code: "throttled", detail: "Request was throttled.", attr: null }, { "Retry-After": "7" })
            : undefined,
      },
      { clock },
    );
    const run = await runCommand(checkArgs(url, "--profile", "seed", "--json"), { clock });
    expect(run.code).toBe(0);
    expect(rowLabelled(JSON.parse(run.stdout), "listPlaylists (page 1)").status).toBe(200);
    const [first, second] = requests.filter((r) => r.operation === "listPlaylists").map((r) => r.at!);
    expect(second! - first!).toBeGreaterThanOrEqual(7_000);
  });

  it("backs off when a 429 names no wait", async () => {
    const clock = countingClock();
    let throttled = 0;
    const { url } = await mockBehind(serve, { getPlaylist: () => (throttled++ < 2 ? new Response(null, { status: 429 }) : undefined) }, { clock });
    const run = await runCommand(checkArgs(url, "--profile", "seed", "--json"), { clock });
    expect(rowLabelled(JSON.parse(run.stdout), "getPlaylist").status).toBe(200);
    expect(clock.slept.filter((ms) => ms >= throttling.backoffMs).length).toBeGreaterThanOrEqual(2);
    expect(run.code).toBe(0);
  });

  it("reports a 429 that lasts past its retries, or names a wait too long to sit through, as not measured (exit 1)", async () => {
    for (const retryAfter of [undefined, String(throttling.maxWaitMs / 1000 + 1)]) {
      const { url, requests } = await mockBehind(serve, {
        getSubscription: () =>
          jsonAnswer(
            429,
            { type: "throttled_error", code: "throttled", detail: "Request was throttled.", attr: null },
            retryAfter ? { "Retry-After": retryAfter } : {},
          ),
      });
      const { code, report } = await checkJson(url, ["--profile", "seed"], { clock: countingClock() });
      const row = rowLabelled(report, "getSubscription");
      expect(row).toMatchObject({ status: 429, checks: { seed: { ok: false, found: "status 429 after every retry" } } });
      expect(requests.filter((r) => r.operation === "getSubscription").length).toBe(retryAfter ? 1 : 1 + throttling.retries);
      expect(code).toBe(1);
    }
  });
});
