// A subscription's delivery schedule, behaviour the spec cannot state (it only says
// `next_delivery_date` is set by the server): when it next delivers, and the schedule in words.
import type { Subscription } from "../state/state.js";
import { readable } from "./visibility.js";

const day = 86_400_000;

function advance(date: Date, frequency: Subscription["frequency"], steps: number): Date {
  const next = new Date(date);
  if (frequency === "daily") next.setUTCDate(next.getUTCDate() + steps);
  else if (frequency === "weekly") next.setUTCDate(next.getUTCDate() + 7 * steps);
  else if (frequency === "monthly") next.setUTCMonth(next.getUTCMonth() + steps);
  else next.setUTCFullYear(next.getUTCFullYear() + steps);
  return next;
}

/** The first delivery at or after `now`: `start_date`, then every `interval` periods; null once deleted or past `until_date`. */
export function nextDelivery(subscription: Subscription, now: Date): string | null {
  // A deleted subscription delivers nothing.
  if (!readable(subscription)) return null;
  const interval = Math.max(1, subscription.interval ?? 1);
  let next = new Date(subscription.start_date);
  if (Number.isNaN(next.getTime())) return null;
  if (next < now) {
    // Jump close to now first, so a start years ago takes a few steps, not thousands.
    const periodDays = { daily: 1, weekly: 7, monthly: 28, yearly: 365 }[subscription.frequency] * interval;
    const skip = Math.max(0, Math.floor((now.getTime() - next.getTime()) / (periodDays * day)) - 1);
    next = advance(next, subscription.frequency, skip * interval);
    while (next < now) next = advance(next, subscription.frequency, interval);
  }
  if (subscription.until_date && next > new Date(subscription.until_date)) return null;
  return next.toISOString();
}

export function summarize(subscription: Subscription): string {
  const interval = Math.max(1, subscription.interval ?? 1);
  const unit = { daily: "day", weekly: "week", monthly: "month", yearly: "year" }[subscription.frequency];
  const every = interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`;
  const days = subscription.byweekday?.length ? ` on ${subscription.byweekday.map((d) => d[0]!.toUpperCase() + d.slice(1)).join(", ")}` : "";
  return `sent ${every}${days}`;
}
