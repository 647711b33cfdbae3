// A subscription's delivery schedule, behaviour the spec cannot state (it only says
// `next_delivery_date` is set by the server): the RFC 5545 rule the live service builds from
// the subscription, when it next delivers, and the schedule in words.
import { scheduleWording } from "../errors.js";
import { serverTime } from "../server-time.js";
import { type Frequency, firstOccurrenceAfter, type Rule } from "./recurrence.js";
import type { Subscription } from "./state.js";
import { readable } from "./visibility.js";

/** The live service schedules a delivery at least this far ahead, "since we might run a bit early". */
const leadTime = 15 * 60_000;
const weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const frequencies: readonly string[] = ["daily", "weekly", "monthly", "yearly"] satisfies Frequency[];

/** The fields the rule is built from (the model's RRULE_FIELDS): a write of any of them reschedules. */
export const ruleFields = ["frequency", "interval", "byweekday", "bysetpos", "count", "start_date", "until_date"] as const;

/** A field that makes the schedule one no rule can follow, worded for a 400. */
export interface ScheduleProblem {
  attr: "frequency" | "interval" | "byweekday" | "bysetpos" | "start_date" | "until_date";
  detail: string;
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);
const dateOf = (value: unknown): Date | undefined => {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : new Date(at);
};

/** The rule the live service builds (dateutil's rrule over these fields), or the first field it cannot take. */
export function ruleOf(subscription: Subscription): Rule | ScheduleProblem {
  const { frequency, byweekday, bysetpos, count } = subscription;
  if (!frequencies.includes(frequency)) return { attr: "frequency", detail: scheduleWording.frequency(frequency) };
  const interval = subscription.interval ?? 1;
  // The live rule never ends with an interval of 0 and raises on a negative one.
  if (!isWhole(interval) || interval < 1) return { attr: "interval", detail: scheduleWording.interval };
  const weekdays = byweekday?.length ? byweekday.map((name) => weekdayNames.indexOf(name)) : null;
  if (weekdays?.includes(-1)) return { attr: "byweekday", detail: scheduleWording.byweekday };
  // The live service passes bysetpos only with weekdays, and rrule raises outside these bounds.
  const setpos = weekdays ? (bysetpos ?? null) : null;
  if (setpos !== null && !(isWhole(setpos) && setpos !== 0 && Math.abs(setpos) <= 366)) {
    return { attr: "bysetpos", detail: scheduleWording.bysetpos };
  }
  const start = dateOf(subscription.start_date);
  if (!start) return { attr: "start_date", detail: scheduleWording.date };
  // The live rule drops fractions of a second from its start.
  start.setUTCMilliseconds(0);
  const until = subscription.until_date == null ? null : dateOf(subscription.until_date);
  if (until === undefined) return { attr: "until_date", detail: scheduleWording.date };
  return {
    frequency: frequency as Frequency,
    interval,
    count: isWhole(count) ? count : null,
    start,
    until,
    weekdays: weekdays && [...new Set(weekdays)],
    setpos,
  };
}

export const isProblem = (rule: Rule | ScheduleProblem): rule is ScheduleProblem => "attr" in rule;

/** The field that makes the schedule one no rule can follow, or undefined. */
export function scheduleProblem(subscription: Subscription): ScheduleProblem | undefined {
  const rule = ruleOf(subscription);
  return isProblem(rule) ? rule : undefined;
}

/**
 * When it next delivers, as the live service computes it: the rule's first occurrence more
 * than 15 minutes after `now`; null when the rule has none left (count spent, past
 * `until_date`, past year 9999), for a deleted subscription, and for one no rule can follow.
 */
export function nextDelivery(subscription: Subscription, now: Date): string | null {
  // A deleted subscription delivers nothing.
  if (!readable(subscription)) return null;
  const rule = ruleOf(subscription);
  if (isProblem(rule)) return null;
  const next = firstOccurrenceAfter(rule, new Date(now.getTime() + leadTime));
  return next === null ? null : serverTime(next);
}

export function summarize(subscription: Subscription): string {
  const interval = Math.max(1, subscription.interval ?? 1);
  const unit = { daily: "day", weekly: "week", monthly: "month", yearly: "year" }[subscription.frequency];
  const every = interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`;
  const days = subscription.byweekday?.length ? ` on ${subscription.byweekday.map((d) => d[0]!.toUpperCase() + d.slice(1)).join(", ")}` : "";
  return `sent ${every}${days}`;
}
