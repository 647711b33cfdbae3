// A subscription's delivery schedule on its own: the RFC 5545 rule the live service builds
// (dateutil's rrule over frequency, interval, byweekday, bysetpos, count, start_date and
// until_date), its first occurrence more than 15 minutes after now, and the schedule in words.
// Every expected date here is worked out by hand from a calendar; the comments show the working.
import { describe, expect, it } from "vitest";
import compiledStory from "../../generated/mock/story.json";
import { createMock } from "../../src/mock/index.js";
import { seededRandom } from "../../src/mock/state/random.js";
import { nextDelivery, scheduleProblem, summarize } from "../../src/mock/state/schedule.js";
import { copy, type Subscription } from "../../src/mock/state/state.js";
import { send } from "./support.js";

const day = 86_400_000;
/** A Sunday. The live service looks for the first delivery after now + 15 minutes: 12:15. */
const now = new Date("2026-11-22T12:00:00Z");
const after = now.getTime() + 15 * 60_000;
const template = copy((compiledStory as unknown as { subscriptions: Subscription[] }).subscriptions[0]!);
const int32 = { max: 2_147_483_647, min: -2_147_483_648 };

function subscription(overrides: Partial<Subscription>): Subscription {
  return { ...copy(template), byweekday: null, bysetpos: null, count: null, until_date: null, deleted: false, interval: 1, ...overrides };
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

/** What the next delivery must be: on the schedule, after now + 15 minutes, and the one before it not. */
function expectFirstDeliveryAfter(result: string | null, start: Date, frequency: Subscription["frequency"], interval: number, label: string) {
  expect(result, label).not.toBeNull();
  const delivery = new Date(result!);
  expect(delivery.getTime(), label).toBeGreaterThan(after);
  if (start.getTime() <= after) expect(shifted(delivery, frequency, -interval).getTime(), `${label}: the delivery before`).toBeLessThanOrEqual(after);
  // On the schedule: the start's time of day (in whole seconds), and a whole number of intervals from it.
  expect(delivery.toISOString().slice(10, 19), label).toBe(start.toISOString().slice(10, 19));
  if (frequency === "daily" || frequency === "weekly") {
    const period = (frequency === "daily" ? 1 : 7) * interval * day;
    expect((delivery.getTime() - Math.floor(start.getTime() / 1000) * 1000) % period, label).toBe(0);
  } else {
    const months = (delivery.getUTCFullYear() - start.getUTCFullYear()) * 12 + delivery.getUTCMonth() - start.getUTCMonth();
    expect(delivery.getUTCDate(), label).toBe(start.getUTCDate());
    expect(months % (frequency === "monthly" ? interval : 12 * interval), label).toBe(0);
  }
}

describe("nextDelivery: a start in the future", () => {
  it("is the start itself, in whole seconds as the live rule keeps it, as an ISO timestamp", () => {
    for (const frequency of ["daily", "weekly", "monthly", "yearly"] as const) {
      expect(next({ frequency, start_date: "2026-12-01T09:00:00Z" }), frequency).toBe("2026-12-01T09:00:00Z");
      expect(next({ frequency, start_date: "2031-02-03T04:05:06.789Z", interval: 3 }), frequency).toBe("2031-02-03T04:05:06Z");
    }
  });

  it("accepts a start with an offset, and answers in UTC", () => {
    expect(next({ frequency: "daily", start_date: "2026-12-01T09:00:00+02:00" })).toBe("2026-12-01T07:00:00Z");
  });
});

describe("nextDelivery: the live service's 15 minutes of lead", () => {
  it("skips a delivery due now or in the next 15 minutes, and keeps one just after", () => {
    expect(next({ frequency: "daily", start_date: now.toISOString() })).toBe("2026-11-23T12:00:00Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T12:10:00Z" })).toBe("2026-11-23T12:10:00Z");
    // Strictly after 12:15: a delivery at 12:15 itself is too soon.
    expect(next({ frequency: "daily", start_date: "2026-11-01T12:15:00Z" })).toBe("2026-11-23T12:15:00Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T12:15:01Z" })).toBe("2026-11-22T12:15:01Z");
    // Three Sundays on from 2026-11-01 is today at 12:00, too soon: the Sunday after.
    expect(next({ frequency: "weekly", start_date: "2026-11-01T12:00:00Z" })).toBe("2026-11-29T12:00:00Z");
  });
});

