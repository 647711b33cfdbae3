// A subscription's delivery schedule on its own: the first delivery at or after now, every
// `interval` periods from `start_date`, none once deleted or past `until_date`; and the
// schedule in words.
import { afterEach, describe, expect, it, vi } from "vitest";
import compiledStory from "../../generated/mock/story.json";
import { nextDelivery, summarize } from "../../src/mock/resources/schedule.js";
import { seededRandom } from "../../src/mock/state/random.js";
import { copy, type Subscription } from "../../src/mock/state/state.js";

const day = 86_400_000;
const now = new Date("2026-11-22T12:00:00Z");
const template = copy((compiledStory as unknown as { subscriptions: Subscription[] }).subscriptions[0]!);

function subscription(overrides: Partial<Subscription>): Subscription {
  return { ...copy(template), byweekday: null, until_date: null, deleted: false, interval: 1, ...overrides };
}

const next = (overrides: Partial<Subscription>, at = now) => nextDelivery(subscription(overrides), at);

/** `date` moved by `steps` calendar periods, in UTC. */
function shifted(date: Date, frequency: Subscription["frequency"], steps: number): Date {
  const moved = new Date(date);
  if (frequency === "daily") moved.setUTCDate(moved.getUTCDate() + steps);
  else if (frequency === "weekly") moved.setUTCDate(moved.getUTCDate() + 7 * steps);
  else if (frequency === "monthly") moved.setUTCMonth(moved.getUTCMonth() + steps);
  else moved.setUTCFullYear(moved.getUTCFullYear() + steps);
  return moved;
}

