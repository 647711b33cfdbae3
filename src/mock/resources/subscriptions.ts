// Subscriptions: listing, create rules, updates and the schedule that follows them.
import { filterSubscriptions } from "./filters.js";
import { page } from "./paging.js";
import { error, json, notFound } from "../responses.js";
import { nextDelivery, summarize } from "./schedule.js";
import type { Subscription } from "../state/state.js";
import type { Handler, HandlerContext } from "./context.js";

const writable = ["dashboard", "insight", "target_type", "target_value", "frequency", "interval", "byweekday", "bysetpos", "count", "start_date", "until_date", "deleted", "title", "invite_message"] as const;

function apply(subscription: Subscription, body: Partial<Subscription>, context: HandlerContext) {
  for (const key of writable) if (body[key] !== undefined) (subscription as Record<string, unknown>)[key] = body[key];
  subscription.summary = summarize(subscription);
  subscription.next_delivery_date = nextDelivery(subscription, context.now);
}

const find = (c: HandlerContext) => c.project.subscriptions.find((s) => s.id === c.request.path.id);

export const listSubscriptions: Handler = (c) => {
  const items = filterSubscriptions(c.project, c.request.query);
  return json(200, page(items, { url: c.url, limit: c.request.query.limit as number, offset: c.request.query.offset as number }, c.pageSize));
};

export const createSubscription: Handler = (c) => {
  const body = c.request.body as Partial<Subscription>;
  // The spec's create rule: a dashboard or an insight.
  if (body.dashboard == null && body.insight == null) {
    return error(400, "validation_error", "required", "Insight is required for insight subscriptions.", "insight");
  }
  const subscription: Subscription = {
    id: c.state.nextId.subscription++,
    dashboard: null,
    insight: null,
    target_type: body.target_type!,
    target_value: body.target_value!,
    frequency: body.frequency!,
    interval: 1,
    byweekday: null,
    bysetpos: null,
    count: null,
    start_date: body.start_date!,
    until_date: null,
    created_at: c.now.toISOString(),
    created_by: c.state.user,
    deleted: false,
    title: null,
    summary: "",
    next_delivery_date: null,
    invite_message: null,
  };
  apply(subscription, body, c);
  c.project.subscriptions.push(subscription);
  c.changed();
  return json(201, subscription);
};

export const getSubscription: Handler = (c) => {
  const subscription = find(c);
  return subscription && !subscription.deleted ? json(200, subscription) : notFound();
};

export const updateSubscription: Handler = (c) => {
  const subscription = find(c);
  if (!subscription) return notFound();
  apply(subscription, (c.request.body ?? {}) as Partial<Subscription>, c);
  c.changed();
  return json(200, subscription);
};
