// What an agent reads back, on a listing paged by cursor (a subscription's deliveries): PostHog's
// cut fields gone, the field selector keeping nested fields where they were, and a page cut to the
// budget going on within the page, then after it, with no item given twice or left out.
import { describe, expect, it } from "vitest";
import { answerOf } from "../../src/mcp/answers.js";
import { requestOf } from "../../src/mcp/arguments.js";
import { toolsOf } from "../../src/mcp/tools.js";

const deliveries = toolsOf("live").find((tool) => tool.name === "subscriptions-deliveries-list")!;
const page = (from: number, next: string | null) => ({
  next,
  previous: null,
  results: Array.from({ length: 5 }, (_, index) => ({
    id: `d${from + index}`,
    status: "completed",
    recipient_results: [{ email: "someone@example.com" }],
    ai_report: "x".repeat(300),
    timing: { created_at: "2026-11-01T00:00:00Z", finished_at: null },
  })),
});

describe("a tool's answer", () => {
  it("cuts PostHog's fields and keeps only the selected ones, nested ones where they were", () => {
    const parts = requestOf(deliveries, { subscription_id: 1, fields: ["id", "timing.created_at", "recipient_results"] });
    const answer = answerOf(deliveries, page(0, null), parts, 20_000) as { results: unknown[]; cursor?: string };
    expect(answer.results[0]).toEqual({ id: "d0", timing: { created_at: "2026-11-01T00:00:00Z" } });
    expect(answer.cursor).toBeUndefined();
  });

  it("cuts a page to the budget and goes on within it, then after it, each item once", () => {
    const seen: string[] = [];
    let parts = requestOf(deliveries, { subscription_id: 1, fields: ["id", "ai_report"] });
    // Nothing is cut here but the deliveries' ai_report, which PostHog's server cuts from the listing.
    const whole = answerOf(deliveries, page(0, null), parts, 20_000) as { results: Record<string, unknown>[] };
    expect(whole.results[0]).toEqual({ id: "d0" });
    parts = requestOf(deliveries, { subscription_id: 1 });
    const first = answerOf(deliveries, page(0, "https://us.posthog.com/x/?cursor=abc"), parts, 200) as {
      results: { id: string }[];
      cursor: string;
      more: string;
    };
    expect(first.results.length).toBeLessThan(5);
    expect(first.more).toMatch(/^cut to the answer budget/);
    seen.push(...first.results.map((item) => item.id));
    let next = requestOf(deliveries, { subscription_id: 1, cursor: first.cursor });
    expect(next.query.cursor).toBeUndefined();
    while (seen.length < 5) {
      const more = answerOf(deliveries, page(0, "https://us.posthog.com/x/?cursor=abc"), next, 200) as { results: { id: string }[]; cursor: string };
      seen.push(...more.results.map((item) => item.id));
      next = requestOf(deliveries, { subscription_id: 1, cursor: more.cursor });
    }
    expect(seen).toEqual(["d0", "d1", "d2", "d3", "d4"]);
    // The page given whole: the cursor goes to the listing's next page.
    expect(next.query.cursor).toBe("abc");
    expect(next.position.skip).toBeUndefined();
  });

  it("refuses a cursor this server did not give, naming it", () => {
    expect(() => requestOf(deliveries, { subscription_id: 1, cursor: "not-ours" })).toThrow(/the argument cursor is not one this server gave/);
  });
});
