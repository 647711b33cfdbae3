// `DateFilter`, read from the description: its pattern admits exactly the calendar's dates and
// times (checked against the calendar's own arithmetic), every DateFilter parameter of every
// listing refuses the others with 400 naming it, the mock reads every value the pattern admits,
// and a value without an offset means UTC whatever the process's time zone.
import { afterEach, describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { moment } from "../../src/mock/resources/filtering.js";
import { deref, operations, schemaNamed } from "../support/spec.js";
import { project, send } from "./support.js";

const dateFilter = schemaNamed("DateFilter");
const pattern = new RegExp(dateFilter.pattern, "u");
const dateParameters = operations.flatMap((entry) =>
  entry.parameters.filter((p) => p.in === "query" && deref(p.schema) === dateFilter).map((parameter) => ({ entry, name: parameter.name as string })),
);

// The calendar by its own rules, not by any Date implementation.
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
const isCalendarDate = (year: number, month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
const two = (n: number) => String(n).padStart(2, "0");
const date = (year: number, month: number, day: number) => `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}`;

// The instant a value stands for, by ECMAScript's own date-time string format, which is defined
// without the host's zone once the value carries `Z` or an offset with a colon.
function reference(text: string): number {
  let normal = text.replace(" ", "T").replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  if (normal.length > 10 && !/(Z|[+-]\d{2}:\d{2})$/.test(normal)) normal += "Z";
  return Date.parse(normal);
}

describe("DateFilter's pattern", () => {
  it("is the schema of every date parameter of every listing", () => {
    expect(dateParameters.map((p) => `${p.entry.operation.operationId} ${p.name}`)).toEqual(
      expect.arrayContaining(["listRecordings date_from", "listRecordings date_to", "listPlaylists date_from", "listPlaylists date_to"]),
    );
  });

  const years = [0, 1, 4, 99, 100, 200, 400, 1600, 1900, 1996, 1999, 2000, 2023, 2024, 2026, 2100, 2400, 9996, 9999];

  it("admits a date exactly when the calendar has it: month lengths and leap years", () => {
    let admitted = 0;
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = date(year, month, day);
          expect(pattern.test(text), text).toBe(isCalendarDate(year, month, day));
          if (pattern.test(text)) admitted++;
        }
    expect(admitted).toBe(years.reduce((sum, year) => sum + (leap(year) ? 366 : 365), 0));
  });

  it("admits a time of day exactly when its hour, minute, second and offset exist", () => {
    for (let hour = 0; hour <= 25; hour++)
      for (const minute of [0, 30, 59, 60, 61])
        for (const second of [undefined, 0, 59, 60]) {
          const time = `${two(hour)}:${two(minute)}${second === undefined ? "" : `:${two(second)}`}`;
          const exists = hour < 24 && minute < 60 && (second ?? 0) < 60;
          for (const text of [`2024-02-29T${time}`, `2024-02-29 ${time}`, `2024-02-29T${time}Z`]) expect(pattern.test(text), text).toBe(exists);
        }
    for (const [offset, exists] of [
      ["+00:00", true],
      ["-12:00", true],
      ["+14:00", true],
      ["+0530", true],
      ["+23:59", true],
      ["+24:00", false],
      ["-05:60", false],
      ["+5:30", false],
    ] as const)
      expect(pattern.test(`2026-11-01T09:00:00${offset}`), offset).toBe(exists);
  });

  it("admits relative moments and nothing else", () => {
    for (const text of ["-7d", "-0h", "-36h", "-2w", "-1m", "-1q", "-10y"]) expect(pattern.test(text), text).toBe(true);
    for (const text of ["7d", "-7", "-d", "-7x", "+7d", "-7d ", "", "2026-11-01T", "2026-11-01T09", "20261101", "2026-11-1"])
      expect(pattern.test(text), text).toBe(false);
  });

  it("is read by the mock for every value it admits, as the same instant ECMAScript's date format gives", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    for (const year of years)
      for (let month = 1; month <= 12; month++)
        for (const day of [1, 28, 29, 30, 31]) {
          const text = date(year, month, day);
          if (!pattern.test(text)) continue;
          expect(moment(text, now), text).toBe(reference(text));
          // As the end of a window, a date alone is its last millisecond.
          expect(moment(text, now, true), text).toBe(reference(text) + 86_400_000 - 1);
        }
    for (const text of [
      "2026-11-01T09:00",
      "2026-11-01 09:00:30",
      "2026-11-01T09:00:30.25",
      "2026-11-01T23:59:59.999+14:00",
      "2026-11-01T00:00-0530",
      "0004-02-29T12:00Z",
    ]) {
      expect(pattern.test(text), text).toBe(true);
      expect(moment(text, now), text).toBe(reference(text));
    }
  });
});

describe.each(dateParameters.map((p) => [`${p.entry.operation.operationId} ${p.name}`, p] as const))("%s", (_, { entry, name }) => {
  const path = entry.path.replace("{project_id}", project.project_id);

  it.each([
    "2026-02-30",
    "2026-13-01",
    "2026-04-31",
    "2100-02-29",
    "2026-00-10",
    "2026-01-01T25:00",
    "2026-01-01T24:00",
    "2026-01-01T10:60",
    "2026-01-01T10:00+24:00",
  ])("refuses %s, which is no calendar date or time, with 400 naming the parameter", async (value) => {
    const response = await send(createMock(), `${path}?${name}=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ attr: name });
  });

  it.each(["2024-02-29", "2000-02-29", "2026-12-31T23:59:59.999+14:00", "2026-11-01 09:00", "-7d"])("takes %s", async (value) => {
    const response = await send(createMock(), `${path}?${name}=${encodeURIComponent(value)}`);
    expect(response.status).toBe(200);
  });
});

describe("a date-time without an offset", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  // Zones far apart, and one with a half-hour-and-a-quarter offset.
  const zones = ["UTC", "Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kathmandu"];

  it("means UTC under every process time zone, in the mock's reading and in a listing's answer", async () => {
    const mock = createMock();
    const path = `/api/environments/${project.project_id}/session_recordings/`;
    const count = async (from: string) => (await (await send(mock, `${path}?limit=1&date_from=${encodeURIComponent(from)}`)).json()).count as number;
    // A boundary one minute after the first recording's start (to the minute), which reading
    // the boundary fourteen hours earlier (as Kiritimati's clock) would move past that recording.
    const first = (await (await send(mock, `${path}?limit=1&order=start_time&order_direction=ASC`)).json()).results[0].start_time as string;
    const boundary = new Date(Math.floor(Date.parse(first) / 60_000) * 60_000 + 60_000).toISOString().slice(0, 16);
    const inUtc = await count(`${boundary}Z`);
    expect(await count(`${boundary}+14:00`), "the data tells the zones apart").toBeGreaterThan(inUtc);

    const offsets = new Set<number>();
    for (const zone of zones) {
      process.env.TZ = zone;
      offsets.add(new Date(2026, 10, 20, 12).getTimezoneOffset());
      expect(moment(boundary, new Date()), zone).toBe(Date.parse(`${boundary}Z`));
      expect(moment(`${boundary.slice(0, 10)} ${boundary.slice(11)}`, new Date()), zone).toBe(Date.parse(`${boundary}Z`));
      expect(await count(boundary), zone).toBe(inUtc);
    }
    // The zone really changed between the runs, so the answers above were compared across zones.
    expect(offsets.size).toBe(zones.length);
  });
});
