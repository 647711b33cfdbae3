import { describe, expect, it } from "vitest";
import { errorsOf, validatorFor } from "../support/schema-validator.js";
import { deref, operations, parametersOf, spec, type Schema } from "../support/spec.js";

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
      const media = [deref(entry.operation.requestBody ?? {}), ...Object.values<Schema>(entry.operation.responses).map((r) => deref(r))]
        .flatMap((part) => Object.values<Schema>(part.content ?? {}));
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

  it("uses the same playlist, recording and user across operations", () => {
    const examples = spec.components.examples;
    const playlists = ["Playlist", "PlaylistCreated", "PlaylistSoftDeleted"].map((name) => examples[name].value);
    expect(new Set(playlists.map((p) => p.short_id))).toEqual(new Set(["Ub3KpD7w"]));
    const users = [...playlists.flatMap((p) => [p.created_by, p.last_modified_by]), ...examples.SubscriptionPage.value.results.map((s: Schema) => s.created_by)];
    for (const user of users) expect(user).toEqual(playlists[0].created_by);
    const recordingId = examples.SessionRecording.value.id;
    expect(examples.SessionRecordingPage.value.results[0]).toEqual(examples.SessionRecording.value);
    for (const name of ["RecordingId", "SessionRecordingId", "SharingRecordingId"]) expect(spec.components.parameters[name].example).toBe(recordingId);
    expect(spec.components.parameters.PlaylistShortId.example).toBe("Ub3KpD7w");
  });
});
