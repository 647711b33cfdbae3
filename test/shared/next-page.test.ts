import { describe, expect, it } from "vitest";
import { nextPage } from "../../src/shared/next-page.js";

const link = (body: Parameters<typeof nextPage>[0]) => nextPage(body)?.link?.toString();

describe("nextPage", () => {
  it("reads the envelope's next link for its position only", () => {
    expect(link({ results: [1], next: "https://elsewhere.example/api/x/?offset=20&limit=10" })).toBe("offset=20&limit=10");
    expect(link({ results: [1], next: "/api/x/?offset=20" })).toBe("offset=20");
  });

  it("continues after the results on has_next, with no link", () => {
    expect(nextPage({ results: [1], has_next: true })).toEqual({});
  });

  it("ends on no items, a next that is no link, or has_next not true", () => {
    for (const body of [
      { results: [], next: "/api/x/?offset=20" },
      { results: [], has_next: true },
      { results: [1], next: null },
      { results: [1], next: null, has_next: true },
      { results: [1], has_next: false },
      { results: [1], has_next: "true" },
      { results: [1] },
    ])
      expect(nextPage(body), JSON.stringify(body)).toBeUndefined();
  });
});
