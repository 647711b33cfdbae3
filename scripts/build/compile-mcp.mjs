// Compiles the MCP server's tools (src/mcp/) from each description and PostHog's tool facts
// (src/mcp/posthog-tools.yaml): generated/mcp/seed.json and generated/mcp/live.json, a tool per
// operation worth one, each with its input schema, annotations and how its arguments reach the
// request. What comes from where:
// - the name, title, aliases, parameters left out and answer fields cut: PostHog's file;
// - the input schema: the operation's path parameters (all but the project's, which the server
//   fills), its query parameters (a JSON-encoded one takes its content schema: the server
//   encodes it) and its JSON body's writable properties, side by side in one plain object with
//   every `$ref` inlined (a reference back into itself becomes an open value), no top-level union;
// - the annotations: the method and the description (a GET reads; a DELETE, a summary starting
//   with "Delete" or a soft delete destroys; a PATCH, a DELETE and a delete repeat harmlessly; a
//   write whose summary or first paragraph says it delivers reaches outside the project).
// It fails when an operation is neither a tool nor said to be off, when a name is over 64
// characters, or when two inputs would share a name.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { deref, operationsOf, propertiesOf } from "../lib/spec.mjs";
import { bundlePath } from "./bundle.mjs";
import { liveBundlePath } from "./overlay.mjs";

/** @typedef {import("../lib/spec.mjs").Node} Node */

export const mcpDir = fileURLToPath(new URL("../../generated/mcp/", import.meta.url));
const factsPath = fileURLToPath(new URL("../../src/mcp/posthog-tools.yaml", import.meta.url));
const descriptions = { seed: bundlePath, live: liveBundlePath };
/** The path parameter the server fills from its project. */
const projectParameter = "project_id";
/** The longest tool name clients take (several refuse longer ones). */
const maxNameLength = 64;
/** Schema keywords an agent's client needs; the rest (x-…, examples, discriminator) only cost context. */
const keptKeywords = new Set([
  "type",
  "enum",
  "const",
  "default",
  "description",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "items",
  "properties",
  "required",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "minProperties",
  "maxProperties",
  "nullable",
]);

/** A description's first paragraph, on one line. */
const firstParagraph = (/** @type {string | undefined} */ text) =>
  (text ?? "")
    .trim()
    .split(/\n\s*\n/)[0]
    ?.replace(/\s*\n\s*/g, " ") ?? "";

/**
 * `schema` with every `$ref` inlined and only the kept keywords; a reference back into one being
 * inlined becomes an open value, so no client meets a cycle.
 * @param {Node} spec
 * @param {unknown} schema
 * @param {string[]} [inlining] the references being inlined above this one
 * @returns {Node}
 */
function plain(spec, schema, inlining = []) {
  if (schema === true || schema === undefined) return {};
  let node = /** @type {Node} */ (schema);
  let seen = inlining;
  while (node && typeof node.$ref === "string") {
    if (seen.includes(node.$ref)) return { description: "Any JSON value of the same shape as its parent (a recursive structure)." };
    seen = [...seen, node.$ref];
    const { $ref: _ref, ...siblings } = node;
    node = { ...deref(spec, node), ...siblings };
  }
  /** @type {Node} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!keptKeywords.has(key)) continue;
    if (key === "description") out.description = firstParagraph(value);
    else if (key === "properties")
      out.properties = Object.fromEntries(Object.entries(/** @type {Node} */ (value)).map(([name, property]) => [name, plain(spec, property, seen)]));
    else if (key === "items" || (key === "additionalProperties" && typeof value === "object")) out[key] = plain(spec, value, seen);
    else if (key === "anyOf" || key === "oneOf" || key === "allOf") out[key] = /** @type {Node[]} */ (value).map((part) => plain(spec, part, seen));
    else out[key] = value;
  }
  // `type: [string, null]` as a union of single types: clients that map schemas onto a one-type dialect take that.
  if (Array.isArray(out.type)) {
    const { type, description, default: fallback, ...constraints } = out;
    return {
      ...(description === undefined ? {} : { description }),
      ...(fallback === undefined ? {} : { default: fallback }),
      anyOf: /** @type {string[]} */ (type).map((one) => (one === "null" ? { type: "null" } : { type: one, ...constraints })),
    };
  }
  return out;
}

/**
 * One tool: its input schema and where each input goes.
 * @param {Node} spec
 * @param {import("../lib/spec.mjs").OperationEntry} entry
 * @param {string} name
 * @param {Node} facts PostHog's facts of the tool, or ours
 */
