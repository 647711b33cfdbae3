import { describe, expect, it } from "vitest";
import { errorsOf, validatorFor } from "../support/schema-validator.js";
import { declaredProperties } from "../support/schema-walk.js";
import { deref, findOperation, operations, parametersOf, type Schema, spec } from "../support/spec.js";

type Case = { where: string; schema: Schema; value: unknown };

/** Every example in the bundle: media types of request bodies and responses, and parameters. */
function collectExamples(): Case[] {
  const cases: Case[] = [];
  const fromContent = (where: string, content: Record<string, Schema> | undefined) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      for (const [name, example] of Object.entries<Schema>(media.examples ?? {})) {
        cases.push({ where: `${where} ${mediaType} example "${name}"`, schema: media.schema, value: deref(example).value });
      }
    }
  };
  for (const entry of operations) {
    const label = `${entry.method.toUpperCase()} ${entry.path}`;
    fromContent(`${label} request`, deref(entry.operation.requestBody ?? {}).content);
    for (const [status, response] of Object.entries<Schema>(entry.operation.responses)) {
      fromContent(`${label} ${status}`, deref(response).content);
      for (const [name, header] of Object.entries<Schema>(deref(response).headers ?? {})) {
        const resolved = deref(header);
        if ("example" in resolved) cases.push({ where: `${label} ${status} header ${name}`, schema: resolved.schema, value: resolved.example });
      }
    }
    for (const parameter of parametersOf(entry)) {
      if ("example" in parameter) cases.push({ where: `${label} parameter ${parameter.name}`, schema: parameter.schema, value: parameter.example });
    }
  }
  return cases;
}

const cases = collectExamples();

describe("examples validate against their schemas (ajv, draft 2020-12)", () => {
  it("finds an example for every request body and every response with content", () => {
    for (const entry of operations) {
      const media = [deref(entry.operation.requestBody ?? {}), ...Object.values<Schema>(entry.operation.responses).map((r) => deref(r))].flatMap((part) =>
        Object.values<Schema>(part.content ?? {}),
      );
      for (const m of media) expect(Object.keys(m.examples ?? {}).length, `${entry.method} ${entry.path}`).toBeGreaterThan(0);
    }
    expect(cases.length).toBeGreaterThan(60);
  });

  it.each(cases.map((c) => [c.where, c] as const))("%s", (_, { schema, value }) => {
    const validate = validatorFor(schema);
    expect(validate(value), errorsOf(validate)).toBe(true);
  });

  it("rejects data that breaks a schema, so the checks above can fail", () => {
    const playlist = validatorFor({ $ref: "#/components/schemas/Playlist" });
    expect(playlist({ ...deref(spec.components.examples.Playlist).value, created_at: "yesterday" })).toBe(false);
    const subscription = validatorFor({ $ref: "#/components/schemas/SubscriptionCreate" });
    expect(subscription({ target_type: "fax", target_value: "x", frequency: "daily", start_date: "2026-11-21T09:00:00Z" })).toBe(false);
    expect(subscription({ target_type: "email", target_value: "x", frequency: "daily", start_date: "2026-11-21T09:00:00Z", interval: 2 ** 31 })).toBe(false);
  });

  it("names a field of the operation in the first 400 example of each operation", () => {
    const withBadRequest = operations.filter((entry) => entry.operation.responses["400"]);
    expect(withBadRequest.length).toBeGreaterThan(10);
    for (const entry of withBadRequest) {
      const media = deref(entry.operation.responses["400"]).content["application/json"];
      const first = deref(Object.values<Schema>(media.examples)[0]).value;
      const body = deref(entry.operation.requestBody ?? {}).content?.["application/json"]?.schema;
      const fields = body
        ? Object.keys(declaredProperties(body) ?? {})
        : parametersOf(entry)
            .filter((p) => p.in === "query")
            .map((p) => p.name);
      expect(fields, `${entry.method} ${entry.path}`).toContain(first.attr);
    }
  });

  it("pages the multi-page recordings examples consistently: count, offsets and one host", () => {
    const media = findOperation("get", "/api/environments/{project_id}/session_recordings/").operation.responses["200"].content["application/json"];
    const pages = ["first_of_several_pages", "second_of_several_pages", "last_of_several_pages"].map((name) => deref(media.examples[name]).value);
    const byUrl = new Map<string, Schema>();
    const first = new URL(pages[0].next);
    for (const page of pages.slice(1)) byUrl.set(new URL(pages[pages.indexOf(page) - 1].next).href, page);
    let page = pages[0];
    const seen: string[] = [];
    while (page) {
      seen.push(...page.results.map((r: Schema) => r.id));
      expect(page.count).toBe(pages[0].count);
      if (!page.next) break;
      const next = new URL(page.next);
      expect(next.origin).toBe(first.origin);
      expect(Number(next.searchParams.get("offset"))).toBe(seen.length);
      page = byUrl.get(next.href);
    }
    expect(page).toBe(pages[2]);
    expect(new Set(seen).size).toBe(pages[0].count);
    expect(pages[2].previous && new URL(pages[2].previous).origin).toBe(first.origin);
  });

  it("uses the same playlist, recording and user across operations", () => {
    const examples = spec.components.examples;
    const playlists = ["Playlist", "PlaylistCreated", "PlaylistSoftDeleted"].map((name) => examples[name].value);
    expect(new Set(playlists.map((p) => p.short_id))).toEqual(new Set(["Ub3KpD7w"]));
    const users = [
      ...playlists.flatMap((p) => [p.created_by, p.last_modified_by]),
      ...examples.SubscriptionPage.value.results.map((s: Schema) => s.created_by),
    ];
    for (const user of users) expect(user).toEqual(playlists[0].created_by);
    const recordingId = examples.SessionRecording.value.id;
    expect(examples.SessionRecordingPage.value.results[0]).toEqual(examples.SessionRecording.value);
    for (const name of ["RecordingId", "SessionRecordingId", "SharingRecordingId"]) expect(spec.components.parameters[name].example).toBe(recordingId);
    expect(spec.components.parameters.PlaylistShortId.example).toBe("Ub3KpD7w");
  });
});
