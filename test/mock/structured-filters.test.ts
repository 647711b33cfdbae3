// The structured filters (query parameters holding JSON documents) of every listing, read from
// the description: each item schema states its shape, and the mock answers 400 naming the
// parameter for every document that shape refuses, and 200 with a valid page for every one it
// takes, never a 500. What is valid is decided by the tests' own ajv over the description, not
// by the mock's compiled validators.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { errorsOf, validatorFor } from "../support/schema-validator.js";
import { deref, operations, type Schema } from "../support/spec.js";
import { project, send } from "./support.js";

const structured = operations.flatMap((entry) =>
  entry.parameters
    .filter((p) => p.in === "query" && deref(p.schema).contentMediaType === "application/json")
    .map((parameter) => ({ entry, parameter, document: deref(deref(parameter.schema).contentSchema) })),
);

const mock = createMock();

async function ask(path: string, name: string, document: string) {
  const url = `${path.replace("{project_id}", project.project_id)}?${name}=${encodeURIComponent(document)}`;
  const response = await send(mock, url);
  return { status: response.status, body: await response.json() };
}

describe("the structured filters", () => {
  it("are the ones the issue names, and more: every JSON query parameter of the description", () => {
    const names = structured.map(({ parameter }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(["events", "actions", "properties", "console_log_filters"]));
  });

  it.each(structured.map((s) => [`${s.entry.operation.operationId} ${s.parameter.name}`, s]))(
    "%s: its items' schema states their shape (the fields an object item requires, and their types)",
    (_, { document }) => {
      expect(document.type).toBe("array");
      const items = deref(document.items);
      expect(items.type, "items have a type").toBeDefined();
      if (items.type !== "object") return;
      expect(items.required?.length, "an object item requires its fields").toBeGreaterThan(0);
      const constrains = (schema: Schema) => ["type", "oneOf", "anyOf", "enum", "const"].some((keyword) => keyword in schema);
      for (const name of items.required) expect(constrains(deref(items.properties[name])), `${name} has a type`).toBe(true);
    },
  );
});

describe.each(structured.map((s) => [`${s.entry.operation.operationId} ${s.parameter.name}`, s] as const))("%s", (_, s) => {
  const { entry, parameter, document } = s;
  const name = parameter.name;
  const valid = validatorFor(document);
  const page = validatorFor(deref(entry.operation.responses["200"]).content["application/json"].schema);
  const items = deref(document.items);
  const example = JSON.parse(parameter.example)[0];

  /** The mock's answer to `value` agrees with the description: 200 and a valid page when the document is valid, else 400 naming the parameter. */
  async function agrees(value: unknown) {
    const text = JSON.stringify(value);
    const answer = await ask(entry.path, name, text);
    if (valid(value)) {
      expect(answer.status, `${text} is valid`).toBe(200);
      expect(page(answer.body), errorsOf(page)).toBe(true);
    } else {
      expect(answer.status, `${text} is not valid: ${errorsOf(valid)}`).toBe(400);
      expect(String(answer.body.attr).split(".")[0], text).toBe(name);
    }
  }

  it("takes its own example", async () => {
    expect(valid([example])).toBe(true);
    const answer = await ask(entry.path, name, parameter.example);
    expect(answer.status).toBe(200);
  });

  it("refuses null, documents that are not lists, and items of the wrong kind, naming the parameter", async () => {
    for (const value of [null, {}, "text", 7, true, [null], [7], ["text"], [true], [[]], [{}], [example, null]]) {
      if (items.type === "string" && (value as unknown[])?.[0] === "text") continue;
      expect(valid(value), JSON.stringify(value)).toBe(false);
      await agrees(value);
    }
  });

  it.runIf(items.type === "object")("refuses an item missing each required field, or holding it null or of another type", async () => {
    for (const field of items.required as string[]) {
      const { [field]: _dropped, ...without } = example;
      await agrees([without]);
      await agrees([{ ...example, [field]: null }]);
      await agrees([{ ...example, [field]: { nested: true } }]);
      await agrees([{ ...example, [field]: [[]] }]);
    }
  });

  it("property: any document answers 200 with a valid page or 400 naming the parameter, as the schema decides; never 500", async () => {
    const keys = Object.keys(items.properties ?? {});
    const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...Object.values<unknown>(example ?? {})));
    const item: fc.Arbitrary<unknown> =
      items.type === "object"
        ? fc.oneof(
            { arbitrary: fc.constant(example), weight: 1 },
            {
              arbitrary: fc.dictionary(fc.constantFrom(...keys, "__proto__", "constructor", "extra"), anyValue, { maxKeys: keys.length + 2 }),
              weight: 3,
            },
            { arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(example[k]), anyValue)])), { requiredKeys: [] }), weight: 4 },
            { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
          )
        : fc.oneof(fc.constant(example), fc.jsonValue({ maxDepth: 2 }), fc.string());
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 4 }), async (value: unknown[]) => {
        await agrees(value);
      }),
      { seed: 16, numRuns: 150 },
    );
  });
});