function toolOf(spec, entry, name, facts) {
  const { operation, method, path, parameters } = entry;
  if (name.length > maxNameLength) throw new Error(`${name}: a tool name is at most ${maxNameLength} characters`);
  const excluded = new Set(facts.exclude_params ?? []);
  /** @type {Record<string, Node>} */
  const properties = {};
  /** @type {string[]} */
  const required = [];
  /** @type {Record<string, "path" | "query" | "query-json" | "body">} */
  const inputs = {};
  const add = (/** @type {string} */ input, /** @type {Node} */ schema, /** @type {boolean} */ isRequired, /** @type {(typeof inputs)[string]} */ place) => {
    if (excluded.has(input)) return;
    if (inputs[input]) throw new Error(`${name}: two inputs named ${input}`);
    inputs[input] = place;
    properties[input] = schema;
    if (isRequired) required.push(input);
  };
  const soft = facts.soft_delete === true;
  for (const parameter of parameters) {
    if (parameter.name === projectParameter || (parameter.in !== "path" && parameter.in !== "query")) continue;
    if (soft && parameter.in !== "path") continue;
    const json = parameter.schema?.contentMediaType === "application/json";
    const schema = plain(spec, json ? parameter.schema.contentSchema : parameter.schema);
    const description = firstParagraph(parameter.description);
    const aliases = facts.aliases?.[parameter.name];
    const cast = facts.cast?.[parameter.name] === "string-int";
    add(
      parameter.name,
      {
        ...(cast ? { anyOf: [schema, { type: "string", pattern: "^[0-9]+$" }] } : schema),
        ...(description ? { description: `${description}${aliases ? ` Also taken as ${aliases.join(", ")}.` : ""}` } : {}),
      },
      parameter.required === true,
      parameter.in === "path" ? "path" : json ? "query-json" : "query",
    );
  }
  const media = deref(spec, operation.requestBody)?.content?.["application/json"];
  if (media && !facts.no_body && !soft) {
    const body = deref(spec, media.schema);
    if (body.oneOf || body.anyOf) throw new Error(`${name}: the body of ${operation.operationId} is a union; a tool's input is one plain object`);
    const { properties: fields = {}, required: needed } = propertiesOf(spec, body);
    for (const [field, schema] of Object.entries(fields)) {
      const resolved = plain(spec, schema);
      if (deref(spec, schema).readOnly) continue;
      add(field, resolved, needed.has(field), "body");
    }
  }
  const summary = operation.summary ?? operation.operationId;
  const readOnly = method === "get";
  const destructive = !readOnly && (method === "delete" || /^delete\b/i.test(summary) || soft);
  const idempotent = readOnly || method === "put" || method === "patch" || destructive;
  const openWorld = !readOnly && !soft && /\bdeliver(s|y)?\b/i.test(`${summary} ${firstParagraph(operation.description)}`);
  const listing =
    readOnly && Boolean(propertiesOf(spec, deref(spec, operation.responses?.["200"])?.content?.["application/json"]?.schema ?? {}).properties?.results);
  const paging = !listing ? undefined : inputs.offset === "query" ? "offset" : inputs.cursor === "query" ? "cursor" : undefined;
  if (paging) {
    delete properties[paging];
    delete inputs[paging];
    properties.cursor = { type: "string", description: "Where to go on from: the `cursor` of the answer before. Leave it out for the first page." };
  }
  if (readOnly)
    properties.fields = {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: `Only these fields of ${listing ? "each item" : "the answer"}, by name, a dot between levels (\`person.distinct_ids\`). Leave it out for all.`,
    };
  const bulk = destructive && method === "post";
  if (bulk) {
    properties.confirm = { type: "boolean", const: true, description: "Must be true: the deletion is permanent. Ask the user first." };
    required.push("confirm");
  }
  const lead = destructive
    ? soft
      ? "Destructive: marks it deleted; it stops showing and working (an update with deleted false restores it). "
      : "Destructive: permanent, cannot be undone; confirm with the user first. "
    : "";
  return {
    name,
    title: facts.title ?? summary,
    description: `${lead}${soft ? `${summary.replace(/ \(always refused\)$/, "")}.` : `${firstParagraph(operation.description) || summary}`}`,
    operation: operation.operationId,
    method,
    path,
    inputSchema: { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false },
    annotations: { readOnlyHint: readOnly, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld },
    inputs,
    ...(soft ? { fixedBody: { deleted: true } } : {}),
    ...(paging ? { paging } : {}),
    aliases: facts.aliases ?? {},
    casts: Object.keys(facts.cast ?? {}),
    exclude: facts.response_exclude ?? [],
    posthog: facts.source !== undefined,
  };
}

/**
 * The tools of one description.
 * @param {Node} spec
 * @param {Node} facts
 */
export function toolsOf(spec, facts) {
  const entries = operationsOf(spec);
  const byId = new Map(entries.map((entry) => [entry.operation.operationId, entry]));
  const named = [...Object.entries(facts.tools), ...Object.entries(facts.ours)];
  const tools = [];
  for (const [name, tool] of named) {
    let entry = byId.get(tool.operation);
    if (!entry) continue;
    // A soft delete is the update with `deleted: true`, when the description refuses the hard one.
    if (name === "subscriptions-delete") {
      if (!/always refused/.test(entry.operation.summary ?? "")) throw new Error(`${tool.operation} is no longer always refused: serve it as the delete`);
      entry = /** @type {import("../lib/spec.mjs").OperationEntry} */ (byId.get("updateSubscription"));
      tools.push(toolOf(spec, entry, name, { ...tool, soft_delete: true }));
    } else tools.push(toolOf(spec, entry, name, tool));
  }
  const served = new Set(named.map(([, tool]) => tool.operation));
  const unsaid = entries.map((entry) => entry.operation.operationId).filter((id) => !served.has(id) && !(id in facts.off));
  if (unsaid.length) throw new Error(`src/mcp/posthog-tools.yaml: no tool and not said to be off: ${unsaid.join(", ")}`);
  return tools;
}

/** The files of generated/mcp/, by name. */
export async function compileMcp() {
  const facts = parse(await readFile(factsPath, "utf8"));
  /** @type {Record<string, string>} */
  const files = {};
  for (const [profile, file] of Object.entries(descriptions)) {
    const spec = parse(await readFile(file, "utf8"));
    files[`${profile}.json`] = `${JSON.stringify(toolsOf(spec, facts), null, 2)}\n`;
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mkdir(mcpDir, { recursive: true });
  for (const [name, text] of Object.entries(await compileMcp())) {
    await writeFile(new URL(name, `file://${mcpDir}`), text);
    console.log(`wrote generated/mcp/${name}`);
  }
}
