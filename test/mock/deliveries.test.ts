// A subscription's deliveries in the live mock (issue 46): a test delivery is recorded and
// listed, its change replays onto a state made before deliveries were a part of it (as the
// --persist journal replays it), and an anchored snapshot moves their dates with the rest.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/live.js";
import { applyChange, type StateChange } from "../../src/mock/state/changes.js";

const auth = { headers: { Authorization: "Bearer phx_live" } };
const base = "http://mock.local/api/environments/28417/subscriptions/";

describe("a subscription's deliveries", () => {
  it("records a test delivery, lists it newest first, and its change replays onto a state without deliveries", async () => {
    const changes: StateChange[] = [];
    const mock = createMock({ onChange: (change) => changes.push(change) });
    const before = mock.snapshot();
    for (const project of Object.values(before.projects)) delete project.deliveries;
    // The story's first subscription, which has one delivery already, a day old.
    const id = before.projects["28417"]!.subscriptions[0]!.id;

    expect((await mock.fetch(`${base}${id}/test-delivery/`, { ...auth, method: "POST" })).status).toBe(202);
    expect((await mock.fetch(`${base}${id}/test-delivery/`, { ...auth, method: "POST" })).status).toBe(202);
    const page = (await (await mock.fetch(`${base}${id}/deliveries/`, auth)).json()) as { results: { id: string; trigger_type: string }[]; next: unknown };
    expect(page.results.map((d) => d.trigger_type)).toEqual(["manual", "manual", "scheduled"]);
    expect(page.next).toBeNull();
    const one = await mock.fetch(`${base}${id}/deliveries/${page.results[0]!.id}/`, auth);
    expect(await one.json()).toMatchObject({ id: page.results[0]!.id, subscription: id, status: "starting" });

    for (const change of changes) applyChange(before, change);
    expect(before.projects["28417"]!.deliveries!.map((d) => d.id).reverse()).toEqual(page.results.slice(0, 2).map((d) => d.id));
  });

  it("moves the deliveries' dates with an anchored snapshot's", () => {
    const state = createMock().snapshot();
    const project = state.projects["28417"]!;
    project.deliveries = [
      {
        ...{
          temporal_workflow_id: "wf",
          idempotency_key: "k",
          trigger_type: "scheduled",
          scheduled_at: null,
          target_type: "email",
          target_value: "a@example.com",
        },
        ...{ exported_asset_ids: [], content_snapshot: {}, recipient_results: [], status: "completed", error: null, change_summary: null },
        ...{ ai_report: null, ai_report_diagnostics: null, ai_report_prompt: null, finished_at: "2026-01-01T00:05:00.000Z" },
        id: "0190a6f2-0000-7000-8000-000000000001",
        subscription: project.subscriptions[0]!.id,
        created_at: "2026-01-01T00:00:00.000Z",
        last_updated_at: "2026-01-01T00:05:00.000Z",
      },
    ];
    state.anchor = "2026-01-02T00:00:00.000Z";
    const moved = createMock({ snapshot: state, now: () => new Date("2026-01-03T00:00:00.000Z") }).snapshot().projects["28417"]!.deliveries![0]!;
    expect([moved.created_at, moved.finished_at]).toEqual(["2026-01-02T00:00:00.000Z", "2026-01-02T00:05:00.000Z"]);
  });
});
