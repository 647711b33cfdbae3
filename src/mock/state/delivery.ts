// A subscription delivery record: what every delivery the mock makes shares (the subscription's
// target, nothing exported or reported yet), with the fields that tell one delivery from another.
import type { Delivery, ProjectState } from "./state.js";

type Own = Pick<
  Delivery,
  "id" | "temporal_workflow_id" | "idempotency_key" | "trigger_type" | "scheduled_at" | "status" | "created_at" | "last_updated_at" | "finished_at"
>;

export function deliveryRecord(subscription: ProjectState["subscriptions"][number], own: Own): Delivery {
  return {
    ...own,
    subscription: subscription.id,
    target_type: subscription.target_type,
    target_value: subscription.target_value,
    exported_asset_ids: [],
    content_snapshot: {},
    recipient_results: [],
    error: null,
    change_summary: null,
    ai_report: null,
    ai_report_diagnostics: null,
    ai_report_prompt: null,
    ai_report_charts: null,
  };
}
