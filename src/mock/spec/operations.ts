// The tables scripts/compile-mock.mjs compiles from the bundled spec: each operation's route,
// parameters (and which query parameters hold JSON documents), scopes, writable body fields
// with their create defaults, largest page, statuses, examples and response headers; and the
// error answers the spec's examples word. Every API fact the engine uses comes from here or
// from the compiled validators; what the spec cannot state is behaviour, and lives in
// ../resources/ (one file per resource, soft delete in visibility.ts) and ../negotiate.ts.
import compiled from "../../../generated/mock/operations.json";
import type { components, operations as OperationTypes } from "../../../generated/openapi.js";

export type OperationId = keyof OperationTypes;

type SuccessStatus = 200 | 201 | 202 | 204;
/** The operations that answer with a 2XX, each of which has a handler (the others are refused by design). */
export type AnsweredOperationId = {
  [Id in OperationId]: [Extract<keyof OperationTypes[Id]["responses"], SuccessStatus>] extends [never] ? never : Id;
}[OperationId];

export interface ResponseEntry {
  json: boolean;
  examples: Record<string, unknown>;
  /** Each documented header, with its documented example. */
  headers: Record<string, string | number | null>;
}

export interface BodyEntry {
  required: boolean;
  /** The fields the body may write: its schema's properties that are not read-only. */
  writable: string[];
  /** What a create starts each writable field the request leaves out with: its `default`, or null where it may be null. */
  defaults: Record<string, unknown>;
}

export interface OperationEntry {
  id: OperationId;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Query parameters holding a JSON document (`contentMediaType: application/json`). */
  jsonQuery: string[];
  /** The largest page the listing answers (`x-limit-maximum`); a larger `limit` is cut to it. */
  limitMaximum?: number;
  scopes: string[];
  body: BodyEntry | null;
  /** The documented 2XX. */
  success?: number;
  /** For an operation with no 2XX (the hard deletes): the refusal it always answers. */
  refused?: { status: number; allow: string };
  responses: Record<string, ResponseEntry>;
}

export interface DocumentedError {
  status: number;
  body: components["schemas"]["ErrorBody"];
  headers: Record<string, string | number | null>;
}

export const operations = compiled.operations as unknown as OperationEntry[];
/** The error answers the spec's examples word, by example name (`not_found`, `invalid_key`, …). */
export const documentedErrors = compiled.errors as unknown as Record<string, DocumentedError>;
