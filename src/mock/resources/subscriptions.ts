// Subscriptions: the listing's filters, the create rules, updates of the fields the spec
// makes writable, and the schedule (schedule.ts) that follows each write.
import { documentedRefusal, idsSpent, invalidSchedule, missingScope, notFound, summaryCapReached } from "../errors.js";
import { type Answer, json } from "../responses.js";
import { serverTime } from "../server-time.js";
import { nextDelivery, scheduleProblem, summarize } from "../state/schedule.js";
import type { ProjectState, Subscription } from "../state/state.js";
import { findFor, listed } from "../state/visibility.js";
import { conformSubscription } from "./conform.js";
import { inProject, type ProjectContext } from "./context.js";
import { createdFields, writeFields } from "./fields.js";
import { instantKey, ordering, searching, sortBy, textKey, uuidKey } from "./filtering.js";
import { pageFor } from "./paging.js";
import { subscriptionRefusal } from "./subscription-rules.js";

/** A field the live description adds to the state's (description's) subscription. */
const liveField = (s: Subscription, field: string) => (s as unknown as Record<string, unknown>)[field];

/**
 * A search field's value: the subscription's own, or, written as Django's `relation__field`
 * (`insight__name`), that field of the project's insight or dashboard the subscription names.
 */
function searchedValue(project: ProjectState, s: Subscription, field: string): unknown {
  const [relation, name] = field.split("__");
  if (name === undefined) return liveField(s, field);
  const related = relation === "insight" ? project.insights : relation === "dashboard" ? project.dashboards : undefined;
  const record = related?.find((r) => r.id === liveField(s, relation!)) as Record<string, unknown> | undefined;
  return record?.[name];
}

/** What each `resource_type` filter keeps. */
const resourceTypes: Record<string, (s: Subscription) => boolean> = {
  insight: (s) => s.insight != null,
  dashboard: (s) => s.dashboard != null,
  ai_prompt: (s) => typeof liveField(s, "prompt") === "string" && liveField(s, "prompt") !== "",
};

/**
 * The listing's filters, as the spec declares them (their defaults filled in by validation);
 * `search` looks in `searchFields` (the parameter's `x-search-fields`).
 */
export function filterSubscriptions(project: ProjectState, query: Record<string, unknown>, searchFields: string[] = ["title", "target_value"]): Subscription[] {
  const matches = searching(query.search);
  const creator = uuidKey(query.created_by);
  const result = project.subscriptions.filter(
    (s) =>
      listed(s, query) &&
      (query.insight === undefined || s.insight === query.insight) &&
      (query.dashboard === undefined || s.dashboard === query.dashboard) &&
      (creator === undefined || uuidKey(s.created_by?.uuid) === creator) &&
      (query.resource_type === undefined || resourceTypes[String(query.resource_type)]?.(s) !== false) &&
      (query.target_type === undefined || s.target_type === query.target_type) &&
      matches(...searchFields.map((field) => searchedValue(project, s, field))),
  );
  const { field, descending } = ordering(query.ordering);
  const key = (s: Subscription) =>
    field === "title"
      ? textKey(s.title)
      : field === "created_by__email"
        ? textKey(s.created_by?.email)
        : instantKey(s[field as "created_at" | "next_delivery_date"]);
  return sortBy(result, key, descending);
}

/** The create rule the operation states (`x-delivers-one-of`): one of its fields set, not to null or "". */
const deliversSomething = (fields: string[], body: Record<string, unknown>) => fields.some((field) => body[field] != null && body[field] !== "");

/**
 * The server-set fields that follow the schedule, set on `subscription` (a staged copy), or the
 * 400 naming the field that makes the schedule one no rule can follow.
 */
function schedule(subscription: Subscription, c: ProjectContext): Answer | undefined {
  const problem = scheduleProblem(subscription);
  if (problem) return invalidSchedule(problem.attr, problem.detail, c.table.errorRendering);
  subscription.summary = summarize(subscription);
  subscription.next_delivery_date = nextDelivery(subscription, c.now);
  return undefined;
}

const find = (c: ProjectContext, access: "read" | "update") =>
  findFor(
    c.project.subscriptions.find((s) => s.id === c.request.path.id),
    access,
  );

/**
 * The refusal of a write the key may not make for a field it sets (`x-scopes-for-fields`), or for
 * the field the stored subscription has: the service resolves an update's kind by its id.
 */
export function scopeRefusal(c: ProjectContext, stored?: Subscription): Answer | undefined {
  const body = (c.request.body ?? {}) as Record<string, unknown>;
  for (const [field, scopes] of Object.entries(c.operation.scopesForFields ?? {})) {
    if (!body[field] && !(stored && liveField(stored, field))) continue;
    const lacking = scopes.find((scope) => !c.holds(scope));
    if (lacking) return missingScope(lacking);
  }
  return undefined;
}

