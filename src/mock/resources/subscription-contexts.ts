// What a live subscription answers of the newer module's settings (openapi/DECISIONS.md,
// "Subscription contexts, proactive and AI report settings"): the contexts it stores by id, each
// with its resource's current name, one the state no longer holds left out as the service leaves
// a deleted one out; and its proactive settings over their defaults, which a write replaces whole.
import type { Dashboard, Insight } from "../state/state.js";

type Context = { dashboard_id: number; dashboard_name: string } | { insight_id: number; insight_short_id: string; insight_name: string };

/** The contexts `stored` names (`{dashboard_id}` or `{insight_id}` items), as the service answers them. */
export function answeredContexts(stored: unknown, insights: Insight[], dashboards: Dashboard[]): Context[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: Record<string, unknown>): Context[] => {
    const dashboard = item.dashboard_id === undefined ? undefined : dashboards.find((d) => d.id === item.dashboard_id);
    if (dashboard) return [{ dashboard_id: dashboard.id, dashboard_name: dashboard.name || "Dashboard" }];
    const insight = item.insight_id === undefined ? undefined : insights.find((i) => i.id === item.insight_id);
    if (insight) return [{ insight_id: insight.id, insight_short_id: insight.short_id, insight_name: String(insight.name || insight.derived_name || "None") }];
    return [];
  });
}

/** The stored proactive settings over the answer's `defaults` (the description's `default`). */
export function answeredProactiveConfig(stored: unknown, defaults: unknown): unknown {
  const base = defaults !== null && typeof defaults === "object" ? defaults : {};
  return stored !== null && typeof stored === "object" ? { ...structuredClone(base), ...stored } : structuredClone(base);
}
