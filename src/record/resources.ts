// The insights and dashboards the recorded subscriptions name, as the mock's state holds them
// (id, short_id, name, a dashboard's tiles). The API describes no route for either, so they are
// read off the subscriptions: an insight's id, a dashboard's tiles (the insights its subscriptions
// deliver). An insight's short id is a pseudonym of its id, never the one read: a source can put
// any eight characters there. Names are replaced by placeholders, never kept: an insight
// or dashboard name is free text the run has no flag for. They are not counted as personal values
// read, since a subscription's title may repeat one, and the title follows its own rule.
import type { Dashboard, Insight } from "../mock/state/state.js";
import type { Pseudonyms } from "./pseudonyms.js";
import type { LiveSubscription } from "./read-account.js";
import type { Ledger } from "./report.js";

export function recordedResources(subscriptions: LiveSubscription[], pseudonyms: Pseudonyms, ledger: Ledger): { insights: Insight[]; dashboards: Dashboard[] } {
  const insights = new Map<number, Insight>();
  const insight = (id: number) => {
    if (!insights.has(id)) insights.set(id, { id, short_id: pseudonyms.of("shortId", `insight:${id}`), name: `Insight ${insights.size + 1}` });
  };
  const dashboards = new Map<number, Dashboard>();
  for (const subscription of subscriptions) {
    if (subscription.insight != null) insight(subscription.insight);
    if (subscription.dashboard == null) continue;
    const dashboard = dashboards.get(subscription.dashboard) ?? { id: subscription.dashboard, name: `Dashboard ${dashboards.size + 1}`, tiles: [] };
    for (const id of subscription.dashboard_export_insights ?? []) {
      insight(id);
      if (!dashboard.tiles.includes(id)) dashboard.tiles.push(id);
    }
    dashboards.set(dashboard.id, dashboard);
  }
  ledger.count("replaced", "insight and dashboard names (placeholders)", insights.size + dashboards.size);
  return { insights: [...insights.values()], dashboards: [...dashboards.values()] };
}
