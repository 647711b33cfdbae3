// The live profile answers as PostHog's source of November 2026 does (openapi/overlays/live.yaml
// cites each fact): its synthetic playlists, the listing's limit read as the default when it is
// not a positive integer, the subscription rules, and the statuses the source answers. Every
// answer is also checked against the live description by the engine, which throws on one that
// breaks it.
import { describe, expect, it } from "vitest";
import { createClient as createLiveClient } from "../../src/live.js";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock } from "../../src/mock/live.js";

const baseUrl = "http://mock.local";
const path = { project_id: "28417" };
const playlists = `${baseUrl}/api/environments/28417/session_recording_playlists/`;
const subscription = { target_type: "email", target_value: "a@example.com", frequency: "daily", interval: 1, start_date: "2026-01-01T00:00:00Z" } as const;

function liveMock() {
  const mock = createMock({ now: () => new Date("2026-11-25T12:00:00Z") });
  const api = createLiveClient({ baseUrl, apiKey: "phx_live", fetch: mock.fetch, maxRetries: 0 });
  const get = async (url: string) => {
    const response = await mock.fetch(url, { headers: { Authorization: "Bearer phx_live" } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { mock, api, get };
}

const shortIds = (page: Record<string, unknown>) => (page.results as { short_id: string }[]).map((p) => p.short_id);

describe("the live profile's synthetic playlists", () => {
  it("lists the six synthetic playlists first, counted, with negative ids, null dates and is_synthetic", async () => {
    const { get } = liveMock();
    const seedCount = (
      await createSeedMock()
        .fetch(playlists, { headers: { Authorization: "Bearer phx_seed" } })
        .then((r) => r.json())
    ).count as number;
    const { status, body } = await get(`${playlists}?limit=100`);
    expect(status).toBe(200);
    expect(body.count).toBe(seedCount + 6);
    const first = (body.results as Record<string, unknown>[]).slice(0, 6);
    expect(first.map((p) => p.id)).toEqual([-1, -2, -3, -4, -6, -7]);
    expect(first[0]).toMatchObject({
      short_id: "synthetic-watch-history",
      name: "Watch history",
      created_at: null,
      created_by: null,
      last_modified_at: null,
      is_synthetic: true,
      filters: {},
    });
  });

  it("finds one by its short_id, and refuses to change it in the source's words", async () => {
    const { api } = liveMock();
    const found = await api.GET("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: { ...path, short_id: "synthetic-commented" } },
    });
    expect(found.data).toMatchObject({ id: -2, name: "Recordings with comments" });
    const refused = await api.PATCH("/api/environments/{project_id}/session_recording_playlists/{short_id}/", {
      params: { path: { ...path, short_id: "synthetic-commented" } },
      body: { name: "mine" },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ detail: "Cannot update synthetic playlists", attr: null });
  });

  it("leaves them out for a creator, pinned, filters or custom query, and keeps only them for synthetic", async () => {
    const { get } = liveMock();
    for (const query of ["user=true", "pinned=true", "type=filters", "collection_type=custom"]) {
      const { body } = await get(`${playlists}?${query}`);
      expect(
        shortIds(body).filter((id) => id.startsWith("synthetic-")),
        query,
      ).toEqual([]);
    }
    const only = await get(`${playlists}?collection_type=synthetic`);
    expect(only.body.count).toBe(6);
    expect(shortIds(only.body).every((id) => id.startsWith("synthetic-"))).toBe(true);
    const searched = await get(`${playlists}?search=expire`);
    expect(shortIds(searched.body)).toContain("synthetic-expiring");
  });

  it("puts them last when the order ascends, and ignores short_id as the source does", async () => {
    const { get } = liveMock();
    const { body } = await get(`${playlists}?order=created_at&limit=500`);
    expect(shortIds(body).slice(-6)).toEqual([
      "synthetic-watch-history",
      "synthetic-commented",
      "synthetic-shared",
      "synthetic-exported",
      "synthetic-expiring",
      "synthetic-frustrated",
    ]);
    const ignored = await get(`${playlists}?short_id=Ub3KpD7w`);
    expect(ignored.body.count).toBe(body.count);
  });
});

describe("the live profile's listing limit", () => {
  it.each(["0", "-5", "abc", "1.5"])("reads limit=%s as the default page, so next moves on", async (limit) => {
    const { get } = liveMock();
    const { status, body } = await get(`${playlists}?limit=${limit}`);
    expect(status).toBe(200);
    expect((body.results as unknown[]).length).toBeGreaterThan(0);
    if (body.next !== null) expect(new URL(String(body.next)).searchParams.get("offset")).not.toBe("0");
  });

  it("reads a negative or unreadable offset as 0", async () => {
    const { get } = liveMock();
    for (const offset of ["-1", "x"]) {
      const { status, body } = await get(`${playlists}?offset=${offset}`);
      expect(status).toBe(200);
      expect(body.previous).toBeNull();
    }
  });

  it("follows next from any limit to the end without repeating a page", async () => {
    const { get } = liveMock();
    for (const limit of ["0", "-5", "2"]) {
      let url: string | null = `${playlists}?limit=${limit}`;
      const seen = new Set<string>();
      let pages = 0;
      while (url && pages < 50) {
        const { body } = await get(url);
        for (const id of shortIds(body)) {
          expect(seen.has(id), `${limit}: ${id} twice`).toBe(false);
          seen.add(id);
        }
        url = body.next as string | null;
        pages++;
      }
      expect(url, `limit=${limit} never ended`).toBeNull();
    }
  });
});

describe("the live profile's subscription rules", () => {
  it("refuses a webhook target on a write, answers and never re-enables one kept from before, and requires interval on create", async () => {
    const { api } = liveMock();
    const refused = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: { ...subscription, insight: 1, target_type: "webhook", target_value: "https://example.com/hook" } as never,
    });
    expect(refused.error).toMatchObject({ attr: "target_type", code: "invalid_choice" });
    // A row written before the module dropped webhook keeps it: the state holds one (the seed profile writes it).
    const seed = createSeedMock({ now: () => new Date("2026-11-25T12:00:00Z") });
    const made = await seed.fetch(`${baseUrl}/api/environments/28417/subscriptions/`, {
      method: "POST",
      headers: { Authorization: "Bearer phx_seed", "Content-Type": "application/json" },
      body: JSON.stringify({ ...subscription, insight: 1, target_type: "webhook", target_value: "https://example.com/hook" }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: number }).id;
    const kept = createMock({ snapshot: seed.snapshot(), now: () => new Date("2026-11-25T12:00:00Z") });
    const keptApi = createLiveClient({ baseUrl, apiKey: "phx_live", fetch: kept.fetch, maxRetries: 0 });
    const paused = await keptApi.PATCH("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...path, id } }, body: { enabled: false } });
    expect(paused.data?.target_type).toBe("webhook");
    const reEnabled = await keptApi.PATCH("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...path, id } }, body: { enabled: true } });
    expect(reEnabled.error).toMatchObject({ attr: "enabled", detail: expect.stringContaining("this delivery channel is not currently supported") });
    const unknown = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: { ...subscription, insight: 1, target_type: "teams" } as never,
    });
    expect(unknown.error).toMatchObject({ attr: "target_type" });
    const { interval: _, ...withoutInterval } = subscription;
    const untimed = await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path }, body: { ...withoutInterval, insight: 1 } as never });
    expect(untimed.error).toMatchObject({ attr: "interval", code: "required" });
  });

  it("takes, stores and answers the newer module's contexts, proactive and AI report settings, with their defaults", async () => {
    const { api } = liveMock();
    const listed = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path, query: { resource_type: "insight" } } });
    const insight = listed.data!.results[0]!.insight!;
    const plain = await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path }, body: { ...subscription, insight: 1 } });
    expect(plain.data).toMatchObject({
      contexts: [],
      ai_prompt_config: {},
      proactive_config: {
        enabled: false,
        repository: null,
        repository_integration_id: null,
        create_draft_pr: false,
        public_research_subject_id: null,
        repository_grant_id: null,
      },
    });
    expect(plain.data).not.toHaveProperty("send_test_now");
    const report = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: {
        ...subscription,
        prompt: "Weekly signups",
        send_test_now: false,
        contexts: [{ insight_id: insight }, { dashboard_id: 999_999 }],
        proactive_config: { enabled: true },
        ai_prompt_config: { window: { mode: "last_n_days", start_days_ago: 7 } },
      },
    });
    expect(report.response.status).toBe(201);
    // A context the state does not hold (a deleted dashboard) is left out; a named one carries its name.
    expect(report.data!.contexts).toEqual([
      { insight_id: insight, insight_short_id: listed.data!.results[0]!.insight_short_id, insight_name: expect.any(String) },
    ]);
    expect(report.data!.proactive_config).toMatchObject({ enabled: true, create_draft_pr: false, repository_grant_id: null });
    expect(report.data!.ai_prompt_config).toEqual({ window: { mode: "last_n_days", start_days_ago: 7 } });
    const kept = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...path, id: report.data!.id } },
      body: { title: "Signups" },
    });
    expect(kept.data!.contexts).toEqual(report.data!.contexts);
    const cleared = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...path, id: report.data!.id } },
      body: { contexts: [] },
    });
    expect(cleared.data!.contexts).toEqual([]);
    const tooMany = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...path, id: report.data!.id } },
      body: { contexts: [{ insight_id: 1 }, { insight_id: 2 }, { insight_id: 3 }, { insight_id: 4 }] },
    });
    expect(tooMany.error).toMatchObject({ attr: "contexts" });
    const unknownKey = await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", {
      params: { path: { ...path, id: report.data!.id } },
      body: { proactive_config: { enabled: true, made_up: 1 } as never },
    });
    expect(unknownKey.error?.attr).toMatch(/^proactive_config/);
  });

  it("creates an AI report subscription from a prompt alone", async () => {
    const { api } = liveMock();
    const created = await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path }, body: { ...subscription, prompt: "Weekly signups" } });
    expect(created.response.status).toBe(201);
    const listed = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path, query: { resource_type: "ai_prompt" } } });
    expect(listed.data?.results.map((s) => s.id)).toEqual([created.data?.id]);
  });

  it("refuses a schedule with no delivery left, on start_date, in the source's words", async () => {
    const { api } = liveMock();
    const spent = await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: { ...subscription, insight: 1, until_date: "2026-02-01T00:00:00Z" },
    });
    expect(spent.response.status).toBe(400);
    expect(spent.error).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "Subscription schedule has reached its end date. Extend until_date or remove count.",
      attr: "start_date",
    });
  });

  it("answers a soft-deleted subscription to GET, and leaves it out of the listing", async () => {
    const { api } = liveMock();
    const created = await api.POST("/api/environments/{project_id}/subscriptions/", { params: { path }, body: { ...subscription, insight: 1 } });
    const id = created.data!.id;
    await api.PATCH("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...path, id } }, body: { deleted: true } });
    const read = await api.GET("/api/environments/{project_id}/subscriptions/{id}/", { params: { path: { ...path, id } } });
    expect(read.response.status).toBe(200);
    expect(read.data?.deleted).toBe(true);
    const listed = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path } });
    expect(listed.data?.results.map((s) => s.id)).not.toContain(id);
  });

  it("searches titles, not target values", async () => {
    const { api } = liveMock();
    await api.POST("/api/environments/{project_id}/subscriptions/", {
      params: { path },
      body: { ...subscription, insight: 1, title: "Quarterly", target_value: "zz-unique@example.com" },
    });
    const byTarget = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path, query: { search: "zz-unique" } } });
    expect(byTarget.data?.count).toBe(0);
    const byTitle = await api.GET("/api/environments/{project_id}/subscriptions/", { params: { path, query: { search: "quarterly" } } });
    expect(byTitle.data?.count).toBe(1);
  });
});

