// What a subscription write must hold beyond its fields' schemas, where the operation states the
// rules' limits (`x-content-rules`): the live service's SubscriptionSerializer.validate, in its
// order (DECISIONS.md, "Subscriptions as the newest tests describe them"). Each refusal is one of
// the operation's named 400 examples; what a subscription delivers is derived as its answer's
// `resource_type` is (`x-derived-from`).
import { documentedRefusal } from "../errors.js";
import { type Answer, json } from "../responses.js";
import { nextDelivery, ruleFields } from "../state/schedule.js";
import type { Subscription } from "../state/state.js";
import { derivedValue } from "./conform.js";
import type { ProjectContext } from "./context.js";

type Fields = Record<string, unknown>;

const isSet = (value: unknown) => value !== null && value !== undefined && value !== "" && value !== 0;

/** The refusal of the insights chosen for a dashboard subscription, or undefined when they hold. */
function exportRefusal(c: ProjectContext, body: Fields, before: Fields | undefined, limit: number): Answer | undefined {
  const refuse = (name: string) => documentedRefusal(c.operation, name);
  const dashboardId = body.dashboard ?? before?.dashboard;
  const chosen = (body.dashboard_export_insights as number[] | undefined) ?? [];
  if (!isSet(dashboardId)) return chosen.length ? refuse("export_insights_without_dashboard") : undefined;
  // On a create at least one; on an update only a list sent empty is refused.
  if (!chosen.length && (before === undefined || "dashboard_export_insights" in body)) return refuse("export_insights_required");
  const selected = new Set(chosen);
  if (selected.size > limit) return refuse("export_insights_too_many");
  const insights = new Set((c.project.insights ?? []).map((i) => i.id));
  if ([...selected].some((id) => !insights.has(id))) return refuse("export_insights_not_in_team");
  const tiles = new Set(c.project.dashboards?.find((d) => d.id === dashboardId)?.tiles ?? []);
  const invalid = [...selected].filter((id) => !tiles.has(id)).length;
  if (!invalid) return undefined;
  const example = c.operation.responses["400"]?.examples.export_insights_not_on_dashboard as Fields;
  return json(400, { ...example, detail: String(example.detail).replace(/^\d+/, String(invalid)) });
}

/** The refusal of the content of what the write delivers, by its kind (insight, dashboard, AI prompt). */
function contentRefusal(c: ProjectContext, kind: string, body: Fields, before: Fields | undefined, promptMaxLength: number): Answer | undefined {
  const refuse = (name: string) => documentedRefusal(c.operation, name);
  if (kind === "insight") return isSet(body.dashboard) || isSet(body.prompt) ? refuse("insight_with_other") : undefined;
  if (kind === "dashboard") return isSet(body.insight) || isSet(body.prompt) ? refuse("dashboard_with_other") : undefined;
  if (isSet(body.insight) || isSet(body.dashboard)) return refuse("prompt_with_other");
  const prompt = String(("prompt" in body ? body.prompt : before?.prompt) ?? "").trim();
  if (!prompt) return refuse("prompt_required");
  return prompt.length > promptMaxLength ? refuse("prompt_too_long") : undefined;
}

/**
 * The refusal of a write of `after` (the subscription as the write leaves it; `before` as it was,
 * none on a create), or undefined when it holds every rule; run once the fields are written and
 * the schedule computed.
 */
export function subscriptionRefusal(c: ProjectContext, body: Fields, before: Subscription | undefined, after: Subscription): Answer | undefined {
  const rules = c.operation.contentRules;
  const kinds = c.table.conform?.Subscription.derived.resource_type;
  if (!rules || !kinds) return undefined;
  const refuse = (name: string) => documentedRefusal(c.operation, name);
  const previous = before as unknown as Fields | undefined;
  // An update keeps the kind the subscription has; a create takes it from the body.
  const kind = derivedValue(previous ?? body, kinds);
  if (kind === undefined) return refuse(before ? "no_resource_type" : c.operation.deliversOneOf!.refusal);
  const refused = contentRefusal(c, kind, body, previous, rules.promptMaxLength) ?? exportRefusal(c, body, previous, rules.exportInsightsMax);
  if (refused) return refused;

  const reEnabling = previous !== undefined && body.enabled === true && previous.enabled === false;
  // The service delivers to email and Slack only (the model's other target types it keeps, never delivers to).
  if (reEnabling && !["email", "slack"].includes(after.target_type)) return refuse("channel_not_supported");
  const scheduleChanged = previous !== undefined && previous.enabled !== false && ruleFields.some((field) => field in body);
  if ((reEnabling || before === undefined || scheduleChanged) && nextDelivery({ ...after, deleted: false }, c.now) === null) {
    if (before === undefined) return c.operation.refusesSpentSchedule ? refuse(c.operation.refusesSpentSchedule) : undefined;
    return refuse(reEnabling ? "schedule_ended_on_re_enable" : "schedule_ended_on_update");
  }
  if (after.target_type === "slack" && !isSet((after as unknown as Fields).integration_id)) return refuse("slack_integration_required");
  return undefined;
}
