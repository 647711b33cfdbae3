// What the docs build (scripts/docs/try-it.mjs) writes into each page for the panel: every
// operation of the page's description, from the mock's compiled table joined with the
// description's parameters and examples, so the panel reads no YAML and holds no API fact.

export interface FieldSpec {
  name: string;
  in: "path" | "query";
  required: boolean;
  /** The schema's type (`string`, `integer`, `boolean`, …), for reading the reader's text as a value. */
  type: string;
  /** The schema's `enum`, or for a boolean its two values: shown as a choice. */
  choices?: (string | number | boolean)[];
  /** The text the field starts with: a path parameter's example, a query parameter's default, a required one's example. */
  initial: string;
  description?: string;
}

export interface TryItOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  fields: FieldSpec[];
  /** The body as JSON text, prefilled from the operation's first request example; null when the operation takes none. */
  body: { required: boolean; example: string } | null;
  /** The statuses the operation documents (`200`, `5XX`, …). */
  statuses: string[];
  returnsJson: boolean;
  /** An operation with no 2XX, which the service always refuses (the hard deletes). */
  refused: boolean;
}

export interface TryItPage {
  profile: "seed" | "live";
  /** The package entry the TypeScript sample imports. */
  packageEntry: string;
  /** Where the stateful mock `npm start` runs on this page's profile listens: the "Local mock" target's default. */
  localMock: string;
  operations: TryItOperation[];
}

/** What the lazily loaded engine bundle (./engine.ts) gives the panel. */
export interface InPageEngine {
  /** Answers a request as the stateful mock does; its state lasts as long as the page. */
  fetch(request: Request): Promise<Response>;
  reset(): void;
  setScenario(name: string | null): void;
  scenarios: readonly string[];
  /** The mock's 400 for this request (its `attr` and `detail`), or undefined when the mock would take it. */
  check(operationId: string, request: Request, pathValues: Record<string, string>): Promise<{ attr: string | null; detail: string } | undefined>;
  /** How an answer breaks the description: an undocumented status or a body its schema refuses; empty when it conforms. */
  violations(operationId: string, status: number, body: unknown): string[];
}

/** The engine bundle hands `start` to the panel in this event's detail. */
export const engineEvent = "try-it:engine";
export type StartEngine = () => InPageEngine;