/** What the next delivery must be: on the schedule, at or after `at`, and the one before it before `at`. */
function expectFirstDeliveryAtOrAfter(result: string | null, start: Date, frequency: Subscription["frequency"], interval: number, at: Date, label: string) {
  expect(result, label).not.toBeNull();
  const delivery = new Date(result!);
  expect(delivery.getTime(), label).toBeGreaterThanOrEqual(at.getTime());
  if (start < at) expect(shifted(delivery, frequency, -interval).getTime(), `${label}: the delivery before`).toBeLessThan(at.getTime());
  // On the schedule: the same time of day, and a whole number of intervals from the start.
  expect(delivery.toISOString().slice(10), label).toBe(start.toISOString().slice(10));
  if (frequency === "daily" || frequency === "weekly") {
    const period = (frequency === "daily" ? 1 : 7) * interval * day;
    expect((delivery.getTime() - start.getTime()) % period, label).toBe(0);
  } else {
    const months = (delivery.getUTCFullYear() - start.getUTCFullYear()) * 12 + delivery.getUTCMonth() - start.getUTCMonth();
    expect(delivery.getUTCDate(), label).toBe(start.getUTCDate());
    expect(months % (frequency === "monthly" ? interval : 12 * interval), label).toBe(0);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("nextDelivery: a start in the future or now", () => {
  it("is the start itself, as an ISO timestamp", () => {
    for (const frequency of ["daily", "weekly", "monthly", "yearly"] as const) {
      expect(next({ frequency, start_date: "2026-12-01T09:00:00Z" })).toBe("2026-12-01T09:00:00.000Z");
      expect(next({ frequency, start_date: "2031-02-03T04:05:06.789Z", interval: 3 })).toBe("2031-02-03T04:05:06.789Z");
    }
  });

  it("is now when the start is exactly now (at or after, inclusive)", () => {
    expect(next({ frequency: "daily", start_date: now.toISOString() })).toBe(now.toISOString());
    // A whole number of periods back lands exactly on now, which is the delivery, not the one after.
    expect(next({ frequency: "weekly", start_date: "2026-11-01T12:00:00Z" })).toBe("2026-11-22T12:00:00.000Z");
    expect(next({ frequency: "daily", start_date: "2026-11-21T12:00:00Z" })).toBe("2026-11-22T12:00:00.000Z");
  });

  it("accepts a start with an offset, and answers in UTC", () => {
    expect(next({ frequency: "daily", start_date: "2026-12-01T09:00:00+02:00" })).toBe("2026-12-01T07:00:00.000Z");
  });
});

describe("nextDelivery: a start in the past rolls forward to the first delivery at or after now", () => {
  it("daily", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00.000Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T13:00:00Z" })).toBe("2026-11-22T13:00:00.000Z");
    expect(next({ frequency: "daily", start_date: "2026-11-22T11:59:59.999Z" })).toBe("2026-11-23T11:59:59.999Z");
  });

  it("weekly", () => {
    // 2026-11-01 is a Sunday; three weeks on is 2026-11-22 09:00, before now.
    expect(next({ frequency: "weekly", start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-29T09:00:00.000Z");
    expect(next({ frequency: "weekly", start_date: "2026-11-02T09:00:00Z" })).toBe("2026-11-23T09:00:00.000Z");
  });

  it("monthly, keeping the day of the month across months of different lengths", () => {
    expect(next({ frequency: "monthly", start_date: "2026-01-15T09:00:00Z" })).toBe("2026-12-15T09:00:00.000Z");
    expect(next({ frequency: "monthly", start_date: "2026-10-28T00:00:00Z" })).toBe("2026-11-28T00:00:00.000Z");
    expect(next({ frequency: "monthly", start_date: "2026-02-22T12:00:00Z" })).toBe("2026-11-22T12:00:00.000Z");
  });

  it("yearly", () => {
    expect(next({ frequency: "yearly", start_date: "2020-06-01T09:00:00Z" })).toBe("2027-06-01T09:00:00.000Z");
    expect(next({ frequency: "yearly", start_date: "2019-12-24T18:00:00Z" })).toBe("2026-12-24T18:00:00.000Z");
    expect(next({ frequency: "yearly", start_date: "2016-11-22T12:00:00Z" })).toBe("2026-11-22T12:00:00.000Z");
  });

  it("every `interval` periods", () => {
    expect(next({ frequency: "weekly", interval: 2, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-29T09:00:00.000Z");
    expect(next({ frequency: "weekly", interval: 2, start_date: "2026-11-08T09:00:00Z" })).toBe("2026-12-06T09:00:00.000Z");
    expect(next({ frequency: "daily", interval: 3, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-25T09:00:00.000Z");
    expect(next({ frequency: "monthly", interval: 3, start_date: "2026-01-15T09:00:00Z" })).toBe("2027-01-15T09:00:00.000Z");
    expect(next({ frequency: "yearly", interval: 4, start_date: "2016-03-01T00:00:00Z" })).toBe("2028-03-01T00:00:00.000Z");
  });

  it("treats a missing, zero or negative interval as 1", () => {
    const expected = "2026-11-23T09:00:00.000Z";
    for (const interval of [null, undefined, 0, -3] as unknown as number[]) {
      expect(next({ frequency: "daily", interval, start_date: "2026-11-01T09:00:00Z" }), String(interval)).toBe(expected);
    }
  });

  it("property: daily and weekly, any start up to 40 years back and interval 1–12, land on the schedule, at or after now, one interval at most", () => {
    const random = seededRandom(20261122);
    for (let round = 0; round < 2_000; round++) {
      const frequency = random() < 0.5 ? "daily" : "weekly";
      const interval = 1 + Math.floor(random() * 12);
      const start = new Date(now.getTime() - Math.floor(random() * 40 * 365 * day));
      const result = next({ frequency, interval, start_date: start.toISOString() });
      expectFirstDeliveryAtOrAfter(result, start, frequency, interval, now, `${frequency} ×${interval} from ${start.toISOString()}`);
    }
  });

  it("property: yearly, any start up to 200 years back (not on 29 February) and interval 1–5", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 1_000; round++) {
      const interval = 1 + Math.floor(random() * 5);
      const start = new Date(now.getTime() - Math.floor(random() * 200 * 365 * day));
      if (start.getUTCMonth() === 1 && start.getUTCDate() === 29) continue;
      const result = next({ frequency: "yearly", interval, start_date: start.toISOString() });
      expectFirstDeliveryAtOrAfter(result, start, "yearly", interval, now, `yearly ×${interval} from ${start.toISOString()}`);
    }
  });

  it("property: monthly, any start up to 300 days back (days 1–28) and interval 1–6", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 1_000; round++) {
      const interval = 1 + Math.floor(random() * 6);
      const start = new Date(now.getTime() - Math.floor(random() * 300 * day));
      if (start.getUTCDate() > 28) continue;
      const result = next({ frequency: "monthly", interval, start_date: start.toISOString() });
      expectFirstDeliveryAtOrAfter(result, start, "monthly", interval, now, `monthly ×${interval} from ${start.toISOString()}`);
    }
  });

  // Known bug, reported with issue 15: the jump towards now counts a month as 28 days, so from
  // about two years back it skips past now and whole deliveries are lost (from 2024-11-24 the
  // answer is 2026-12-24, not 2026-11-24; from 30 years back it is 2029). Remove `.fails` once fixed.
  it.fails("KNOWN BUG: monthly from two or more years back still gives the first delivery at or after now", () => {
    expect(next({ frequency: "monthly", start_date: "2024-11-24T09:00:00Z" })).toBe("2026-11-24T09:00:00.000Z");
  });

  it.fails("KNOWN BUG: monthly from 30 years back gives the first delivery at or after now, not one years later", () => {
    expect(next({ frequency: "monthly", start_date: "1996-11-22T09:00:00Z" })).toBe("2026-12-22T09:00:00.000Z");
  });
  // Known bug, reported with issue 15: `interval` is an int32 in the spec, but a past start with an
  // interval whose first step leaves the Date range (±8.64e15 ms) makes an Invalid Date, and
  // toISOString throws a RangeError (through the mock, POST …/subscriptions/ rejects instead of answering).
  it.fails("KNOWN BUG: an int32 interval too long for a Date does not throw", () => {
    expect(() => next({ frequency: "daily", interval: 1_000_000_000, start_date: "2026-11-01T09:00:00Z" })).not.toThrow();
  });
});

describe("nextDelivery: a start years ago takes bounded steps", () => {
  it.each([
    ["daily", "1996-11-22T09:00:00Z", "2026-11-23T09:00:00.000Z"],
    ["weekly", "1996-11-22T09:00:00Z", "2026-11-27T09:00:00.000Z"],
    ["yearly", "1996-11-22T09:00:00Z", "2027-11-22T09:00:00.000Z"],
    ["daily", "1970-01-01T00:00:00Z", "2026-11-23T00:00:00.000Z"],
  ] as const)("%s from %s: right answer in a handful of calendar steps", (frequency, start, expected) => {
    const steps = [vi.spyOn(Date.prototype, "setUTCDate"), vi.spyOn(Date.prototype, "setUTCMonth"), vi.spyOn(Date.prototype, "setUTCFullYear")];
    expect(next({ frequency, start_date: start })).toBe(expected);
    const taken = steps.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    // Stepping period by period would take thousands (about 11,000 days in 30 years).
    expect(taken).toBeLessThanOrEqual(4);
  });
});

describe("nextDelivery: no delivery", () => {
  it("is null once the next delivery would be after until_date", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-20T00:00:00Z" })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-23T08:59:59Z" })).toBeNull();
    // A start after until_date never delivers.
    expect(next({ frequency: "weekly", start_date: "2027-01-01T09:00:00Z", until_date: "2026-12-31T00:00:00Z" })).toBeNull();
  });

  it("still delivers on until_date itself and before it", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-23T09:00:00Z" })).toBe("2026-11-23T09:00:00.000Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2027-01-01T00:00:00Z" })).toBe("2026-11-23T09:00:00.000Z");
  });

  it("is null for a deleted subscription, even one due in the future", () => {
    expect(next({ frequency: "daily", start_date: "2026-12-01T09:00:00Z", deleted: true })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", deleted: true })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", deleted: false })).not.toBeNull();
  });

  it("is null for a start that is not a date", () => {
    for (const start_date of ["", "not a date", "2026-13-45T99:00:00Z", undefined as unknown as string]) {
      expect(next({ frequency: "daily", start_date }), String(start_date)).toBeNull();
    }
  });

  it("does not change the subscription it is given", () => {
    const record = subscription({ frequency: "monthly", start_date: "2026-01-15T09:00:00Z", interval: 2 });
    const before = copy(record);
    nextDelivery(record, now);
    summarize(record);
    expect(record).toEqual(before);
  });
});

