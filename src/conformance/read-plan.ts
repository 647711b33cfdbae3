// The reads: every GET operation of the plan, in order. A listing is followed for up to
// --max-pages pages (its `next` link, or `has_next`); an item is fetched by an id the first
// page of its listing gave.
import { isObject } from "../shared/is-object.js";
import { nextPage, type PageBody } from "../shared/next-page.js";
import type { Options } from "./args.js";
import type { Call, Send } from "./exchange.js";
import { declaredAnswers, type Profile, type ReadStep, readSteps } from "./plan.js";
import { jsonOf, type Row, rowOf, skippedRow } from "./rows.js";

/** Items asked for per page: small, so a few pages show the paging. */
const pageSize = 20;

type Query = Record<string, string | number>;

/** The query of the page after `body`, or undefined at the end (or on a body that is no page). */
function nextQuery(body: unknown, query: Query): Query | undefined {
  if (!isObject(body) || !Array.isArray(body.results)) return undefined;
  const next = nextPage(body as PageBody);
  if (!next) return undefined;
  if (!next.link) return { ...query, offset: Number(query.offset ?? 0) + body.results.length };
  // The link is followed as it reads: one without a whole-number offset ends the listing.
  const offset = next.link.get("offset");
  if (offset === null || !/^\d+$/.test(offset)) return undefined;
  const limit = next.link.get("limit");
  return { ...query, offset: Number(offset), ...(limit !== null && /^\d+$/.test(limit) ? { limit: Number(limit) } : {}) };
}

/** The items of a listing's page: where later steps find their ids. */
function itemsOf(body: unknown): Record<string, unknown>[] {
  return isObject(body) && Array.isArray(body.results) ? body.results.filter(isObject) : [];
}

/** Runs the read plan; the rows in the order of the calls. */
export async function runReads(
  send: Send,
  options: Pick<Options, "project" | "maxPages">,
  profiles: readonly Profile[],
  onRow: (row: Row) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const emit = (row: Row) => {
    rows.push(row);
    onRow(row);
  };
  /** Each listing's first page items, for the steps that need an id. */
  const listed = new Map<string, { items: Record<string, unknown>[]; why: string }>();
  for (const step of readSteps) await runStep(step);
  return rows;

  async function runStep(step: ReadStep) {
    const pathParams: Record<string, string> = { project_id: options.project };
    const missing: string[] = [];
    // A description that lacks the operation expects it refused whatever the id: a stand-in id
    // checks that, where no listing gave one, rather than skipping the call.
    const standIn = profiles.some((profile) => declaredAnswers(profile, step.id) === undefined);
    for (const { param, listing, field } of step.sources) {
      const from = listed.get(listing);
      const value = from?.items.map((item) => item[field]).find((v) => typeof v === "string" || typeof v === "number");
      if (value !== undefined) pathParams[param] = String(value);
      else if (standIn) pathParams[param] = "none";
      else missing.push(`no {${param}}: ${listing} ${from ? from.why || `gave no item with a ${field}` : "was not read"}`);
    }
    let query: Query | undefined = { ...step.query, ...(step.pageSize ? { [step.pageSize]: pageSize } : {}) };
    const call: Call = { operation: step.id, method: "GET", path: step.path, pathParams, query };
    if (missing.length) return emit(skippedRow(call, step.id, missing.join("; ")));
    for (let page = 1; query && page <= (step.listing ? options.maxPages : 1); page++) {
      const paged = { ...call, query };
      const outcome = await send(paged);
      emit(rowOf(paged, step.listing ? `${step.id} (page ${page})` : step.id, outcome, profiles));
      const body = jsonOf(outcome);
      if (page === 1) {
        const status = "answer" in outcome ? `answered ${outcome.answer.status}` : "had no answer";
        const items = "answer" in outcome && outcome.answer.status === 200 ? itemsOf(body) : [];
        listed.set(step.id, { items, why: items.length ? "" : `${status} with no item` });
      }
      query = "answer" in outcome && outcome.answer.status === 200 ? nextQuery(body, query) : undefined;
    }
  }
}
