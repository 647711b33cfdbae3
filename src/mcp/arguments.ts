// A tool call's arguments into the request's parts: PostHog's aliases taken, digit strings cast
// where PostHog casts them, everything checked against the tool's input schema (the first
// problem, naming the argument), then each input put where the description says it goes.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { decodeCursor, type Position } from "./cursor.js";
import type { Tool } from "./tools.js";

// ajv-formats is CommonJS: its plugin is the module itself, or its `default` where a bundler wraps it.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** An argument the tool cannot take; the message names it. */
export class ToolInputError extends Error {
  override readonly name = "ToolInputError";
}

export interface RequestParts {
  path: Record<string, string | number>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** Where a listing goes on from. */
  position: Position;
  /** The answer's fields the agent asked for, or undefined for all. */
  fields: string[] | undefined;
}

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** One sentence of ajv's first error, naming the argument. */
function problemOf(error: ErrorObject): string {
  const at = error.instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") return `the argument ${[at, params.missingProperty].filter(Boolean).join(".")} is required`;
  if (error.keyword === "additionalProperties")
    return `${at ? `${at} has` : "the tool takes"} no argument ${String(params.additionalProperty)}${at ? "" : " (tools/list gives the ones it takes)"}`;
  if (error.keyword === "enum") return `the argument ${at} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  return `the argument ${at || "object"} ${error.message ?? "is not valid"}`;
}

/** The tool's arguments as the request's parts; throws ToolInputError naming the first bad one. */
export function requestOf(tool: Tool, given: unknown): RequestParts {
  if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given))) throw new ToolInputError("the arguments must be an object");
  const args: Record<string, unknown> = { ...(given as Record<string, unknown> | undefined) };
  for (const [input, aliases] of Object.entries(tool.aliases)) {
    for (const alias of aliases) {
      if (!(alias in args)) continue;
      if (input in args && args[input] !== args[alias])
        throw new ToolInputError(`the arguments ${input} and ${alias} name the same input with different values`);
      args[input] = args[alias];
      delete args[alias];
    }
  }
  let validate = validators.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    validators.set(tool.name, validate);
  }
  if (!validate(args)) throw new ToolInputError(problemOf(validate.errors![0]!));
  for (const input of tool.casts) if (typeof args[input] === "string") args[input] = Number(args[input]);

  const parts: RequestParts = { path: {}, query: {}, body: tool.fixedBody ? { ...tool.fixedBody } : undefined, position: {}, fields: undefined };
  for (const [input, value] of Object.entries(args)) {
    if (input === "fields") parts.fields = value as string[];
    else if (input === "cursor") {
      const position = decodeCursor(value as string);
      if (!position) throw new ToolInputError("the argument cursor is not one this server gave: pass the `cursor` of the answer before, as it is");
      parts.position = position;
    } else if (input === "confirm") continue;
    else {
      const place = tool.inputs[input];
      if (place === "path") parts.path[input] = value as string | number;
      else if (place === "query") parts.query[input] = value;
      else if (place === "query-json") parts.query[input] = JSON.stringify(value);
      else if (place === "body") parts.body = { ...parts.body, [input]: value };
    }
  }
  if (tool.paging === "offset" && parts.position.offset !== undefined) parts.query.offset = parts.position.offset;
  if (tool.paging === "cursor" && parts.position.cursor !== undefined) parts.query.cursor = parts.position.cursor;
  // A body-taking write with no field given still sends an object.
  if (parts.body === undefined && Object.values(tool.inputs).includes("body")) parts.body = {};
  return parts;
}