describe("nextDelivery: a start in the past rolls forward to the first delivery after now", () => {
  it("daily", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T13:00:00Z" })).toBe("2026-11-22T13:00:00Z");
  });

  it("weekly, on the start's weekday", () => {
    // 2026-11-02 is a Monday.
    expect(next({ frequency: "weekly", start_date: "2026-11-02T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
  });

  it("monthly, on the start's day of the month, whatever the months' lengths", () => {
    expect(next({ frequency: "monthly", start_date: "2026-01-15T09:00:00Z" })).toBe("2026-12-15T09:00:00Z");
    expect(next({ frequency: "monthly", start_date: "2026-10-28T00:00:00Z" })).toBe("2026-11-28T00:00:00Z");
  });

  it("monthly from two and thirty years back (it once stepped by 28 days and overshot)", () => {
    expect(next({ frequency: "monthly", start_date: "2024-11-24T09:00:00Z" })).toBe("2026-11-24T09:00:00Z");
    // 22 November 09:00 is before now: the 22nd of the month after.
    expect(next({ frequency: "monthly", start_date: "1996-11-22T09:00:00Z" })).toBe("2026-12-22T09:00:00Z");
  });

  it("monthly on the 29th to 31st skips the months without that day, as RFC 5545 says, and never rolls into the next month", () => {
    // November has no 31st: December's.
    expect(next({ frequency: "monthly", start_date: "2026-10-31T09:00:00Z" })).toBe("2026-12-31T09:00:00Z");
    expect(next({ frequency: "monthly", start_date: "2026-01-30T09:00:00Z" })).toBe("2026-11-30T09:00:00Z");
    // Rolling 31 October on by a month would give 1 December, before this until_date.
    expect(next({ frequency: "monthly", start_date: "2026-10-31T09:00:00Z", until_date: "2026-12-30T00:00:00Z" })).toBeNull();
  });

  it("yearly, and on 29 February only in leap years", () => {
    expect(next({ frequency: "yearly", start_date: "2020-06-01T09:00:00Z" })).toBe("2027-06-01T09:00:00Z");
    expect(next({ frequency: "yearly", start_date: "2019-12-24T18:00:00Z" })).toBe("2026-12-24T18:00:00Z");
    expect(next({ frequency: "yearly", start_date: "2016-11-22T12:00:00Z" })).toBe("2027-11-22T12:00:00Z");
    expect(next({ frequency: "yearly", start_date: "2024-02-29T09:00:00Z" })).toBe("2028-02-29T09:00:00Z");
  });

  it("every `interval` periods from the start's own", () => {
    // Sundays 1, 15, 29 November.
    expect(next({ frequency: "weekly", interval: 2, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-29T09:00:00Z");
    // Sundays 8 and 22 November (09:00, before now), then 6 December.
    expect(next({ frequency: "weekly", interval: 2, start_date: "2026-11-08T09:00:00Z" })).toBe("2026-12-06T09:00:00Z");
    // 1, 4, …, 22 November (09:00, before now), 25.
    expect(next({ frequency: "daily", interval: 3, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-25T09:00:00Z");
    expect(next({ frequency: "monthly", interval: 3, start_date: "2026-01-15T09:00:00Z" })).toBe("2027-01-15T09:00:00Z");
    expect(next({ frequency: "yearly", interval: 4, start_date: "2016-03-01T00:00:00Z" })).toBe("2028-03-01T00:00:00Z");
  });

  it("from centuries back, in a handful of steps rather than one per period", () => {
    expect(next({ frequency: "daily", start_date: "0001-01-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    expect(next({ frequency: "daily", start_date: "1970-01-01T00:00:00Z" })).toBe("2026-11-23T00:00:00Z");
    // 22 November 1996 was a Friday: the next Friday.
    expect(next({ frequency: "weekly", start_date: "1996-11-22T09:00:00Z" })).toBe("2026-11-27T09:00:00Z");
    expect(next({ frequency: "yearly", start_date: "0050-11-22T09:00:00Z" })).toBe("2027-11-22T09:00:00Z");
  });

  it("property: daily and weekly, any start up to 40 years back and interval 1–12, land on the schedule, after now, one interval at most", () => {
    const random = seededRandom(20261122);
    for (let round = 0; round < 2_000; round++) {
      const frequency = random() < 0.5 ? "daily" : "weekly";
      const interval = 1 + Math.floor(random() * 12);
      const start = new Date(now.getTime() - Math.floor(random() * 40 * 365 * day));
      const result = next({ frequency, interval, start_date: start.toISOString() });
      expectFirstDeliveryAfter(result, start, frequency, interval, `${frequency} ×${interval} from ${start.toISOString()}`);
    }
  });

  it("property: yearly, any start up to 200 years back (not on 29 February) and interval 1–5", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 1_000; round++) {
      const interval = 1 + Math.floor(random() * 5);
      const start = new Date(now.getTime() - Math.floor(random() * 200 * 365 * day));
      if (start.getUTCMonth() === 1 && start.getUTCDate() === 29) continue;
      const result = next({ frequency: "yearly", interval, start_date: start.toISOString() });
      expectFirstDeliveryAfter(result, start, "yearly", interval, `yearly ×${interval} from ${start.toISOString()}`);
    }
  });

  it("property: monthly, any start up to 60 years back (days 1–28) and interval 1–6", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 1_000; round++) {
      const interval = 1 + Math.floor(random() * 6);
      const start = new Date(now.getTime() - Math.floor(random() * 60 * 365 * day));
      if (start.getUTCDate() > 28) continue;
      const result = next({ frequency: "monthly", interval, start_date: start.toISOString() });
      expectFirstDeliveryAfter(result, start, "monthly", interval, `monthly ×${interval} from ${start.toISOString()}`);
    }
  });
});

describe("nextDelivery: byweekday", () => {
  it("weekly on several days: the next of them", () => {
    expect(next({ frequency: "weekly", byweekday: ["monday", "wednesday", "friday"], start_date: "2026-11-02T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    // Started on Sunday 1 November, in the week from Monday 26 October: the weeks of 26 October, 9 and 23 November.
    expect(next({ frequency: "weekly", interval: 2, byweekday: ["monday", "friday"], start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    // The weeks of 2, 16 and 30 November: Friday 20 November is past, Monday 30 is next.
    expect(next({ frequency: "weekly", interval: 2, byweekday: ["monday", "friday"], start_date: "2026-11-02T09:00:00Z" })).toBe("2026-11-30T09:00:00Z");
  });

  it("daily on weekends only", () => {
    // Sunday 22 November 09:00 is past: Saturday 28.
    expect(next({ frequency: "daily", byweekday: ["saturday", "sunday"], start_date: "2026-11-02T09:00:00Z" })).toBe("2026-11-28T09:00:00Z");
  });

  it("monthly and yearly on a weekday: every such day of the period", () => {
    expect(next({ frequency: "monthly", byweekday: ["tuesday"], start_date: "2026-01-01T09:00:00Z" })).toBe("2026-11-24T09:00:00Z");
    expect(next({ frequency: "yearly", byweekday: ["tuesday"], start_date: "2020-01-01T09:00:00Z" })).toBe("2026-11-24T09:00:00Z");
  });

  it("daily every seventh day never meets a weekday it starts off", () => {
    // Tuesday 3 November, then only Tuesdays: never a Monday.
    expect(next({ frequency: "daily", interval: 7, byweekday: ["monday"], start_date: "2026-11-03T09:00:00Z" })).toBeNull();
  });
});

describe("nextDelivery: bysetpos", () => {
  it("picks one occurrence of each period's set", () => {
    // The first Monday of November is the 2nd, past; 1 December is a Tuesday, so the 7th.
    expect(next({ frequency: "monthly", byweekday: ["monday"], bysetpos: 1, start_date: "2026-01-01T09:00:00Z" })).toBe("2026-12-07T09:00:00Z");
    // The last weekday of November: Monday 30 (1 November is a Sunday).
    const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
    expect(next({ frequency: "monthly", byweekday: [...weekdays], bysetpos: -1, start_date: "2026-01-01T09:00:00Z" })).toBe("2026-11-30T09:00:00Z");
  });

  it("skips periods too short for the position", () => {
    // Fifth Mondays: December, January (1st a Friday) and February (1st a Monday, 28 days) have four; March 2027 (1st a Monday) has 29.
    expect(next({ frequency: "monthly", byweekday: ["monday"], bysetpos: 5, start_date: "2026-12-01T09:00:00Z" })).toBe("2027-03-29T09:00:00Z");
    // The 53rd Tuesday from the end: only a year that starts on a Tuesday (or a leap year on a Monday) has 53.
    // 2027 starts on a Friday, 2028 (leap) on a Saturday, 2029 on a Monday, 2030 on a Tuesday: its 1 January.
    expect(next({ frequency: "yearly", byweekday: ["tuesday"], bysetpos: -53, start_date: "1919-06-23T11:28:11Z" })).toBe("2030-01-01T11:28:11Z");
    // The 366th day: leap years only, 2028 ends on Sunday 31 December.
    const everyDay = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
    expect(next({ frequency: "yearly", byweekday: [...everyDay], bysetpos: 366, start_date: "2026-01-01T09:00:00Z" })).toBe("2028-12-31T09:00:00Z");
  });

  it("counts the first week from the start's own day, as dateutil does", () => {
    // Thursday 26 November: that week's set is Friday 27, Saturday 28, Sunday 29 (Wednesday 25 is before the start).
    const rule = { frequency: "weekly", byweekday: ["wednesday", "friday", "saturday", "sunday"], start_date: "2026-11-26T09:00:00Z" } as const;
    expect(next({ ...rule, byweekday: [...rule.byweekday], bysetpos: 1 })).toBe("2026-11-27T09:00:00Z");
    expect(next({ ...rule, byweekday: [...rule.byweekday], bysetpos: 3 })).toBe("2026-11-29T09:00:00Z");
  });

  it("is null for a position no period ever has", () => {
    // A daily set is one day: there is no second.
    expect(next({ frequency: "daily", byweekday: ["monday"], bysetpos: 2, start_date: "2026-11-02T09:00:00Z" })).toBeNull();
    expect(next({ frequency: "monthly", byweekday: ["monday"], bysetpos: 6, start_date: "2026-11-02T09:00:00Z" })).toBeNull();
    expect(next({ frequency: "yearly", byweekday: ["monday"], bysetpos: -54, start_date: "2026-11-02T09:00:00Z" })).toBeNull();
    expect(next({ frequency: "weekly", byweekday: ["monday", "friday"], bysetpos: 3, start_date: "2026-11-02T09:00:00Z" })).toBeNull();
  });

  it("is ignored without byweekday, as the live service passes it only with weekdays", () => {
    expect(next({ frequency: "daily", bysetpos: 2, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    expect(next({ frequency: "daily", byweekday: [], bysetpos: 0, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
  });
});

describe("nextDelivery: count", () => {
  it("counts every delivery from the start, those already past included", () => {
    // 1 November is the 1st delivery, 22 November (09:00, before now) the 22nd, 23 November the 23rd.
    expect(next({ frequency: "daily", count: 22, start_date: "2026-11-01T09:00:00Z" })).toBeNull();
    expect(next({ frequency: "daily", count: 23, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    // The last weekday of January … November: the 11th is 30 November.
    const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday"];
    expect(next({ frequency: "monthly", byweekday: weekdays as Subscription["byweekday"], bysetpos: -1, count: 11, start_date: "2026-01-01T09:00:00Z" })).toBe(
      "2026-11-30T09:00:00Z",
    );
    expect(
      next({ frequency: "monthly", byweekday: weekdays as Subscription["byweekday"], bysetpos: -1, count: 10, start_date: "2026-01-01T09:00:00Z" }),
    ).toBeNull();
  });

  it("does not count the months a 31st skips", () => {
    // January, March, May, July, August, October, December: the 7th is 31 December.
    expect(next({ frequency: "monthly", count: 7, start_date: "2026-01-31T09:00:00Z" })).toBe("2026-12-31T09:00:00Z");
    expect(next({ frequency: "monthly", count: 6, start_date: "2026-01-31T09:00:00Z" })).toBeNull();
  });

  it("counts from decades and centuries back", () => {
    // Monday 3 January 2000 to Monday 23 November 2026 is 1,403 weeks: the 1,404th delivery.
    expect(next({ frequency: "weekly", count: 1404, start_date: "2000-01-03T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    expect(next({ frequency: "weekly", count: 1403, start_date: "2000-01-03T09:00:00Z" })).toBeNull();
    // A daily rule from 1 January of year 1: 23 November 2026 is delivery number (its day number from year 1) + 1.
    const first = new Date(0);
    first.setUTCFullYear(1, 0, 1);
    const dayNumber = (Date.UTC(2026, 10, 23) - first.getTime()) / day;
    expect(next({ frequency: "daily", count: dayNumber + 1, start_date: "0001-01-01T00:00:00Z" })).toBe("2026-11-23T00:00:00Z");
    expect(next({ frequency: "daily", count: dayNumber, start_date: "0001-01-01T00:00:00Z" })).toBeNull();
  });

  it("is null for a count of zero or less (the live rule yields nothing), and no limit when null", () => {
    for (const count of [0, -1, int32.min]) expect(next({ frequency: "daily", count, start_date: "2026-12-01T09:00:00Z" }), String(count)).toBeNull();
    expect(next({ frequency: "daily", count: null, start_date: "2026-11-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
  });
});

describe("nextDelivery: until_date and the end of time", () => {
  it("is null once the next delivery would be after until_date", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-20T00:00:00Z" })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-23T08:59:59Z" })).toBeNull();
    // A start after until_date never delivers.
    expect(next({ frequency: "weekly", start_date: "2027-01-01T09:00:00Z", until_date: "2026-12-31T00:00:00Z" })).toBeNull();
  });

  it("still delivers on until_date itself and before it", () => {
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2026-11-23T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", until_date: "2027-01-01T00:00:00Z" })).toBe("2026-11-23T09:00:00Z");
  });

  it("is null for a delivery after year 9999, which the live service's dates cannot hold", () => {
    expect(next({ frequency: "yearly", interval: 8000, start_date: "2026-01-01T09:00:00Z" })).toBeNull();
    expect(next({ frequency: "yearly", interval: 7000, start_date: "2026-01-01T09:00:00Z" })).toBe("9026-01-01T09:00:00Z");
  });
});

describe("nextDelivery: the top and bottom of the description's int32 ranges", () => {
  it("an interval of 2,147,483,647 periods: the start if it is ahead, else no delivery before year 9999; no throw", () => {
    for (const frequency of ["daily", "weekly", "monthly", "yearly"] as const) {
      expect(next({ frequency, interval: int32.max, start_date: "2026-11-01T09:00:00Z" }), frequency).toBeNull();
      expect(next({ frequency, interval: int32.max, start_date: "2026-12-01T09:00:00Z" }), frequency).toBe("2026-12-01T09:00:00Z");
      expect(
        next({ frequency, interval: int32.max, count: int32.max, byweekday: ["monday"], bysetpos: -1, start_date: "1900-01-01T09:00:00Z" }),
        frequency,
      ).toBeNull();
    }
  });

  it("a count of 2,147,483,647 is as good as none", () => {
    expect(next({ frequency: "daily", count: int32.max, start_date: "0001-01-01T09:00:00Z" })).toBe("2026-11-23T09:00:00Z");
  });

  it("an interval below 1, or a bysetpos beyond ±366 or 0 with byweekday, is a problem named by field (the live rule hangs or raises)", () => {
    for (const interval of [0, -1, int32.min]) {
      expect(scheduleProblem(subscription({ frequency: "daily", interval, start_date: "2026-11-01T09:00:00Z" })), String(interval)).toMatchObject({
        attr: "interval",
      });
      expect(next({ frequency: "daily", interval, start_date: "2026-11-01T09:00:00Z" })).toBeNull();
    }
    for (const bysetpos of [0, 367, -367, int32.max, int32.min]) {
      expect(
        scheduleProblem(subscription({ frequency: "monthly", byweekday: ["monday"], bysetpos, start_date: "2026-11-01T09:00:00Z" })),
        String(bysetpos),
      ).toMatchObject({
        attr: "bysetpos",
      });
    }
    for (const bysetpos of [1, -1, 366, -366, null]) {
      expect(
        scheduleProblem(subscription({ frequency: "monthly", byweekday: ["monday"], bysetpos, start_date: "2026-11-01T09:00:00Z" })),
        String(bysetpos),
      ).toBeUndefined();
    }
    expect(scheduleProblem(subscription({ frequency: "monthly", bysetpos: int32.max, start_date: "2026-11-01T09:00:00Z" }))).toBeUndefined();
  });
});

describe("nextDelivery: no delivery", () => {
  it("is null for a deleted subscription, even one due in the future", () => {
    expect(next({ frequency: "daily", start_date: "2026-12-01T09:00:00Z", deleted: true })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", deleted: true })).toBeNull();
    expect(next({ frequency: "daily", start_date: "2026-11-01T09:00:00Z", deleted: false })).not.toBeNull();
  });

  it("is null for a start that is not a date, which is a problem named start_date", () => {
    for (const start_date of ["", "not a date", "2026-13-45T99:00:00Z", undefined as unknown as string]) {
      expect(next({ frequency: "daily", start_date }), String(start_date)).toBeNull();
      expect(scheduleProblem(subscription({ frequency: "daily", start_date })), String(start_date)).toMatchObject({ attr: "start_date" });
    }
  });

  it("does not change the subscription it is given", () => {
    const record = subscription({ frequency: "monthly", start_date: "2026-01-15T09:00:00.123Z", interval: 2 });
    const before = copy(record);
    nextDelivery(record, now);
    summarize(record);
    expect(record).toEqual(before);
  });

  it("answers the same whatever the host's time zone, since every step is in UTC", () => {
    const zone = process.env.TZ;
    const rule = { frequency: "monthly", byweekday: ["monday"], bysetpos: 1, start_date: "2026-01-01T23:30:00Z" } as const;
    try {
      // 14 hours ahead of UTC and 11 behind: read in local time, the first Monday would move a day.
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
        process.env.TZ = tz;
        expect(next({ ...rule, byweekday: [...rule.byweekday] }), tz).toBe("2026-12-07T23:30:00Z");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("summarize", () => {
  it("words each frequency with an interval of 1", () => {
    expect(summarize(subscription({ frequency: "daily" }))).toBe("sent every day");
    expect(summarize(subscription({ frequency: "weekly" }))).toBe("sent every week");
    expect(summarize(subscription({ frequency: "monthly" }))).toBe("sent every month");
    expect(summarize(subscription({ frequency: "yearly" }))).toBe("sent every year");
  });

  it("words a larger interval as a count and a plural", () => {
    expect(summarize(subscription({ frequency: "daily", interval: 3 }))).toBe("sent every 3 days");
    expect(summarize(subscription({ frequency: "weekly", interval: 2 }))).toBe("sent every 2 weeks");
    expect(summarize(subscription({ frequency: "monthly", interval: 6 }))).toBe("sent every 6 months");
    expect(summarize(subscription({ frequency: "yearly", interval: int32.max }))).toBe(`sent every ${int32.max} years`);
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

describe("the schedule through the mock: refused whole, or stored whole", () => {
  const subscriptions = "/api/environments/28417/subscriptions/";
  const json = { "Content-Type": "application/json" };
  const create = { insight: 14872, target_type: "email", target_value: "a@example.com", frequency: "daily", start_date: "2026-11-01T09:00:00Z" };
  const post = (mock: ReturnType<typeof createMock>, body: object) => send(mock, subscriptions, { method: "POST", headers: json, body: JSON.stringify(body) });
  const patch = (mock: ReturnType<typeof createMock>, id: number, body: object) =>
    send(mock, `${subscriptions}${id}/`, { method: "PATCH", headers: json, body: JSON.stringify(body) });

  it("creates at the top of every int32 range, with a next delivery the live rule gives", async () => {
    const mock = createMock({ now: () => now });
    const top = { ...create, interval: int32.max, count: int32.max, bysetpos: int32.max };
    const created = await post(mock, top);
    expect(created.status).toBe(201);
    // The next step is 2,147,483,647 days on, past year 9999.
    expect(await created.json()).toMatchObject({ interval: int32.max, count: int32.max, next_delivery_date: null });
    const counted = await post(mock, { ...create, count: int32.min });
    expect(await counted.json()).toMatchObject({ count: int32.min, next_delivery_date: null });
  });

  it("refuses a create whose schedule no rule can follow with a 400 naming the field, and takes no id", async () => {
    const mock = createMock({ now: () => now });
    const before = mock.snapshot();
    for (const [body, attr] of [
      [{ ...create, interval: 0 }, "interval"],
      [{ ...create, interval: int32.min }, "interval"],
      [{ ...create, byweekday: ["monday"], bysetpos: 0 }, "bysetpos"],
      [{ ...create, byweekday: ["monday"], bysetpos: int32.max }, "bysetpos"],
    ] as const) {
      const refused = await post(mock, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ type: "validation_error", attr });
    }
    expect(mock.snapshot()).toEqual(before);
    const next = await (await post(mock, create)).json();
    expect(next.id).toBe(before.nextId.subscription);
  });

  it("refuses an update whose result no rule can follow, leaving the subscription as it was, and it stays updatable", async () => {
    const mock = createMock({ now: () => now });
    const { id } = await (await post(mock, create)).json();
    const stored = () => mock.snapshot().projects["28417"]!.subscriptions.find((s) => s.id === id);
    const before = stored();
    // bysetpos alone is ignored; with byweekday, 0 is no position.
    expect((await patch(mock, id, { bysetpos: 0 })).status).toBe(200);
    const refused = await patch(mock, id, { title: "changed", byweekday: ["monday"], interval: 2 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ attr: "bysetpos" });
    expect(stored()).toEqual({ ...before, bysetpos: 0 });
    const fixed = await patch(mock, id, { title: "changed", byweekday: ["monday"], bysetpos: -1, interval: int32.max });
    expect(fixed.status).toBe(200);
    // Daily from Sunday 1 November: that day is no Monday, and the next step is past year 9999.
    expect(await fixed.json()).toMatchObject({ title: "changed", bysetpos: -1, interval: int32.max, next_delivery_date: null });
  });
});
