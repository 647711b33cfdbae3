// The first occurrence of an RFC 5545 recurrence rule after an instant, as dateutil (the live
// service's library) finds it, in bounded work. rrule expands each period's by-parts; the steps
// from period to period are counted here, because rrule itself walks every period from the
// rule's start (740,000 for a daily rule started in year 1), walks on to year 9999 when a rule
// never matches, and miscomputes years before 100. The occurrences of a period depend only on
// its shape (its length and first weekday), computed once on a copy of it in years 2000-2399,
// which the 400-year Gregorian cycle makes identical; a cycle of steps with none means none ever.
import * as rruleModule from "rrule";
import { day } from "../day.js";

// rrule's Node entry is a UMD bundle: Node's ESM loader sees only its `default`, while bundlers
// (its ESM build) and require() see the named export.
const { RRule } = (rruleModule as typeof rruleModule & { default?: typeof rruleModule }).RRule
  ? rruleModule
  : (rruleModule as unknown as { default: typeof rruleModule }).default;

export type Frequency = "daily" | "weekly" | "monthly" | "yearly";

/** A rule as the live service builds it from a subscription, every field already checked. */
export interface Rule {
  frequency: Frequency;
  /** A whole number ≥ 1. */
  interval: number;
  /** How many occurrences in all, counted from `start`; null for no limit. */
  count: number | null;
  /** The first possible occurrence, in whole seconds; its time of day is every occurrence's. */
  start: Date;
  /** The last instant an occurrence may fall on; null for none. */
  until: Date | null;
  /** 0 for Monday … 6 for Sunday; null for the start's own day. */
  weekdays: number[] | null;
  /** Which occurrence of each period's set, as BYSETPOS (1…366 or -366…-1); only with `weekdays`. */
  setpos: number | null;
}

/** The last instant the live service's dates (Python's, year 9999 at most) and rrule can hold. */
const lastInstant = Date.UTC(9999, 11, 31, 23, 59, 59);
/** The periods of each frequency after which the Gregorian calendar repeats: weekdays, weeks, 400 years. */
const cycle = { daily: 7, weekly: 1, monthly: 4800, yearly: 400 };

/** The UTC instant of a calendar date; a plain `Date.UTC` reads years 0–99 as 1900–1999. */
function utc(year: number, month: number, date: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month, date);
  return at.getTime();
}

/** The index of the period holding `at`: days, weeks from Monday, months or years, counted from the epoch or year 0. */
function periodOf(frequency: Frequency, at: number): number {
  const date = new Date(at);
  if (frequency === "daily") return Math.floor(at / day);
  // 1970-01-01 was a Thursday: its week began three days before.
  if (frequency === "weekly") return Math.floor((Math.floor(at / day) + 3) / 7);
  if (frequency === "monthly") return date.getUTCFullYear() * 12 + date.getUTCMonth();
  return date.getUTCFullYear();
}

const lastPeriod = (frequency: Frequency) => periodOf(frequency, lastInstant);

/** When period `index` begins, or undefined past the last instant a date can hold. */
function periodStart(frequency: Frequency, index: number): number | undefined {
  if (index > lastPeriod(frequency)) return undefined;
  if (frequency === "daily") return index * day;
  if (frequency === "weekly") return (index * 7 - 3) * day;
  if (frequency === "monthly") return utc(Math.floor(index / 12), index % 12, 1);
  return utc(index, 0, 1);
}

/** The first period of the copy of the calendar in years 2000-2399, by frequency. */
const cycleBase = {
  daily: periodOf("daily", Date.UTC(2000, 0, 3)),
  weekly: periodOf("weekly", Date.UTC(2000, 0, 3)),
  monthly: periodOf("monthly", Date.UTC(2000, 0, 3)),
  yearly: 2000,
};

/** Period `index` moved by whole cycles into years 2000-2399, where rrule computes right. */
function canonical(frequency: Frequency, index: number): number {
  const length = cycle[frequency];
  return cycleBase[frequency] + ((((index - cycleBase[frequency]) % length) + length) % length);
}

