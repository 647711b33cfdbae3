import { describe, expect, it } from "vitest";
import { deref, flatten, type Schema, schemaNamed, spec } from "../support/spec.js";
import { liveEnums, type SeedType, seedResources } from "./seed.js";

const int32 = { minimum: -2147483648, maximum: 2147483647 };

function typesOf(schema: Schema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.filter((t: string) => t !== "null");
}

/** Asserts that a property schema has the type the seed gives it. */
function expectSeedType(schema: Schema, seedType: SeedType, where: string) {
  const [head, ...rest] = seedType.split(":");
  const tail = rest.join(":");
  switch (head) {
    case "ref": {
      const refs = [schema, ...(schema.oneOf ?? [])].map((s: Schema) => s.$ref).filter(Boolean);
      expect(refs, where).toContain(`#/components/schemas/${tail}`);
      return;
    }
    case "untyped":
      expect(schema.type, where).toBeUndefined();
      expect(schema.$ref ?? schema.allOf ?? schema.oneOf ?? schema.anyOf, where).toBeUndefined();
      return;
    case "array":
      expect(typesOf(schema), where).toEqual(["array"]);
      expectSeedType(deref(schema.items), tail, `${where}[]`);
      return;
    case "enum":
      expect(typesOf(deref(schema)), where).toEqual(["string"]);
      expect(deref(schema).enum, where).toContain(tail);
      return;
    case "int32":
      expect(typesOf(schema), where).toEqual(["integer"]);
      expect(schema, where).toMatchObject({ format: "int32", ...int32 });
      return;
    case "date-time":
    case "uuid":
    case "email":
      expect(typesOf(schema), where).toEqual(["string"]);
      expect(schema.format, where).toBe(head);
      return;
    default:
      expect(typesOf(schema), where).toEqual([head]);
  }
}

describe("resources in the bundled spec", () => {
  describe.each(Object.entries(seedResources))("%s", (name, fields) => {
    const { properties } = flatten(schemaNamed(name));

    it.each(Object.entries(fields))("has %s of the seed's type %s", (field, seedType) => {
      expect(properties, `${name}.${field} missing`).toHaveProperty(field);
      expectSeedType(properties[field]!, seedType, `${name}.${field}`);
    });
  });

  it("gives the seed's number fields their exact types (activity_score is a decimal, not an integer)", () => {
    const { properties } = flatten(schemaNamed("SessionRecording"));
    expect(typesOf(properties.activity_score!)).toEqual(["number"]);
  });

  it.each([
    ["Playlist", ["id", "short_id", "created_at", "created_by", "last_modified_at", "last_modified_by", "recordings_counts"]],
    ["Subscription", ["id", "created_at", "created_by", "summary", "next_delivery_date"]],
    ["Person", ["id", "name", "distinct_ids", "created_at", "uuid"]],
    ["User", ["id", "uuid"]],
    ["SharingConfiguration", ["created_at", "access_token"]],
  ])("marks the server-set fields of %s read-only", (name, readOnly) => {
    const { properties } = flatten(schemaNamed(name));
    for (const field of readOnly) expect(properties[field]!.readOnly, `${name}.${field}`).toBe(true);
  });

  it("marks every recording field but person read-only", () => {
    const { properties } = flatten(schemaNamed("SessionRecording"));
    for (const [field, schema] of Object.entries(properties)) {
      expect(schema.readOnly === true, field).toBe(field !== "person");
    }
  });

  it.each(Object.entries(liveEnums))("restricts the enums of %s to the live values", (name, enums) => {
    const { properties } = flatten(schemaNamed(name));
    for (const [field, values] of Object.entries(enums)) expect(deref(properties[field]!).enum, field).toEqual(values);
  });

  it("lists every weekday for byweekday", () => {
    const { properties } = flatten(schemaNamed("Subscription"));
    expect(deref(properties.byweekday!.items).enum).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
  });

  it("takes max lengths and defaults from the live service", () => {
    const playlist = flatten(schemaNamed("Playlist")).properties;
    expect(playlist.name!.maxLength).toBe(400);
    expect(playlist.derived_name!.maxLength).toBe(400);
    expect(playlist.short_id!.maxLength).toBe(12);
    expect(playlist.description!.default).toBe("");
    expect(playlist.pinned!.default).toBe(false);
    expect(playlist.deleted!.default).toBe(false);
    expect(playlist.filters!.default).toEqual({});
    const subscription = flatten(schemaNamed("Subscription")).properties;
    expect(subscription.title!.maxLength).toBe(100);
    expect(subscription.interval!.default).toBe(1);
    const user = flatten(schemaNamed("User")).properties;
    expect(user.email!.maxLength).toBe(254);
  });

  it("requires on subscription create exactly the fields of the seed's example create", () => {
    expect([...flatten(schemaNamed("SubscriptionCreate")).required].sort()).toEqual(["frequency", "start_date", "target_type", "target_value"]);
  });

  it.each([
    ["PaginatedSessionRecordingList", "SessionRecording"],
    ["PaginatedSubscriptionList", "Subscription"],
    ["PaginatedProjectList", "Project"],
  ])("builds %s from the one Paginated envelope with results of %s", (name, item) => {
    const schema = schemaNamed(name);
    expect(schema.allOf[0]).toEqual({ $ref: "#/components/schemas/Paginated" });
    const { properties, required } = flatten(schema);
    expect(deref(properties.results!.items)).toBe(schemaNamed(item));
    expect([...required].sort()).toEqual(["count", "next", "previous", "results"]);
  });

  it("describes the live error body once, as ErrorBody", () => {
    expect(Object.keys(schemaNamed("ErrorBody").properties)).toEqual(["type", "code", "detail", "attr"]);
    const errorSchemas = Object.values<Schema>(spec.components.schemas).filter((s) => s.properties?.detail);
    expect(errorSchemas).toHaveLength(1);
  });
});
