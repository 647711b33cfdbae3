// The tables scripts/build/compile-mock.mjs compiles from the bundled spec: each operation's route,
// parameters (and which query parameters hold JSON documents), scopes, writable body fields
// with their create defaults, largest page, statuses, examples, response headers and what its
// success carries, with its compiled validators attached; and the error answers the spec's
// examples word. One table per profile (../profiles/): the description's, and the live
// service's. Every API fact the engine uses comes from here; what the spec cannot state is
// behaviour, and lives in ../resources/ (one file per resource, soft delete in ../state/visibility.ts)
// and ../negotiate.ts.
import type { components, operations as OperationTypes } from "../../../generated/openapi.js";
import { createRouter, type PathAlias, type Router } from "./router.js";
import type { MockValidator, ValidatorSet } from "./validators.js";

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
  /** Date-time fields whose value sent without an offset is read at this one (`x-default-offset`), by field. */
  defaultOffset?: Record<string, string>;
  /** String fields trimmed of surrounding whitespace before they are checked (`x-trimmed`). */
  trimmed?: string[];
  /** Date-time fields (`format: date-time`), which the service reads as Python's datetime: its range is checked past the schema (date-range.ts). */
  dateTimes?: string[];
}

export interface OperationEntry {
  id: OperationId;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Query parameters holding a JSON document (`contentMediaType: application/json`). */
  jsonQuery: string[];
  /** Query parameters whose invalid value reads as their default rather than a 400 (`x-invalid-reads-as-default`). */
  invalidReadsAsDefault: string[];
  /** The largest page the listing answers (`x-limit-maximum`); a larger `limit` is cut to it. */
  limitMaximum?: number;
  /** The fields the listing's `search` looks in (`x-search-fields`). */
  searchFields?: string[];
  /** The create rule (`x-delivers-one-of`): one of `fields` is set, or the 400 example named `refusal` answers. */
  deliversOneOf?: { fields: string[]; refusal: string };
  /** The 400 example that answers a body failing only its `anyOf`, none of its alternatives holding (`x-any-of-refusal`). */
  anyOfRefusal?: string;
  /** The 400 example that answers a body whose `field` fails one of `keywords`, where the service words that refusal itself (`x-body-refusals`). */
  bodyRefusals?: { field: string; keywords: string[]; refusal: string }[];
  /** The 400 example a create answers when its schedule has no delivery left (`x-refuses-spent-schedule`). */
  refusesSpentSchedule?: string;
  /**
   * A write that makes one more AI summary active refused, by the named 402 example, once the
   * organization has `limit` active ones (`x-active-summary-cap`).
   */
  activeSummaryCap?: { limit: number; refusal?: string };
  /** The scopes a write needs besides the operation's when its body sets a field (`x-scopes-for-fields`). */
  scopesForFields?: Record<string, string[]>;
  /** Whether the read finds soft-deleted records (`x-finds-deleted`). */
  findsDeleted?: boolean;
  /** Whether an unknown id is answered as a record built for it rather than 404 (`x-builds-unknown`). */
  buildsUnknown?: boolean;
  /**
   * Which of a collection playlist's recordings its `recordings/` answers, whatever `limit` and
   * `offset` ask (`x-collection-page`): every one whose fields match `persisted` (long-term
   * storage), and of the rest what `query` (a recordings listing query, its defaults filled in)
   * finds among them.
   */
  collectionPage?: { persisted: Record<string, unknown>; query: Record<string, unknown> };
  /**
   * How a playlist that is not a collection reads its recordings (`x-saved-filter-page`): the
   * request's query over `query`, the named recordings listing's defaults, among its pinned ones.
   */
  savedFilterPage?: { query: Record<string, unknown> };
  /**
   * The rules a request holds beyond its schemas (`x-request-rules`), in the order they are
   * checked: each the 400 example that refuses it; its JSON Schema, over `{ body, record }` (the
   * request body, and the stored record the path names), is `validate.rules` at the same index.
   */
  requestRules?: string[];
  /**
   * How refused query parameters are answered (`x-query-errors`): as pydantic's errors, linking
   * its pages under `url`; with `extra: forbid`, a parameter the operation does not declare is
   * refused too, but those it `drops` before validating.
   */
  queryErrors?: { format: "pydantic"; url: string; extra?: "forbid"; drops?: string[] };
  /**
   * The recordings a listing is asked for by id (`x-explicit-recordings`): those `ids` names
   * come in the order named, its `ignores` not applied to them; the one `selected` names comes
   * first, checked against the filters but its `ignores`, and carries `flag` false when it misses them.
   */
  explicitRecordings?: {
    ids: { parameter: string; ignores: string[] };
    selected: { parameter: string; ignores: string[]; flag: string };
  };
  /** The limits of the subscription content rules (`x-content-rules`); without it, the rules are not the operation's. */
  contentRules?: { promptMaxLength: number; exportInsightsMax: number };
  scopes: string[];
  body: BodyEntry | null;
  /** The documented 2XX. */
  success?: number;
  /** What the 2XX carries: nothing, a page (the envelope, or the live listing's `has_next`), an acknowledgement, a document. */
  answers?: "none" | "envelope" | "has_next" | "acknowledgement" | "document";
  /** For an operation with no 2XX (the hard deletes): the refusal it always answers. */
  refused?: { status: number };
  responses: Record<string, ResponseEntry>;
  /** The operation's compiled validators: parameters, body, JSON query documents, and each response with a body. */
  validate: OperationValidators;
}

