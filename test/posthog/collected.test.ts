// The checks a case makes on what its steps collected (support/collected.ts): each holds on the
// lists a faithful walk over pages gives, and fails on a skip, a repeat or a count that differs.
import { describe, expect, it } from "vitest";
import type { CollectedCheck } from "./support/cases.js";
import { collectedFailure, collectedFrom } from "./support/collected.js";

const page = {
  count: 4,
  results: [
    { short_id: "synthetic-a", is_synthetic: true },
    { short_id: "p1", is_synthetic: false },
  ],
};
const check = (of: string[], name: CollectedCheck["check"], value: unknown): CollectedCheck => ({ of, check: name, value });

describe("values collected across steps", () => {
  it("takes the field of the items whose fields match, and none from a body without the list", () => {
    expect(collectedFrom(page, { from: "results", field: "short_id", where: { is_synthetic: false } })).toEqual(["p1"]);
    expect(collectedFrom(page, { from: "results", field: "short_id", where: {} })).toEqual(["synthetic-a", "p1"]);
    expect(collectedFrom({ detail: "Not found." }, { from: "results", field: "short_id", where: {} })).toEqual([]);
  });

  it("holds each check on a faithful walk and fails it on a repeat, a skip or a count that differs", () => {
    const walked = new Map<string, unknown[]>([
      ["db", ["p1", "p2", "p3"]],
      ["synthetic", ["synthetic-a", "synthetic-a"]],
    ]);
    expect(collectedFailure(walked, check(["db"], "length", 3))).toBeUndefined();
    expect(collectedFailure(walked, check(["db"], "unique", true))).toBeUndefined();
    expect(collectedFailure(walked, check(["db"], "same_set", ["p3", "p1", "p2"]))).toBeUndefined();
    expect(collectedFailure(walked, check(["db", "synthetic"], "distinct", 4))).toBeUndefined();
    expect(collectedFailure(walked, check(["synthetic"], "distinct_at_least", 1))).toBeUndefined();

    const repeated = new Map<string, unknown[]>([["db", ["p1", "p2", "p2"]]]);
    expect(collectedFailure(repeated, check(["db"], "unique", true))?.mock).toMatch(/1 repeated/);
    expect(collectedFailure(repeated, check(["db"], "same_set", ["p1", "p2", "p3"]))).toBeDefined();
    expect(collectedFailure(walked, check(["synthetic"], "unique", true))).toBeDefined();
    expect(collectedFailure(walked, check(["db"], "length", 4))).toBeDefined();
    expect(collectedFailure(walked, check(["db", "synthetic"], "distinct", 5))).toBeDefined();
    expect(collectedFailure(new Map(), check(["synthetic"], "distinct_at_least", 1))).toBeDefined();
  });
});
