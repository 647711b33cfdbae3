// The insights and dashboards the seeded subscriptions name, so their answers carry an insight's
// short id and a resource's name, and a dashboard subscription has tiles to choose from. A random
// of their own, so adding them moved none of the records seeded before them.
import { deliveryRecord } from "./delivery.js";
import { pick, type Random, seededRandom, shortId } from "./random.js";
import type { Dashboard, Delivery, Insight, ProjectState } from "./state.js";

const insightNames = ["Weekly active users", "Signups by source", "Checkout conversion", "Retention, 8 weeks", "Revenue by plan", "Error rate"];
const dashboardNames = ["Growth", "Product health", "Revenue", "Marketing site", "Onboarding"];
/** How many insights a seeded dashboard holds on its tiles. */
const tilesPerDashboard = 3;

function insightOf(random: Random, id: number): Insight {
  return { id, short_id: shortId(random), name: pick(random, insightNames), derived_name: null };
}

/**
 * The story's one delivery, of its first subscription: the live description's example of a
 * delivery id (openapi/overlays/live.yaml, `getSubscriptionDelivery`), which the docs' samples call.
 */
const storyDeliveryId = "0190a6f2-5d1e-7c40-9a3b-2f6e8d4c1b07";

/** The story's delivery of `subscription`, a day before `now`, completed. */
export function storyDelivery(subscription: ProjectState["subscriptions"][number], now: Date): Delivery {
  return scheduledDelivery(subscription, storyDeliveryId, "0190a6f2-5d1e-7c40-9a3b-2f6e8d4c1b08", now);
}

/**
 * A generated subscription's last scheduled delivery, a day ago, as one that has been running has:
 * so each subscription's `deliveries/` lists one, and a check that reads a listing's first
 * subscription finds a delivery to fetch. Its ids follow from the subscription's, drawing nothing
 * from the seeded random.
 */
export function generatedDelivery(subscription: ProjectState["subscriptions"][number], now: Date): Delivery {
  const tail = String(subscription.id).padStart(12, "0");
  return scheduledDelivery(subscription, `0190a6f2-5d1e-7c40-9a3b-${tail}`, `0190a6f2-5d1e-7c40-9a3c-${tail}`, now);
}

function scheduledDelivery(subscription: ProjectState["subscriptions"][number], id: string, idempotencyKey: string, now: Date): Delivery {
  const at = new Date(now.getTime() - 86_400_000).toISOString();
  const done = new Date(now.getTime() - 86_340_000).toISOString();
  return deliveryRecord(subscription, {
    id,
    temporal_workflow_id: `handle-subscription-value-change-${subscription.id}`,
    idempotency_key: idempotencyKey,
    trigger_type: "scheduled",
    scheduled_at: at,
    status: "completed",
    created_at: at,
    last_updated_at: done,
    finished_at: done,
  });
}

/** Adds to `records` every insight and dashboard its subscriptions name, and the insights on each dashboard's tiles. */
export function seedResources(records: ProjectState, seed: number): void {
  const random = seededRandom(seed ^ 0x1f5e7);
  const insights = new Map<number, Insight>();
  const dashboards = new Map<number, Dashboard>();
  for (const subscription of records.subscriptions) {
    if (subscription.insight != null && !insights.has(subscription.insight)) insights.set(subscription.insight, insightOf(random, subscription.insight));
    if (subscription.dashboard != null && !dashboards.has(subscription.dashboard)) {
      const tiles = Array.from({ length: tilesPerDashboard }, (_, i) => subscription.dashboard! * 10 + i);
      for (const id of tiles) if (!insights.has(id)) insights.set(id, insightOf(random, id));
      dashboards.set(subscription.dashboard, { id: subscription.dashboard, name: pick(random, dashboardNames), tiles });
    }
  }
  records.insights = [...insights.values()];
  records.dashboards = [...dashboards.values()];
}
