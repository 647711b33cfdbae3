// A subscription's deliveries (live only): a test delivery, which the mock records as the
// service's workflow would start it, and the deliveries listing, newest first, paged by cursor
// as DRF's CursorPagination pages it, and one delivery.
import { notFound } from "../errors.js";
import { type Answer, empty, json } from "../responses.js";
import { deliveryRecord } from "../state/delivery.js";
import { uuid7 } from "../state/random.js";
import type { Delivery, ProjectState } from "../state/state.js";
import { inProject, type ProjectContext } from "./context.js";
import { instantKey, sortBy } from "./filtering.js";
import { scopeRefusal } from "./subscriptions.js";

/** A cursor as DRF writes one: base64 of `o=<offset>`. */
const cursorOf = (offset: number) => btoa(`o=${offset}`);
function offsetOf(cursor: unknown): number | undefined {
  if (cursor === undefined) return 0;
  try {
    const match = /^o=(\d+)$/.exec(atob(String(cursor)));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

const deliveriesOf = (project: ProjectState, subscription: unknown) => (project.deliveries ?? []).filter((d) => d.subscription === subscription);

/** A delivery as answered: one a snapshot kept from before charts existed has `ai_report_charts` null, as the service's has. */
const answered = (delivery: Delivery) => ({ ...delivery, ai_report_charts: delivery.ai_report_charts ?? null });

/** A test delivery of the subscription (its workflow started, nothing delivered yet): 404 for a deleted one, 409 for a disabled one. */
export const createSubscriptionTestDelivery = inProject((c) => {
  const subscription = c.project.subscriptions.find((s) => s.id === c.request.path.id);
  const forbidden = scopeRefusal(c, subscription);
  if (forbidden) return forbidden;
  if (!subscription || subscription.deleted) return notFound();
  if ((subscription as unknown as { enabled?: boolean }).enabled === false) return json(409, c.operation.responses["409"]!.examples.subscription_disabled);
  const at = c.now.toISOString();
  const delivery = deliveryRecord(subscription, {
    id: uuid7(c.random, c.now.getTime()),
    temporal_workflow_id: `test-delivery-subscription-${subscription.id}`,
    idempotency_key: uuid7(c.random, c.now.getTime()),
    trigger_type: "manual",
    scheduled_at: null,
    status: "starting",
    created_at: at,
    last_updated_at: at,
    finished_at: null,
  });
  c.write("deliveries", delivery.id, delivery);
  return empty(202);
});

function deliveryPage(c: ProjectContext): Answer {
  const offset = offsetOf(c.request.query.cursor);
  // DRF answers a cursor it cannot read 404 "Invalid cursor".
  if (offset === undefined) return notFound();
  const status = c.request.query.status;
  const matching = deliveriesOf(c.project, c.request.path.subscription_id).filter((d) => status === undefined || d.status === status);
  // Newest first; of two made at one instant, the one added later.
  const ordered = sortBy([...matching].reverse(), (d) => instantKey(d.created_at), true);
  const size = c.operation.limitMaximum ?? ordered.length;
  const link = (at: number) => {
    const target = new URL(c.url.href);
    target.searchParams.set("cursor", cursorOf(at));
    return target.href;
  };
  return json(200, {
    next: offset + size < ordered.length ? link(offset + size) : null,
    previous: offset > 0 ? link(Math.max(0, offset - size)) : null,
    results: ordered.slice(offset, offset + size).map(answered),
  });
}

export const listSubscriptionDeliveries = inProject(deliveryPage);

export const getSubscriptionDelivery = inProject((c) => {
  const delivery = deliveriesOf(c.project, c.request.path.subscription_id).find((d) => d.id.toLowerCase() === String(c.request.path.id).toLowerCase());
  return delivery ? json(200, answered(delivery)) : notFound();
});
