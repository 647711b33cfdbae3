import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startPrism } from "../../scripts/prism.mjs";
import { createClient, unwrap } from "../../src/index.js";
import { errorsOf, validatorFor } from "../support/schema-validator.js";

let prism: Awaited<ReturnType<typeof startPrism>>;
beforeAll(async () => {
  prism = await startPrism({ port: await freePort(), dynamic: true, seed: "contract" });
});
afterAll(() => prism?.stop());

describe("the dynamic mock (npm run mock:dynamic)", () => {
  it.each([
    ["/api/projects/", "PaginatedProjectList"],
    ["/api/environments/{project_id}/session_recordings/", "PaginatedSessionRecordingList"],
    ["/api/environments/{project_id}/subscriptions/", "PaginatedSubscriptionList"],
    ["/api/environments/{project_id}/session_recordings/{id}/", "SessionRecording"],
    ["/api/environments/{project_id}/session_recording_playlists/{short_id}/", "Playlist"],
    ["/api/environments/{project_id}/session_recordings/{recording_id}/sharing/", "SharingConfiguration"],
  ] as const)("serves generated data for %s that matches %s", async (path, schema) => {
    const api = createClient({ baseUrl: prism.url, apiKey: "phx_dynamic", maxRetries: 0 });
    const params = {
      path: { project_id: "28417", id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52", recording_id: "0193401e-5b7a-7c2d-9e84-1f6a3b0c7d52", short_id: "Ub3KpD7w" },
    };
    // One loop over paths of different shapes: the typed signature is exercised elsewhere.
    const result = await api.GET(path as "/api/projects/", { params } as Record<string, unknown>);
    expect(result.response.headers.get("sl-violations")).toBeNull();
    const data = unwrap(result);
    const validate = validatorFor({ $ref: `#/components/schemas/${schema}` });
    expect(validate(data), errorsOf(validate)).toBe(true);
    expect(JSON.stringify(data)).not.toContain("Ub3KpD7w");
  });
});