export interface OperationValidators {
  path: MockValidator;
  query: MockValidator;
  body: MockValidator | undefined;
  json: Record<string, MockValidator | undefined>;
  responses: Record<string, MockValidator | undefined>;
  /** Each of `requestRules`' schemas, in its order. */
  rules: MockValidator[];
}

export interface DocumentedError {
  status: number;
  body: components["schemas"]["ErrorBody"];
  headers: Record<string, string | number | null>;
}

/** The schemas whose shape a profile's description may give otherwise than the state keeps it. */
export type ConformedSchema = "SessionRecording" | "Person" | "Project" | "Playlist" | "Subscription";

/** One profile's table: what the mock answers by. */
export interface SpecTable {
  operations: OperationEntry[];
  /** Whether a `:write` scope grants its `:read` (`x-write-scope-grants-read`). */
  writeGrantsRead: boolean;
  /**
   * What a recording, its person, a project and a subscription hold in this profile's description, where it
   * differs from the description's, whose shapes the state keeps: the live profile conforms what it answers.
   */
  conform: Record<ConformedSchema, Shape> | undefined;
  /** The playlists the service makes up and lists beside the stored ones (`x-synthetic-playlists`). */
  syntheticPlaylists: SyntheticPlaylist[];
  /** How the service renders a field error (ErrorBody's `x-code-renames`, `x-attr-separator`). */
  errorRendering: ErrorRendering;
  /** The second prefixes the same operations are served under (`x-path-aliases`); none in a description that states one. */
  pathAliases: PathAlias[];
  /** The path parameter value that names the key's user's current project (`x-current` on it), with the parameter. */
  current: { param: string; value: string } | undefined;
}

export interface ErrorRendering {
  /** Codes the error handler renames (`invalid` → `invalid_input`). */
  codes: Record<string, string>;
  /** What joins the parts of a nested field's name in `attr`. */
  attrSeparator: string;
}

export interface SyntheticPlaylist {
  id: number;
  short_id: string;
  name: string;
  description: string;
  /** What it counts in the state: the records of a project's `part` (`recordings` or `sharing`) that hold `where`'s values; none counts nothing. */
  counts?: { part: string; where: Record<string, unknown> };
}

/** A schema's declared fields, and which of them are lists. */
export interface Shape {
  fields: string[];
  lists: string[];
  /** Fields that repeat another field's value (`x-copy-of`), by the field they repeat. */
  copies: Record<string, string>;
  /** What a field the record does not hold is answered with: its `default` (one kept before the field was). */
  defaults: Record<string, unknown>;
  /** Date-times a number of days after another field's day, at midnight UTC (`x-expires`). */
  expires: Record<string, { from: string; days: string }>;
  /** Whole days from today (UTC) until another field's date-time (`x-days-until`). */
  daysUntil: Record<string, string>;
  /** Fields answered as derived from which field is set (`x-derived-from`): the first set field's value. */
  derived: Record<string, Record<string, string>>;
  /** Fields always answered as null (`type: "null"`). */
  nulls: string[];
}

type CompiledTable = {
  operations: unknown[];
  writeGrantsRead?: boolean;
  shapes: Record<ConformedSchema, Shape>;
  syntheticPlaylists: SyntheticPlaylist[];
  errorRendering: ErrorRendering;
  pathAliases?: PathAlias[];
  current?: { param: string; value: string };
};

/** A profile: the API the mock answers as, its table and its router. */
export interface Profile {
  name: "seed" | "live";
  table: SpecTable;
  route: Router<OperationEntry>;
  /** The validators a restored snapshot is checked with. */
  stateValidators: Record<string, MockValidator>;
}

/** The profile `name` from its compiled table and validators. */
export function profileOf(name: Profile["name"], compiled: CompiledTable, validators: ValidatorSet): Profile {
  const table = tableOf(name, compiled, validators);
  return { name, table, route: createRouter(table.operations, table.pathAliases), stateValidators: validators.state };
}

function tableOf(profile: "seed" | "live", table: CompiledTable, { plain, coercing }: ValidatorSet): SpecTable {
  const operations = (table.operations as Omit<OperationEntry, "validate">[]).map((entry) => ({
    ...entry,
    validate: {
      path: coercing[`${entry.id}_path`]!,
      query: coercing[`${entry.id}_query`]!,
      body: plain[`${entry.id}_body`],
      json: Object.fromEntries(entry.jsonQuery.map((name) => [name, plain[`${entry.id}_json_${name}`]])),
      responses: Object.fromEntries(Object.keys(entry.responses).map((status) => [status, plain[`${entry.id}_${status}`]])),
      rules: (entry.requestRules ?? []).map((_, index) => plain[`${entry.id}_rule_${index}`]!),
    },
  }));
  return {
    operations,
    writeGrantsRead: table.writeGrantsRead === true,
    conform: profile === "seed" ? undefined : table.shapes,
    syntheticPlaylists: table.syntheticPlaylists,
    errorRendering: table.errorRendering,
    pathAliases: table.pathAliases ?? [],
    current: table.current,
  };
}
