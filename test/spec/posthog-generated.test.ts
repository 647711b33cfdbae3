// The live description against the one PostHog's own build writes (its orval-generated TypeScript,
// kept as data in openapi/posthog-generated/facts.yaml): every difference, both ways, is either gone
// or listed in openapi/posthog-generated/differences.yaml with the DECISIONS.md line that says which
// source wins. A difference not listed fails, and so does a listed one that is gone.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { deref as derefIn, operationsOf, propertiesOf } from "../../scripts/lib/spec.mjs";
import { differencesBetween, type Facts, type OursReader, type SchemaFacts } from "../support/generated-facts.js";

const read = (path: string) => readFileSync(new URL(`../../openapi/${path}`, import.meta.url), "utf8");
const facts = parse(read("posthog-generated/facts.yaml")) as Facts;
type Listed = { where: string; kind: string; items: string[]; decision: string };
const listed = parse(read("posthog-generated/differences.yaml")) as Listed[];
const decisions = read("DECISIONS.md");
const live = parse(readFileSync(liveBundlePath, "utf8"));

/** The live description, read through the same lens as the facts. */
const ours: OursReader = {
  schema: (name) => {
    const schema = live.components?.schemas?.[name];
    if (!schema) return undefined;
    const { properties = {}, required } = propertiesOf(live, schema);
    return { properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, derefIn(live, v)])), required: [...required] };
  },
  deref: (node) => derefIn(live, node),
  operations: () =>
    operationsOf(live).map(({ path, method, operation, parameters }) => ({
      method: method.toUpperCase(),
      path,
      query: parameters.filter((p) => p.in === "query").map((p) => ({ name: String(p.name), schema: p.schema })),
      body: operation.requestBody ? (derefIn(live, operation.requestBody).content?.["application/json"]?.schema ?? null) : null,
    })),
};

const expand = (entries: Listed[]) => entries.flatMap((entry) => entry.items.map((item) => `${entry.where} · ${entry.kind} · ${item}`));

describe("the live description against PostHog's generated schemas", () => {
  const found = differencesBetween(facts, ours);

  it("lists every difference, and no difference that is gone", () => {
    const expected = expand(listed);
    expect(new Set(expected).size, "a difference listed twice").toBe(expected.length);
    const unlisted = found.filter((key) => !expected.includes(key));
    const gone = expected.filter((key) => !found.includes(key));
    expect({ unlisted, gone }).toEqual({ unlisted: [], gone: [] });
  });

  it("names, for each listed difference, a DECISIONS.md line that exists", () => {
    const titles = new Set([...decisions.matchAll(/^- \*\*(.+?):\*\* /gm)].map((m) => m[1]));
    const missing = listed.filter((entry) => !titles.has(entry.decision)).map((entry) => `${entry.where} · ${entry.kind}: ${entry.decision}`);
    expect(missing).toEqual([]);
  });

  it("compares every schema it pairs and every operation PostHog's clients call", () => {
    for (const [key, schema] of Object.entries(facts.schemas)) {
      if (schema.ours) expect(ours.schema(schema.ours), `${key}: no ${schema.ours} in the live description`).toBeDefined();
    }
    expect(Object.keys(facts.schemas).length).toBeGreaterThanOrEqual(13);
    expect(facts.operations.length).toBeGreaterThanOrEqual(25);
  });

  it("finds a difference in each direction when one is made", () => {
    const copy = structuredClone(facts);
    const subscription = copy.schemas.Subscription as SchemaFacts;
    subscription.fields.push("made_up");
    subscription.required.push("made_up", "prompt");
    subscription.enums.target_type = ["email"];
    const write = copy.schemas.SubscriptionWrite as SchemaFacts;
    write.nullable.push("target_value");
    copy.operations[0]!.query.made_up = [];
    const more = differencesBetween(copy, ours).filter((key) => !found.includes(key));
    expect(more.sort()).toEqual(
      [
        "Subscription · field only in PostHog's · made_up",
        "Subscription · required only in PostHog's · prompt",
        "Subscription · value only in ours · target_type: slack",
        "SubscriptionWrite · nullable only in PostHog's · target_value",
        "GET /subscriptions/ · query only in PostHog's · made_up",
      ].sort(),
    );
  });
});
