// Subscriptions: the listing's filters, the create rule, updates of the fields the spec
// makes writable, and the schedule (schedule.ts) that follows each write.
import { insightRequired, invalidSchedule, notFound } from "../errors.js";
import { json } from "../responses.js";
import type { ProjectState, Subscription } from "../state/state.js";
import { inProject, type ProjectContext } from "./context.js";
import { createdFields, writeFields } from "./fields.js";
import { instantKey, ordering, searching, sortBy, textKey, uuidKey } from "./filtering.js";
import { pageFor } from "./paging.js";
import { nextDelivery, scheduleProblem, summarize } from "./schedule.js";
import { findFor, listed } from "./visibility.js";

/** The listing's filters, as the spec declares them (their defaults filled in by validation). */
export function filterSubscriptions(project: ProjectState, query: Record<string, unknown>): Subscription[] {
  const matches = searching(query.search);
  const creator = uuidKey(query.created_by);
  const result = project.subscriptions.filter(
    (s) =>
      listed(s, query) &&
      (query.insight === undefined || s.insight === query.insight) &&
      (query.dashboard === undefined || s.dashboard === query.dashboard) &&
      (creator === undefined || uuidKey(s.created_by?.uuid) === creator) &&
      (query.resource_type === undefined || (query.resource_type === "insight" ? s.insight != null : s.dashboard != null)) &&
      (query.target_type === undefined || s.target_type === query.target_type) &&
      matches(s.title, s.target_value),
  );
  const { field, descending } = ordering(query.ordering);
  return sortBy(result, (s) => (field === "title" ? textKey(s.title) : instantKey(s[field as "created_at" | "next_delivery_date"])), descending);
}

/**
 * The create rule, behaviour the spec states in the create operation's prose, not in a
 * schema: a subscription delivers a dashboard or an insight, so one of them is required.
 */
const deliversSomething = (body: Partial<Subscription>) => body.dashboard != null || body.insight != null;

/**
 * The server-set fields that follow the schedule, set on `subscription` (a staged copy), or the
 * 400 naming the field that makes the schedule one no rule can follow.
 */
function schedule(subscription: Subscription, now: Date): Response | undefined {
  const problem = scheduleProblem(subscription);
  if (problem) return invalidSchedule(problem.attr, problem.detail);
  subscription.summary = summarize(subscription);
  subscription.next_delivery_date = nextDelivery(subscription, now);
  return undefined;
}

const find = (c: ProjectContext, access: "read" | "update") =>
  findFor(
    c.project.subscriptions.find((s) => s.id === c.request.path.id),
    access,
  );

export const listSubscriptions = inProject((c) => json(200, pageFor(c, filterSubscriptions(c.project, c.request.query))));

export const createSubscription = inProject((c) => {
  if (!deliversSomething(c.request.body as Partial<Subscription>)) return insightRequired(c.operation);
  const subscription = {
    id: c.state.nextId.subscription,
    ...createdFields(c.operation, c.request.body),
    created_at: c.now.toISOString(),
    created_by: c.state.user,
  } as Subscription;
  // Scheduled before the id is taken, so a refused create changes nothing.
  const refused = schedule(subscription, c.now);
  if (refused) return refused;
  c.state.nextId.subscription++;
  c.project.subscriptions.push(subscription);
  c.changed();
  return json(201, subscription);
});

export const getSubscription = inProject((c) => {
  const subscription = find(c, "read");
  return subscription ? json(200, subscription) : notFound();
});

export const updateSubscription = inProject((c) => {
  const subscription = find(c, "update");
  if (!subscription) return notFound();
  // Staged on a copy and committed in one step, so a refused schedule changes nothing.
  const next = { ...subscription };
  writeFields(next, c.operation, c.request.body);
  const refused = schedule(next, c.now);
  if (refused) return refused;
  Object.assign(subscription, next);
  c.changed();
  return json(200, subscription);
});