describe("the live profile's statuses", () => {
  it("deletes an unknown recording and shows its sharing, as get_or_build does, with no 404", async () => {
    const { api } = liveMock();
    const unknown = "0193ffff-0000-7000-8000-000000000000";
    const deleted = await api.DELETE("/api/environments/{project_id}/session_recordings/{id}/", { params: { path: { ...path, id: unknown } } });
    expect(deleted.response.status).toBe(204);
    const sharing = await api.GET("/api/environments/{project_id}/session_recordings/{recording_id}/sharing/", {
      params: { path: { ...path, recording_id: unknown } },
    });
    expect(sharing.response.status).toBe(200);
    expect(sharing.data).toMatchObject({ enabled: false });
  });

  it("takes hide_viewed_recordings as the source's enum and refuses a boolean", async () => {
    const { get } = liveMock();
    const recordings = `${baseUrl}/api/environments/28417/session_recordings/`;
    expect((await get(`${recordings}?hide_viewed_recordings=current-user`)).status).toBe(200);
    const refused = await get(`${recordings}?hide_viewed_recordings=true`);
    expect(refused.status).toBe(400);
    // pydantic's errors() as JSON text, ctx and url included, and no attr (live-source-2026-11.test.ts has the rest).
    expect(refused.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail:
        '[{"type": "enum", "loc": ["hide_viewed_recordings"], "msg": "Input should be \'current-user\' or \'any-user\'", "input": true, "ctx": {"expected": "\'current-user\' or \'any-user\'"}, "url": "https://errors.pydantic.dev/2.12/v/enum"}]',
      attr: null,
    });
  });
});