/** Each place in the cycle's shape: its length and first weekday, which decide a period's occurrences. Computed once. */
const shapes: Record<Frequency, string[]> = { daily: [], weekly: [], monthly: [], yearly: [] };
function shapeOf(frequency: Frequency, index: number): string {
  const copy = canonical(frequency, index);
  const place = copy - cycleBase[frequency];
  let shape = shapes[frequency][place];
  if (shape === undefined) {
    const begins = periodStart(frequency, copy)!;
    shape = `${periodStart(frequency, copy + 1)! - begins}:${new Date(begins).getUTCDay()}`;
    shapes[frequency][place] = shape;
  }
  return shape;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** After how many steps of `interval` periods the calendar the rule steps through repeats. */
const stepsPerCycle = (rule: Rule) => cycle[rule.frequency] / gcd(rule.interval % cycle[rule.frequency], cycle[rule.frequency]);

/** The by-parts RFC 5545 derives from the start when a rule names none: the start's time, weekday, day of the month, month. */
function byParts(rule: Rule) {
  const start = new Date(rule.start);
  const time = { byhour: [start.getUTCHours()], byminute: [start.getUTCMinutes()], bysecond: [start.getUTCSeconds()] };
  // A period's weekdays: each day of it, kept when its weekday is one of them.
  if (rule.weekdays) return { ...time, freq: RRule.DAILY, byweekday: rule.weekdays };
  if (rule.frequency === "daily") return { ...time, freq: RRule.DAILY };
  // Monday is 0 to rrule, Sunday 0 to Date.
  if (rule.frequency === "weekly") return { ...time, freq: RRule.WEEKLY, byweekday: [(start.getUTCDay() + 6) % 7] };
  if (rule.frequency === "monthly") return { ...time, freq: RRule.MONTHLY, bymonthday: [start.getUTCDate()] };
  return { ...time, freq: RRule.YEARLY, bymonth: [start.getUTCMonth() + 1], bymonthday: [start.getUTCDate()] };
}

/** Candidates by rule and shape, kept across calls (subscriptions share schedules); emptied when it grows large. */
const expanded = new Map<string, number[]>();
const expandedLimit = 4096;

/**
 * The rule's candidates in a whole period, before BYSETPOS, as offsets from its beginning: rrule
 * expands the by-parts over a copy of the period in years 2000-2399, once per shape of period.
 */
function candidateOffsets(rule: Rule): (index: number) => number[] {
  const { frequency } = rule;
  const parts = byParts(rule);
  const ruleKey = `${frequency}:${JSON.stringify(parts)}`;
  const byShape = new Map<string, number[]>();
  return (index) => {
    const shape = shapeOf(frequency, index);
    const known = byShape.get(shape);
    if (known) return known;
    const key = `${ruleKey}:${shape}`;
    let offsets = expanded.get(key);
    if (!offsets) {
      const copy = canonical(frequency, index);
      const copyBegins = periodStart(frequency, copy)!;
      // Each shape has a candidate within a few periods, so rrule stops soon after `until`.
      const until = new Date(periodStart(frequency, copy + 1)! - 1000);
      offsets = new RRule({ ...parts, dtstart: new Date(copyBegins), until }, true).all().map((at) => at.getTime() - copyBegins);
      if (expanded.size >= expandedLimit) expanded.clear();
      expanded.set(key, offsets);
    }
    byShape.set(shape, offsets);
    return offsets;
  };
}

/**
 * BYSETPOS, applied here: rrule 2.8.1 wraps a negative position past the size of the set (-53
 * in a year of 52 Tuesdays picks the first), where dateutil and RFC 5545 pick nothing.
 */
function positioned<T>(rule: Rule, set: T[]): T[] {
  if (rule.setpos === null) return set;
  const picked = set[rule.setpos > 0 ? rule.setpos - 1 : set.length + rule.setpos];
  return picked === undefined ? [] : [picked];
}

/** The first occurrence strictly after `after`, or null when there is none up to year 9999. */
export function firstOccurrenceAfter(rule: Rule, after: Date): Date | null {
  const { frequency, interval } = rule;
  if ((rule.count !== null && rule.count < 1) || (rule.until && rule.until <= after)) return null;
  const first = periodOf(frequency, rule.start.getTime());
  const candidates = candidateOffsets(rule);
  const stepIndex = (step: number) => first + step * interval;
  const perCycle = stepsPerCycle(rule);
  // The steps repeat the calendar every cycle: a cycle without an occurrence means none ever.
  let some = false;
  const inStep = (step: number) => positioned(rule, candidates(stepIndex(step))).length;
  for (let step = 1; step <= perCycle && !some; step++) some = inStep(step) > 0;
  if (!some) return null;

  /** The occurrences of one step, in the first only those from the start on. */
  const occurrences = (step: number): number[] => {
    const begins = periodStart(frequency, stepIndex(step))!;
    const all = candidates(stepIndex(step)).map((offset) => begins + offset);
    if (step > 0) return positioned(rule, all);
    // dateutil's first week begins on the start's day, not on Monday.
    const startDay = Math.floor(rule.start.getTime() / day) * day;
    return positioned(rule, frequency === "weekly" ? all.filter((at) => at >= startDay) : all).filter((at) => at >= rule.start.getTime());
  };
  /** Occurrences in steps 1 … `steps`, each step of a cycle counted once and multiplied. */
  const inSteps = (steps: number) => {
    let total = 0;
    for (let step = 1; step <= Math.min(steps, perCycle); step++) total += inStep(step) * (Math.floor((steps - step) / perCycle) + 1);
    return total;
  };

  // Start from the last step whose period begins at or before `after`'s; all before it are over.
  const now = periodOf(frequency, after.getTime());
  let step = first < now ? Math.max(1, Math.floor((now - first) / interval)) : 0;
  let spent = rule.count !== null && step > 0 ? occurrences(0).length + inSteps(step - 1) : 0;
  // Every step after the first is wholly after `after`, and a cycle of them holds an occurrence.
  for (; stepIndex(step) <= lastPeriod(frequency); step++) {
    for (const at of occurrences(step)) {
      spent++;
      if ((rule.count !== null && spent > rule.count) || (rule.until && at > rule.until.getTime())) return null;
      if (at > after.getTime()) return new Date(at);
    }
  }
  return null;
}
