// Compiles, from each description, which reads a write changes: generated/refresh/seed.json and
// generated/refresh/live.json, the tables behind `queriesChangedBy` (src/query/). Nothing in
// them is written by hand; the rules, from the paths and the description's links:
// - A write to an item (a path ending in a parameter) changes the item, every listing and item
//   above it (a playlist's recordings, the playlist and its counts, the playlists listing),
//   and every read below it (the playlist's recordings, once the playlist is deleted).
// - A write to a listing (a path ending in a name, with a GET) changes the listing and what is
//   above it. A POST to a path with no GET (`ai/filters`) is an action and changes no read.
// - Each link of a write's 2XX answers names a read it changes too (a recording shows in
//   every playlist's recordings), with the parameters the link takes from the request.
// Each read carries which of the write's path parameters select it (`short_id` from
// `short_id`, `recording_id` from `id`); a parameter it has that the write can't fill matches
// any value.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { deref, operationsOf } from "../lib/spec.mjs";
import { bundlePath } from "./bundle.mjs";
import { liveBundlePath } from "./overlay.mjs";

/** @typedef {import("../lib/spec.mjs").Node} Node */
/** @typedef {{ path: string, params: Record<string, string> }} Read */

export const refreshDir = fileURLToPath(new URL("../../generated/refresh/", import.meta.url));
const descriptions = { seed: bundlePath, live: liveBundlePath };
const writeMethods = new Set(["post", "put", "patch", "delete"]);

const segmentsOf = (/** @type {string} */ path) => path.split("/").filter(Boolean);
const parameterOf = (/** @type {string} */ segment) => /^\{(.+)\}$/.exec(segment)?.[1];

/**
 * The read at `read` if it lies on the write's line (its own path, above it or below it), with
 * the parameters the write's path fills: each parameter segment the two share, by position.
 * @param {string[]} write
 * @param {string[]} read
 * @returns {Record<string, string> | undefined}
 */
function onTheLine(write, read) {
  const shared = Math.min(write.length, read.length);
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i < shared; i++) {
    const [w, r] = [parameterOf(write[i] ?? ""), parameterOf(read[i] ?? "")];
    if (w && r) params[r] = w;
    else if (w || r || write[i] !== read[i]) return undefined;
  }
  return params;
}

/**
 * @param {Node} spec
 * @returns {Record<string, Read[]>} by `"<method> <path>"` of each write
 */
function refreshTable(spec) {
  const operations = operationsOf(spec);
  const reads = operations.filter((entry) => entry.method === "get");
  const readById = new Map(reads.map((entry) => [entry.operation.operationId, entry.path]));
  /** @type {Record<string, Read[]>} */
  const table = {};
  for (const { path, method, operation } of operations.filter((entry) => writeMethods.has(entry.method))) {
    const write = segmentsOf(path);
    const isItem = parameterOf(write.at(-1) ?? "") !== undefined;
    const isListing = reads.some((read) => read.path === path);
    /** @type {Map<string, Record<string, string>>} */
    const changed = new Map();
    if (isItem || isListing) {
      for (const read of reads) {
        const segments = segmentsOf(read.path);
        // Below a listing are its items, which a create leaves as they were.
        if (!isItem && segments.length > write.length) continue;
        const params = onTheLine(write, segments);
        if (params) changed.set(read.path, params);
      }
    }
    for (const [status, response] of Object.entries(/** @type {Record<string, Node>} */ (operation.responses ?? {}))) {
      if (!status.startsWith("2")) continue;
      for (const reference of Object.values(/** @type {Record<string, Node>} */ (deref(spec, response).links ?? {}))) {
        const link = deref(spec, reference);
        const target = readById.get(link.operationId);
        if (!target) throw new Error(`${method} ${path}: the link to ${link.operationId} names no GET operation of the description`);
        /** @type {Record<string, string>} */
        const params = {};
        for (const [name, expression] of Object.entries(/** @type {Record<string, string>} */ (link.parameters ?? {}))) {
          const from = /^\$request\.path\.(.+)$/.exec(expression)?.[1];
          if (!from) throw new Error(`${method} ${path}: link parameter ${name} must be $request.path.<name>, found ${expression}`);
          params[name] = from;
        }
        changed.set(target, params);
      }
    }
    table[`${method} ${path}`] = [...changed].map(([read, params]) => ({ path: read, params })).sort((a, b) => a.path.localeCompare(b.path));
  }
  return table;
}

/** Both tables, as the files they are written to. */
export async function compileRefresh() {
  /** @type {Record<string, string>} */
  const files = {};
  for (const [profile, file] of Object.entries(descriptions)) {
    const spec = parse(await readFile(file, "utf8"));
    files[`${profile}.json`] = `${JSON.stringify(refreshTable(spec), null, 2)}\n`;
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mkdir(refreshDir, { recursive: true });
  for (const [name, text] of Object.entries(await compileRefresh())) {
    await writeFile(new URL(name, `file://${refreshDir}`), text);
    console.log(`wrote generated/refresh/${name}`);
  }
}
