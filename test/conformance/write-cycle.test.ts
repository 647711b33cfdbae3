// --write: a playlist of the command's own, created, updated and soft-deleted; the soft delete
// runs whichever step fails before it, and nothing else is written.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { bundlePath } from "../../scripts/build/bundle.mjs";
import { liveBundlePath } from "../../scripts/build/overlay.mjs";
import { addSpec, deref, rebase } from "../../scripts/lib/spec.mjs";
import { playlistName, writeBodies } from "../../src/conformance/write-cycle.js";
import { createMock } from "../../src/mock/index.js";
import { checkJson, countingClock, type Fault, jsonAnswer, mockBehind, project, rowLabelled } from "../support/conformance.js";
import { localServers } from "../support/local-server.js";

const serve = localServers();
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const clock = () => countingClock();
const name = playlistName(new Date(clock().now()));

/** The writes that reached the server: method, path and body. */
const writesOf = (requests: Awaited<ReturnType<typeof mockBehind>>["requests"]) =>
  requests.filter((r) => r.method !== "GET").map((r) => ({ method: r.method, pathname: r.pathname, body: JSON.parse(r.body) }));

/** The check's playlist in the mock's state. */
function playlistNamed(mock: ReturnType<typeof createMock>) {
  return mock.snapshot().projects[project]!.playlists.filter((playlist) => playlist.name === name);
}

const update = (fault: Fault): Record<string, Fault> => ({
  updatePlaylist: (answer, request) => (JSON.parse(request.body).deleted === true ? undefined : fault(answer, request)),
});

describe("--write", () => {
  it("creates, updates and soft-deletes a playlist named for the check, each answer checked, and writes nothing else", async () => {
    const mock = createMock();
    const before = mock.snapshot();
    const { url, requests } = await mockBehind(serve, {}, { mock });
    const { code, report } = await checkJson(url, ["--profile", "seed", "--write"], { clock: clock() });
    expect(["createPlaylist", "updatePlaylist", "updatePlaylist (soft delete)"].map((label) => rowLabelled(report, label).checks.seed)).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
    ]);
    expect(code).toBe(0);
    const [playlist] = playlistNamed(mock);
    expect(playlist).toMatchObject({ name, deleted: true, description: writeBodies.update.description });
    const own = `/api/environments/${project}/session_recording_playlists/${playlist!.short_id}/`;
    expect(writesOf(requests)).toEqual([
      { method: "POST", pathname: `/api/environments/${project}/session_recording_playlists/`, body: writeBodies.create(name) },
      { method: "PATCH", pathname: own, body: writeBodies.update },
      { method: "PATCH", pathname: own, body: writeBodies.softDelete },
    ]);
    // The state is as before but for that playlist (its record and its empty member list) and the id it took.
    const after = mock.snapshot();
    after.projects[project]!.playlists = after.projects[project]!.playlists.filter((p) => p.name !== name);
    expect(after.projects[project]!.members[playlist!.short_id]).toEqual([]);
    delete after.projects[project]!.members[playlist!.short_id];
    after.nextId.playlist = before.nextId.playlist;
    expect(after).toEqual(before);
  });

  it.each<[string, Fault]>([
    ["answers 500", () => jsonAnswer(500, { type: "server_error", code: "error", detail: "A server error occurred.", attr: null })],
    ["breaks the connection", () => "reset"],
    ["answers HTML", () => new Response("<html><body>Bad gateway</body></html>", { status: 502, headers: { "Content-Type": "text/html" } })],
  ])("soft-deletes the playlist when the update %s", async (_, fault) => {
    const mock = createMock();
    const { url, requests } = await mockBehind(serve, update(fault), { mock });
    const { code, report } = await checkJson(url, ["--profile", "seed", "--write"], { clock: clock() });
    expect(rowLabelled(report, "updatePlaylist").checks.seed).toMatchObject({ ok: false });
    expect(rowLabelled(report, "updatePlaylist (soft delete)").checks.seed).toEqual({ ok: true });
    expect(writesOf(requests).at(-1)!.body).toEqual(writeBodies.softDelete);
    expect(playlistNamed(mock)).toEqual([expect.objectContaining({ deleted: true })]);
    expect(code).toBe(1);
  });

  it("finds the playlist by its name and soft-deletes it when the create's answer gives no short_id", async () => {
    const mock = createMock();
    const { url } = await mockBehind(
      serve,
      { createPlaylist: () => new Response("<html>Created</html>", { status: 201, headers: { "Content-Type": "text/html" } }) },
      { mock },
    );
    const { code, report } = await checkJson(url, ["--profile", "seed", "--write"], { clock: clock() });
    expect(rowLabelled(report, "createPlaylist").checks.seed).toMatchObject({ ok: false, found: "an HTML page" });
    expect(report.rows.map((row) => row.label).slice(-2)).toEqual(["listPlaylists (find the check's playlist)", "updatePlaylist (soft delete)"]);
    expect(playlistNamed(mock)).toEqual([expect.objectContaining({ deleted: true })]);
    expect(code).toBe(1);
  });

  it("writes nothing more when the create is refused", async () => {
    const { url, requests } = await mockBehind(serve, {
      createPlaylist: () => jsonAnswer(403, { type: "authentication_error", code: "permission_denied", detail: "API key missing required scope", attr: null }),
    });
    const { report } = await checkJson(url, ["--profile", "seed", "--write"], { clock: clock() });
    expect(rowLabelled(report, "createPlaylist").status).toBe(403);
    expect(writesOf(requests).map((w) => w.method)).toEqual(["POST"]);
  });

  it("tries the soft delete three times, then says which playlist to delete by hand", async () => {
    const { url, requests } = await mockBehind(serve, {
      updatePlaylist: (answer, request) => (JSON.parse(request.body).deleted === true ? new Response(null, { status: 503 }) : answer),
    });
    const { code, stderr } = await checkJson(url, ["--profile", "seed", "--write"], { clock: clock() });
    const deletes = writesOf(requests).filter((w) => w.body.deleted === true);
    expect(deletes.length).toBe(3);
    expect(stderr).toContain(
      `warning: the playlist ${deletes[0]!.pathname.split("/").at(-2)} ("${name}") was not soft-deleted after 3 attempts: delete it by hand`,
    );
    expect(code).toBe(1);
  });

  it("sends bodies that both descriptions accept", () => {
    for (const file of [bundlePath, liveBundlePath]) {
      const spec = parse(readFileSync(file, "utf8"));
      const ajv = addFormats(new Ajv2020({ strict: false }));
      addSpec(ajv, spec);
      const schemaOf = (path: string, method: string) => rebase(deref(spec, spec.paths[path][method].requestBody).content["application/json"].schema);
      const create = ajv.compile(schemaOf("/api/environments/{project_id}/session_recording_playlists/", "post"));
      const patch = ajv.compile(schemaOf("/api/environments/{project_id}/session_recording_playlists/{short_id}/", "patch"));
      expect(create(writeBodies.create(name)), `${file}: ${ajv.errorsText(create.errors)}`).toBe(true);
      for (const body of [writeBodies.update, writeBodies.softDelete]) expect(patch(body), `${file}: ${ajv.errorsText(patch.errors)}`).toBe(true);
    }
  });
});
