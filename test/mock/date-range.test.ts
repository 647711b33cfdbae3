// The service's range of times (issue 58, item 1; src/mock/date-range.ts): Python's datetime,
// years 1 to 9999, as DRF's DateTimeField reads it. The request check refuses what the service
// refuses, in its words; an anchor's move (state/rebase.ts) keeps every time the service holds
// within the range however far and however often it moves, pins the ends, and is undone exactly
// wherever it stopped at no end. Properties over the whole range, years 0 to 9999.
import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstSecondMs, lastSecondMs, readDateTime, serviceReading, wallBounds } from "../../src/mock/date-range.js";
import { createMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { rebaseTimes, timesInFrame } from "../../src/mock/state/rebase.js";
import type { MockState } from "../../src/mock/state/state.js";

const yearZeroMs = Date.parse("0000-01-01T00:00:00Z");
const yearSeconds = 366 * 86_400;
const ajvDateTime = fullFormats["date-time"] as { validate: (text: string) => boolean };

/** A date-time in any form ajv's `date-time` takes, its wall time anywhere from year 0 to 9999. */
const dateTimeText = fc
  .record({
    // Anywhere, and often within three years of either end, where a move stops.
    second: fc.oneof(
      fc.integer({ min: yearZeroMs / 1000, max: lastSecondMs / 1000 }),
      fc.integer({ min: yearZeroMs / 1000, max: yearZeroMs / 1000 + 3 * yearSeconds }),
      fc.integer({ min: lastSecondMs / 1000 - 3 * yearSeconds, max: lastSecondMs / 1000 }),
    ),
    separator: fc.constantFrom("T", "t", " "),
    fraction: fc.constantFrom("", ".5", ".123456", ".999999", ".1234567"),
    offsetMinutes: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    offsetForm: fc.constantFrom("Z", "z", "+HH:MM", "+HHMM", "+HH"),
  })
  .map(({ second, separator, fraction, offsetMinutes, offsetForm }) => {
    const iso = new Date(second * 1000).toISOString();
    const sign = offsetMinutes < 0 ? "-" : "+";
    const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
    const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
    const offset =
      offsetForm === "Z" || offsetForm === "z"
        ? offsetForm
        : offsetForm === "+HH"
          ? `${sign}${hours}`
          : `${sign}${hours}${offsetForm === "+HHMM" ? "" : ":"}${minutes}`;
    return `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}${fraction}${offset}`;
  });

/** A moment anywhere in the range, and often within two years of now (a recording's anchor, a start's now). */
const moment = fc.oneof(
  fc.integer({ min: firstSecondMs, max: lastSecondMs }),
  fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") }),
);

/** A state of one subscription whose dates are `start` and `until`, anchored at `anchor`. */
function stateOf(anchor: number, start: string, until: string): MockState {
  const subscription = { start_date: start, until_date: until };
  return {
    anchor: new Date(anchor).toISOString(),
    projects: { "1": { recordings: [], playlists: [], subscriptions: [subscription], sharing: {} } },
  } as unknown as MockState;
}
const datesOf = (state: MockState) => {
  const { start_date, until_date } = state.projects["1"]!.subscriptions[0]!;
  return [start_date, until_date as string];
};

describe("the service's range of times", () => {
  it("refuses what Python's datetime and DRF refuse, in DRF's words, in both profiles", async () => {
    // As Python 3.11's datetime.fromisoformat and DRF 3.17.2's DateTimeField (to UTC) read them.
    const cases: [string, "valid" | "invalid" | "overflow"][] = [
      ["0000-01-01T00:00:00Z", "invalid"],
      ["0000-12-31T23:00:00-02:00", "invalid"],
      ["2026-06-30T23:59:60Z", "invalid"],
      ["2026-01-01T10:00:00z", "invalid"],
      ["0001-01-01T00:30:00+01:00", "overflow"],
      ["9999-12-31T23:30:00-01:00", "overflow"],
      ["0001-01-01T00:00:00Z", "valid"],
      ["0001-01-01T00:00:00-01:00", "valid"],
      ["9999-12-31T23:59:59.999999Z", "valid"],
      ["2026-01-01t10:00:00Z", "valid"],
      ["2026-01-01 10:00:00+02", "valid"],
    ];
    const headers = { Authorization: "Bearer phx_dates", "Content-Type": "application/json" };
    for (const make of [createMock, createLiveMock]) {
      const mock = make();
      for (const [text, reading] of cases) {
        expect(serviceReading(text), text).toBe(reading);
        const answer = await mock.fetch(
          new Request("http://mock.test/api/environments/28417/subscriptions/1008/", { method: "PATCH", headers, body: JSON.stringify({ start_date: text }) }),
        );
        const body = (await answer.json()) as { attr?: string; code?: string; detail?: string };
        if (reading === "valid") expect(body.attr, text).not.toBe("start_date");
        else {
          expect(answer.status, text).toBe(400);
          expect(body, text).toMatchObject(
            reading === "overflow"
              ? { attr: "start_date", code: "overflow", detail: "Datetime value out of range." }
              : { attr: "start_date", code: "invalid_input", detail: expect.stringMatching(/^Datetime has wrong format\./) },
          );
        }
      }
    }
  });

  it("holds every time the service holds across any moves of its anchor, the ends fixed, each move undone exactly where it stopped at no end", () => {
    fc.assert(
      fc.property(dateTimeText, dateTimeText, moment, fc.array(moment, { minLength: 1, maxLength: 4 }), (start, until, anchor, nows) => {
        fc.pre(serviceReading(start) === "valid" && serviceReading(until) === "valid");
        // A --persist file in its own frame (anchor), loaded at each now in turn and written back.
        let file = stateOf(anchor, start, until);
        for (const now of nows) {
          const loaded = structuredClone(file);
          rebaseTimes(loaded, new Date(now));
          for (const text of [...datesOf(loaded)]) {
            expect(serviceReading(text), text).toBe("valid");
            expect(ajvDateTime.validate(text), text).toBe(true);
          }
          const back = timesInFrame(loaded, file.anchor);
          for (const [index, text] of datesOf(back).entries()) {
            expect(serviceReading(text), text).toBe("valid");
            const was = datesOf(file)[index]!;
            const read = readDateTime(was)!;
            const [lowest, highest] = wallBounds(read.offsetMs);
            const shift = Math.round((now - anchor) / 1000) * 1000;
            // Undone exactly where the move stopped at no end; an end stays as it was.
            if (read.wallMs === lowest || read.wallMs === highest) expect(datesOf(loaded)[index]).toBe(was);
            else if (read.wallMs + shift > lowest && read.wallMs + shift < highest) expect(text).toBe(was);
          }
          file = back;
        }
      }),
      { numRuns: 400 },
    );
  });

  it("keeps the issue's two times: a year 1 start in a file anchored 400 days back, and the service's 'never'", () => {
    const fileAnchor = "2025-10-25T12:00:00.000Z";
    const now = Date.parse("2026-11-29T06:00:00Z");
    const month = 30 * 86_400_000;
    // Created in the state's frame (anchored at now), written back in the file's, loaded a month later.
    const written = timesInFrame(stateOf(now, "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"), fileAnchor);
    expect(datesOf(written)).toEqual(["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]);
    rebaseTimes(written, new Date(now + month));
    expect(datesOf(written)).toEqual(["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]);
    // Times a move carries past an end stop at it, each in its own offset.
    const near = timesInFrame(stateOf(now, "0001-01-02T00:00:00+05:00", "9999-12-30T00:00:00-03:00"), fileAnchor);
    expect(datesOf(near)[0]).toBe("0001-01-01T05:00:00+05:00");
    rebaseTimes(near, new Date(now + month));
    expect(datesOf(near)).toEqual(["0001-01-01T05:00:00+05:00", "9999-12-31T20:59:59-03:00"]);
    expect(datesOf(near).map(serviceReading)).toEqual(["valid", "valid"]);
  });
});