describe("summarize", () => {
  it("words each frequency with an interval of 1", () => {
    expect(summarize(subscription({ frequency: "daily" }))).toBe("sent every day");
    expect(summarize(subscription({ frequency: "weekly" }))).toBe("sent every week");
    expect(summarize(subscription({ frequency: "monthly" }))).toBe("sent every month");
    expect(summarize(subscription({ frequency: "yearly" }))).toBe("sent every year");
  });

  it("words a larger interval as a count and a plural, and a missing or non-positive one as 1", () => {
    expect(summarize(subscription({ frequency: "daily", interval: 3 }))).toBe("sent every 3 days");
    expect(summarize(subscription({ frequency: "weekly", interval: 2 }))).toBe("sent every 2 weeks");
    expect(summarize(subscription({ frequency: "monthly", interval: 6 }))).toBe("sent every 6 months");
    expect(summarize(subscription({ frequency: "yearly", interval: 10 }))).toBe("sent every 10 years");
    for (const interval of [0, -1, null] as unknown as number[]) expect(summarize(subscription({ frequency: "weekly", interval }))).toBe("sent every week");
  });

  it("names the weekdays, capitalised, in the order given", () => {
    expect(summarize(subscription({ frequency: "weekly", byweekday: ["monday"] }))).toBe("sent every week on Monday");
    expect(summarize(subscription({ frequency: "weekly", interval: 2, byweekday: ["friday", "monday", "wednesday"] }))).toBe(
      "sent every 2 weeks on Friday, Monday, Wednesday",
    );
  });

  it("leaves the weekdays out when there are none", () => {
    expect(summarize(subscription({ frequency: "weekly", byweekday: [] }))).toBe("sent every week");
    expect(summarize(subscription({ frequency: "weekly", byweekday: null }))).toBe("sent every week");
  });
});
