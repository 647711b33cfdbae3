// The insights and dashboards the state holds for its subscriptions (issue 46): the seeded story
// names them, a snapshot without them (one made before) still loads, a bad one is refused naming
// the field, and the live profile answers and checks subscriptions by them.
import { describe, expect, it } from "vitest";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock } from "../../src/mock/live.js";
import { MockStateError } from "../../src/mock/state/snapshot.js";

const auth = { headers: { Authorization: "Bearer phx_live", "Content-Type": "application/json" } };
const subscriptions = "http://mock.local/api/environments/28417/subscriptions/";

describe("the state's insights and dashboards", () => {
  it("are seeded for every insight and dashboard a seeded subscription names, tiles included", () => {
    const state = createSeedMock().snapshot();
    for (const project of Object.values(state.projects)) {
      const insights = new Set(project.insights!.map((i) => i.id));
      const dashboards = new Map(project.dashboards!.map((d) => [d.id, d]));
      for (const s of project.subscriptions) {
        if (s.insight != null) expect(insights.has(s.insight), `insight ${s.insight}`).toBe(true);
        if (s.dashboard != null)
          expect(
            dashboards.get(s.dashboard)?.tiles.every((id) => insights.has(id)),
            `dashboard ${s.dashboard}`,
          ).toBe(true);
      }
    }
  });

  it("are optional in a snapshot, so one made before them loads", () => {
    const state = createSeedMock().snapshot();
    for (const project of Object.values(state.projects)) {
      delete project.insights;
      delete project.dashboards;
    }
    expect(() => createSeedMock({ snapshot: state })).not.toThrow();
  });

  it("refuses a dashboard whose tiles name no insight of the project, naming the field", () => {
    const state = createSeedMock().snapshot();
    state.projects["28417"]!.dashboards![0]!.tiles = [987654];
    expect(() => createSeedMock({ snapshot: state })).toThrow(MockStateError);
    expect(() => createSeedMock({ snapshot: state })).toThrow(/snapshot\.projects\.28417\.dashboards\[0\]\.tiles holds 987654/);
    state.projects["28417"]!.insights = [{ id: 1, short_id: "", name: null }];
    expect(() => createSeedMock({ snapshot: state })).toThrow(/insights\[0\]\.short_id must be a non-empty string/);
  });

  it("answer a live subscription's insight short id and name, and check a dashboard's chosen insights against its tiles", async () => {
    const mock = createMock();
    const project = mock.snapshot().projects["28417"]!;
    const dashboard = project.dashboards![0]!;
    const post = (body: object) => mock.fetch(subscriptions, { ...auth, method: "POST", body: JSON.stringify(body) });
    const base = { target_type: "email", target_value: "a@example.com", frequency: "daily", interval: 1, start_date: "2026-01-01T00:00:00" };

    const forInsight = await post({ ...base, insight: dashboard.tiles[0] });
    const insight = project.insights!.find((i) => i.id === dashboard.tiles[0])!;
    expect(await forInsight.json()).toMatchObject({
      resource_type: "insight",
      insight_short_id: insight.short_id,
      resource_name: insight.name,
      start_date: "2026-01-01T00:00:00Z",
    });

    const chosen = await post({ ...base, dashboard: dashboard.id, dashboard_export_insights: [dashboard.tiles[1]] });
    expect(chosen.status).toBe(201);
    expect(await chosen.json()).toMatchObject({ resource_type: "dashboard", resource_name: dashboard.name, dashboard_export_insights: [dashboard.tiles[1]] });

    const offTiles = await post({
      ...base,
      dashboard: dashboard.id,
      dashboard_export_insights: [dashboard.tiles[0], project.insights!.find((i) => !dashboard.tiles.includes(i.id))!.id],
    });
    expect(await offTiles.json()).toMatchObject({ attr: "dashboard_export_insights", detail: "1 invalid insight(s) selected." });
  });
});