/** Whether a subscription's AI summary is active: turned on, and the subscription not deleted. */
const summaryActive = (s: Subscription | undefined) => s !== undefined && liveField(s, "summary_enabled") === true && !s.deleted;

/**
 * The refusal of a write that makes one more AI summary active (`x-active-summary-cap`): a
 * create with `summary_enabled` on, an update turning it on, or a restore of a deleted
 * subscription whose summary is on, at the cap of the organization's active summaries (every
 * project of it). The source checks it after the other rules; the mock holds no AI credits.
 */
function summaryCapRefusal(c: ProjectContext, before: Subscription | undefined, after: Subscription): Answer | undefined {
  const cap = c.operation.activeSummaryCap;
  if (!cap?.refusal || !summaryActive(after) || summaryActive(before)) return undefined;
  return activeSummaries(c) >= cap.limit ? summaryCapReached(c.operation, cap.refusal, cap.limit) : undefined;
}

/** How many subscriptions of the project's organization (every project of it) have an active AI summary. */
function activeSummaries(c: ProjectContext): number {
  const organization = c.project.project.organization;
  let active = 0;
  for (const project of Object.values(c.state.projects))
    if (project.project.organization === organization) active += project.subscriptions.filter(summaryActive).length;
  return active;
}

/** The organization's active AI summaries against its cap (`x-active-summary-cap`). */
export const getSubscriptionSummaryQuota = inProject((c) => {
  const active = activeSummaries(c);
  const limit = c.operation.activeSummaryCap?.limit ?? null;
  return json(200, { active_count: active, limit, at_limit: limit !== null && active >= limit });
});

/** A subscription as the profile answers it (conform.ts), looking up the project's insights and dashboards. */
const answer = (c: ProjectContext, subscription: Subscription) =>
  conformSubscription(c.table, subscription, { insights: c.project.insights ?? [], dashboards: c.project.dashboards ?? [] });

export const listSubscriptions = inProject((c) =>
  json(
    200,
    pageFor(
      c,
      filterSubscriptions(c.project, c.request.query, c.operation.searchFields).map((s) => answer(c, s)),
    ),
  ),
);

export const createSubscription = inProject((c) => {
  // The last exact id is never handed out, so nextId stays a safe integer, which a snapshot must hold.
  if (c.state.nextId.subscription >= Number.MAX_SAFE_INTEGER) return idsSpent("subscription");
  const forbidden = scopeRefusal(c);
  if (forbidden) return forbidden;
  const rule = c.operation.deliversOneOf;
  if (rule && !deliversSomething(rule.fields, c.request.body as Record<string, unknown>)) return documentedRefusal(c.operation, rule.refusal);
  const subscription = {
    id: c.state.nextId.subscription,
    ...createdFields(c.operation, c.request.body),
    created_at: serverTime(c.now),
    created_by: c.state.user,
  } as Subscription;
  // Scheduled before the id is taken, so a refused create changes nothing.
  const refused = schedule(subscription, c) ?? subscriptionRefusal(c, c.request.body as Record<string, unknown>, undefined, subscription);
  if (refused) return refused;
  // The live service refuses a schedule with no delivery left; the description creates it, never to deliver.
  if (c.operation.refusesSpentSchedule && subscription.next_delivery_date === null) return documentedRefusal(c.operation, c.operation.refusesSpentSchedule);
  const capped = summaryCapRefusal(c, undefined, subscription);
  if (capped) return capped;
  c.state.nextId.subscription++;
  c.write("subscriptions", String(subscription.id), subscription);
  return json(201, answer(c, subscription));
});

export const getSubscription = inProject((c) => {
  // The live service reads a soft-deleted subscription (`x-finds-deleted`); the description answers 404.
  const subscription = find(c, c.operation.findsDeleted ? "update" : "read");
  return subscription ? json(200, answer(c, subscription)) : notFound();
});

export const updateSubscription = inProject((c) => {
  const subscription = find(c, "update");
  if (!subscription) return notFound();
  const forbidden = scopeRefusal(c, subscription);
  if (forbidden) return forbidden;
  // Staged on a copy and committed in one step, so a refused schedule changes nothing.
  const next = { ...subscription };
  writeFields(next, c.operation, c.request.body);
  const refused =
    schedule(next, c) ??
    subscriptionRefusal(c, (c.request.body ?? {}) as Record<string, unknown>, subscription, next) ??
    summaryCapRefusal(c, subscription, next);
  if (refused) return refused;
  c.write("subscriptions", String(subscription.id), next);
  return json(200, answer(c, next));
});
