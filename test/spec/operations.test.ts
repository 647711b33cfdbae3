import { describe, expect, it } from "vitest";
import { deref, findOperation, flatten, operations, parametersOf, type Schema, spec } from "../support/spec.js";
import { liveOperations, seedOperations } from "./seed.js";

const errorBodyRef = "#/components/schemas/ErrorBody";
/** Fields the spec adds to a seed body, each recorded in openapi/DECISIONS.md. */
const documentedBodyExtras: Record<string, string[]> = { PlaylistInput: ["type"] };

describe("operations in the bundled spec", () => {
  it("has exactly the seed's operations and the ones the live service fills, each once", () => {
    const inSpec = operations.map((e) => `${e.method} ${e.path}`).sort();
    const expected = [...seedOperations, ...liveOperations].map((o) => `${o.method} ${o.path}`).sort();
    expect(new Set(expected).size, "an operation listed twice in seed.ts").toBe(expected.length);
    expect(inSpec).toEqual(expected);
  });

  it("gives every operation a unique camelCase verb-first operationId, one defined tag, a summary and a description", () => {
    const ids = operations.map((e) => e.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(spec.tags.map((t: { name: string }) => t.name));
    for (const { operation } of operations) {
      expect(operation.operationId).toMatch(/^(list|get|create|update|delete|add|remove|generate)[A-Z][A-Za-z]+$/);
      expect(operation.tags).toHaveLength(1);
      expect(tags.has(operation.tags[0])).toBe(true);
      expect(operation.summary?.length).toBeGreaterThan(0);
      expect(operation.description?.length).toBeGreaterThan(0);
    }
  });

  describe.each([...seedOperations, ...liveOperations])("$method $path", (seed) => {
    const entry = findOperation(seed.method, seed.path);
    const { operation } = entry;
    const responses: Record<string, Schema> = operation.responses;

    it(`answers ${seed.status} on success and no other 2XX`, () => {
      expect(Object.keys(responses)).toContain(String(seed.status));
      const successes = Object.keys(responses).filter((code) => code.startsWith("2"));
      expect(successes).toEqual(seed.status === 405 ? [] : [String(seed.status)]);
    });

    it(seed.response ? `returns ${seed.response}` : "declares no success body", () => {
      const success = deref(responses[String(seed.status)]);
      if (seed.response) {
        expect(success.content?.["application/json"]?.schema?.$ref).toBe(`#/components/schemas/${seed.response}`);
      } else {
        expect(success.content).toBeUndefined();
      }
    });

    it(`requires ${seed.scope ?? "no scope"} of the bearer scheme`, () => {
      expect(operation.security).toEqual([{ PersonalAPIKey: seed.scope ? [seed.scope] : [] }]);
    });

    it("declares every path parameter as a required string, the recording {id} as a UUID, the subscription {id} as an integer", () => {
      const inTemplate = [...seed.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = parametersOf(entry).filter((p) => p.in === "path");
      expect(pathParams.map((p) => p.name).sort()).toEqual([...inTemplate].sort());
      for (const param of pathParams) {
        expect(param.required).toBe(true);
        if (param.name === "id" && seed.idType) {
          expect(param.schema).toMatchObject({ type: seed.idType, minimum: 1 });
          continue;
        }
        expect(param.schema.type).toBe("string");
        if (param.name === "id") expect(param.schema.format).toBe("uuid");
      }
    });

    it(`takes the query parameters ${JSON.stringify(seed.query ?? [])} and the live filters ${JSON.stringify(seed.liveQuery ?? [])}, all optional but a lookup's key`, () => {
      const query = parametersOf(entry).filter((p) => p.in === "query");
      expect(query.map((p) => p.name).sort()).toEqual([...(seed.query ?? []), ...(seed.liveQuery ?? [])].sort());
      for (const param of query) expect(param.required ?? false, param.name).toBe(param.name === "key");
      for (const param of query) {
        if (param.name === "limit") expect(param.schema).toMatchObject({ type: "integer", minimum: 1 });
        if (param.name === "offset") expect(param.schema).toMatchObject({ type: "integer", minimum: 0 });
      }
    });

    it(seed.body ? "takes a JSON body with the seed's fields and no read-only field" : "takes no body", () => {
      if (!seed.body) {
        expect(operation.requestBody).toBeUndefined();
        return;
      }
      const media = deref(operation.requestBody).content["application/json"];
      const schemaName = media.schema.$ref.split("/").pop();
      const { properties, required } = flatten(media.schema);
      const extras = documentedBodyExtras[schemaName] ?? [];
      expect(Object.keys(properties).sort()).toEqual([...seed.body, ...extras].sort());
      const readOnly = JSON.stringify(media.schema, (key, value) => (key === "$ref" ? deref({ $ref: value }) : value));
      expect(readOnly).not.toContain('"readOnly":true');
      if (seed.method === "patch") expect([...required]).toEqual([]);
    });

    it("documents the error responses that can happen, with the shared error body", () => {
      const expected = ["401", "403", "429"];
      // The refused DELETEs answer 405 without looking anything up, so never 404 (live).
      if (seed.path.startsWith("/api/environments/") && seed.status !== 405) expected.push("404");
      if (seed.body || seed.query?.some((name) => name !== "search")) expected.push("400");
      for (const code of expected) {
        expect(Object.keys(responses), `missing ${code}`).toContain(code);
        expect(deref(responses[code]).content["application/json"].schema.$ref).toBe(errorBodyRef);
      }
      expect(deref(responses["429"]).headers["Retry-After"]).toBeDefined();
      expect(deref(deref(responses["429"]).headers["Retry-After"]).required ?? false).toBe(false);
      if (seed.status === 405) {
        expect(Object.keys(responses)).not.toContain("404");
        expect(deref(responses["405"]).content).toBeUndefined();
      }
    });
  });

  it("marks the AI helpers as in development in their summary, a badge and their tag", () => {
    const ai = operations.filter((e) => e.path.includes("/ai/"));
    expect(ai).toHaveLength(2);
    for (const { operation } of ai) {
      expect(operation.summary).toMatch(/^\[In development\]/);
      expect(operation["x-badges"]).toEqual([{ name: "In development", color: "orange" }]);
      expect(operation.tags).toEqual(["AI helpers"]);
    }
    expect(spec.tags.find((t: { name: string }) => t.name === "AI helpers").description).toMatch(/In development/);
  });

  it("declares one HTTP bearer scheme and a base_url server variable", () => {
    expect(spec.components.securitySchemes).toEqual({
      PersonalAPIKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    expect(spec.servers[0].url).toBe("{base_url}");
    expect(spec.servers[0].variables.base_url.default).toBe("https://us.posthog.com");
  });
});
