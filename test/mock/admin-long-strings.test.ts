// A long string anywhere in an admin body (issue 33, item 5): the check for numbers a double
// cannot hold reads the text without a regular expression over a whole string, which overflowed
// V8's stack at a few megabytes and answered 500. An 8 MB description is kept through the route;
// 100 MB through the check alone (the whole route takes most of a minute on a shared 2 cores).
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { inexactNumber } from "../../src/mock/spec/json-numbers.js";

const mb = 1024 * 1024;
const json = { "Content-Type": "application/json" };

describe("a long string in PUT /__mock/state", () => {
  it("keeps an 8 MB description, and answers the state back with it", async () => {
    const mock = createMock();
    const state = mock.snapshot();
    const playlist = state.projects["28417"]!.playlists[0]!;
    // Escapes too, so the string's end is found past quotes it holds.
    const description = `${'say \\"hi\\" '.repeat(1000)}${"x".repeat(8 * mb)}`;
    playlist.description = description;
    const put = await mock.fetch("http://mock.local/__mock/state", { method: "PUT", headers: json, body: JSON.stringify(state) });
    expect(put.status, await put.clone().text()).toBe(204);
    const read = await mock.fetch(`http://mock.local/api/environments/28417/session_recording_playlists/${playlist.short_id}/`, {
      headers: { Authorization: "Bearer phx_long" },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { description: string }).description).toBe(description);
  }, 60_000);
});

describe("inexactNumber over long strings and numbers", () => {
  it("finds the inexact number after a 100 MB string full of escaped quotes, and a number of 8 MB digits", () => {
    const text = `{"a":"${'\\"'.repeat(4 * mb)}${"x".repeat(100 * mb)}","b":[0.5,"]",9007199254740993]}`;
    expect(inexactNumber(text)).toEqual(["b", "2"]);
    expect(inexactNumber(`[1,${"1".repeat(8 * mb)}]`)).toEqual(["1"]);
    expect(inexactNumber(`{"k":1${"0".repeat(8 * mb)}e-${8 * mb}}`)).toBeUndefined();
  }, 60_000);
});
