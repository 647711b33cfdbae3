// One short session of requests, each sent with its trailing slash and without it, for the checks
// of every adapter (trailing-slash.test.ts in Node, playwright.test.ts in Chromium). Only paths
// the mock owns: Playwright's adapter passes the others on to the app's server.
import { expect } from "vitest";
import { storyPlaylist, storyRecording } from "./support.js";

const project = "/api/environments/28417";
const key = { authorization: "Bearer phx_trailing_slash" };
export type Send = (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; allow: string | null; body: unknown }>;

export function sender(fetcher: (url: string, init: RequestInit) => Promise<Response>, origin: string): Send {
  return async (path, { method = "GET", body } = {}) => {
    const headers: Record<string, string> = { ...key, ...(body === undefined ? {} : { "content-type": "application/json" }) };
    const response = await fetcher(`${origin}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, allow: response.headers.get("allow"), body: text === "" ? undefined : JSON.parse(text) };
  };
}

/** Each request in both forms on one mock: reads answer the same, writes the same status and what they wrote. */
export async function bothFormsAlike(send: Send) {
  const bare = (path: string) => path.replace(/\/(?=$|\?)/, "");
  for (const path of [
    "/api/projects/",
    `${project}/session_recording_playlists/?limit=3`,
    `${project}/session_recording_playlists/${storyPlaylist.short_id}/`,
    `${project}/subscriptions/?limit=2`,
  ]) {
    const slashed = await send(path);
    expect(slashed.status, path).toBe(200);
    // A page's links keep the path as it was sent, as DRF builds them from the request's own URL.
    const [pathname] = path.split("?") as [string];
    expect(await send(bare(path)), bare(path)).toEqual(JSON.parse(JSON.stringify(slashed).replaceAll(`${pathname}?`, `${bare(pathname)}?`)));
  }
  const created = await send(`${project}/session_recording_playlists`, { method: "POST", body: { name: "Sent without the slash", type: "collection" } });
  expect([created.status, (created.body as { name: string }).name]).toEqual([201, "Sent without the slash"]);
  const shortId = (created.body as { short_id: string }).short_id;
  const edited = await send(`${project}/session_recording_playlists/${shortId}`, { method: "PATCH", body: { description: "edited" } });
  expect([edited.status, (edited.body as { description: string }).description]).toEqual([200, "edited"]);
  expect(((await send(`${project}/session_recording_playlists/${shortId}/`)).body as { description: string }).description).toBe("edited");
  const added = await send(`${project}/session_recording_playlists/${shortId}/recordings/${storyRecording}`, { method: "POST" });
  expect(added.status).toBe(
    (await send(`${project}/session_recording_playlists/${storyPlaylist.short_id}/recordings/${storyRecording}/`, { method: "POST" })).status,
  );
  for (const [method, path] of [
    ["DELETE", `${project}/session_recording_playlists/${shortId}/`],
    ["OPTIONS", `${project}/session_recordings/`],
  ] as const) {
    const slashed = await send(path, { method });
    expect(await send(bare(path), { method }), `${method} ${bare(path)}`).toEqual(slashed);
  }
}
