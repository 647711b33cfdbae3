// The first difference, as the report words it: a JSON pointer into the body, what the
// description expects there, and what was found (its kind, a number's value, a string's size;
// never a string's text), from the compiled validators.
import { describe, expect, it } from "vitest";
import story from "../../generated/mock/story.json";
import { firstDifference } from "../../src/conformance/difference.js";
import { check } from "../../src/conformance/validate.js";

const json = (body: unknown) => ({ status: 200, contentType: "application/json; charset=utf-8", text: JSON.stringify(body) });
const playlist = story.playlists[0]!;
const recording = story.recordings[0]!;

describe("the first difference", () => {
  it("accepts the story's own records", () => {
    expect(check("seed", "getPlaylist", json(playlist))).toEqual({ ok: true });
    expect(check("seed", "getRecording", json(recording))).toEqual({ ok: true });
  });

  it.each([
    ["a nested field of the wrong type", { ...playlist, created_by: { ...playlist.created_by, uuid: 3 } }, "/created_by/uuid", "type string", "integer 3"],
    ["a union's branches named together", { ...playlist, created_by: 5 }, "/created_by", "type object or null", "integer 5"],
    [
      "a missing required field",
      Object.fromEntries(Object.entries(playlist).filter(([key]) => key !== "short_id")),
      "/short_id",
      "a value (required)",
      "nothing",
    ],
    ["a date-time that is not one", { ...playlist, created_at: "yesterday" }, "/created_at", 'format "date-time"', "string of 9 characters"],
    ["a text too long", { ...playlist, name: "x".repeat(401) }, "/name", "at most 400 characters", "string of 401 characters"],
    ["an array for an object", [playlist], "", "type object", "array of 1 item"],
    ["a number out of its range, with the number found", { ...playlist, id: 0 }, "/id", "a number >= 1", "integer 0"],
  ])("%s", (_, body, pointer, expected, found) => {
    expect(check("seed", "getPlaylist", json(body))).toEqual({ ok: false, pointer, expected, found });
  });

  it("lists an enum's values", () => {
    expect(check("seed", "getRecording", json({ ...recording, storage: "disk" }))).toEqual({
      ok: false,
      pointer: "/storage",
      expected: 'one of "object_storage", "object_storage_lts"',
      found: "string of 4 characters",
    });
  });

  it("escapes ~ and / in a pointer's tokens (RFC 6901)", () => {
    expect(firstDifference([{ instancePath: "/filters", keyword: "required", params: { missingProperty: "a/b~c" } }], { filters: {} })).toEqual({
      pointer: "/filters/a~1b~0c",
      expected: "a value (required)",
      found: "nothing",
    });
  });

  it("finds an answer to an operation the description lacks, which a server that follows it refuses", () => {
    expect(check("live", "generateRecordingFilters", json({}))).toEqual({
      ok: false,
      pointer: "",
      expected: "a refusal (4XX): the live description lacks generateRecordingFilters",
      found: "status 200",
    });
    expect(check("seed", "getSubscriptionSummaryQuota", { ...json({ detail: "Not found." }), status: 404 })).toEqual({ ok: true });
  });
});
