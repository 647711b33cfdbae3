// The store's invariants, read from a snapshot: every record valid against its schema in the
// description, ids and short_ids unique, next ids past every id, a project under its own id,
// members, activity and sharing only of recordings the project holds. And what an answer says
// about the store: a record answered is the record stored, a listing's count is what it lists.
import type { MockSnapshot } from "../../../src/mock/index.js";
import { maxJsonDepth } from "../../../src/mock/spec/json-limits.js";
import { errorsOf, validatorFor } from "../schema-validator.js";
import { deref, flatten, type Schema, schemaNamed } from "../spec.js";

type Project = MockSnapshot["projects"][string];

/** The schema each collection of the store holds, and the collection a listing's items come from. */
const collections = { playlists: "Playlist", recordings: "SessionRecording", subscriptions: "Subscription" } as const;
type Collection = keyof typeof collections;
const collectionOfSchema = (name: string): Collection | "projects" | undefined =>
  name === "Project" ? "projects" : (Object.keys(collections) as Collection[]).find((c) => collections[c] === name);

function duplicates(values: unknown[]): unknown[] {
  const seen = new Set<unknown>();
  return values.filter((v) => {
    if (seen.has(v)) return true;
    seen.add(v);
    return false;
  });
}

const validators = new Map<string, ReturnType<typeof validatorFor>>();
function invalid(schemaName: string, value: unknown, where: string): string[] {
  const validate = validators.get(schemaName) ?? validatorFor(schemaNamed(schemaName));
  validators.set(schemaName, validate);
  return validate(value) ? [] : [`store-invalid-record: ${where} ${errorsOf(validate).slice(0, 200)}`];
}

/** How deep a value nests its arrays and objects (a scalar is 0), walked without recursion. */
function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [inner, depth] = stack.pop()!;
    if (inner === null || typeof inner !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const item of Object.values(inner)) stack.push([item, depth + 1]);
  }
  return deepest;
}

export function storeProblems(state: MockSnapshot): string[] {
  const problems: string[] = [...invalid("User", state.user, "user")];
  const all = { playlists: [] as { id: number }[], subscriptions: [] as { id: number }[] };
  for (const [key, project] of Object.entries(state.projects)) {
    const where = `projects.${key}`;
    problems.push(...invalid("Project", project.project, `${where}.project`));
    if (String(project.project?.id) !== key) problems.push(`store-project-key: ${where} holds project ${project.project?.id}`);
    for (const [collection, schema] of Object.entries(collections) as [Collection, string][]) {
      const list = project[collection] as unknown[];
      if (!Array.isArray(list)) {
        problems.push(`store-not-a-list: ${where}.${collection}`);
        continue;
      }
      for (const [i, record] of list.entries()) {
        problems.push(...invalid(schema, record, `${where}.${collection}[${i}]`));
        // The API refuses a body nested deeper than this; a record kept deeper came in some other way, and may not go back out.
        if (nesting(record) > maxJsonDepth) problems.push(`store-too-deep: ${where}.${collection}[${i}] nests ${nesting(record)} levels`);
      }
    }
    const recordingIds = new Set(project.recordings.map((r) => r.id));
    const shortIds = project.playlists.map((p) => p.short_id);
    for (const d of duplicates(project.recordings.map((r) => r.id))) problems.push(`store-duplicate-recording-id: ${where} ${d}`);
    for (const d of duplicates(shortIds)) problems.push(`store-duplicate-short-id: ${where} ${d}`);
    for (const [shortId, members] of Object.entries(project.members)) {
      if (!shortIds.includes(shortId)) problems.push(`store-members-of-unknown-playlist: ${where}.members.${shortId}`);
      if (!Array.isArray(members)) {
        problems.push(`store-members-not-a-list: ${where}.members.${shortId}`);
        continue;
      }
      for (const id of members) if (!recordingIds.has(id)) problems.push(`store-member-not-a-recording: ${where}.members.${shortId} ${id}`);
      for (const d of duplicates(members)) problems.push(`store-member-twice: ${where}.members.${shortId} ${d}`);
    }
    for (const field of ["activity", "sharing"] as const)
      for (const id of Object.keys(project[field])) if (!recordingIds.has(id)) problems.push(`store-${field}-of-unknown-recording: ${where} ${id}`);
    // What a recording's filters need and the description does not carry: the events and action ids that happened in it.
    for (const [id, activity] of Object.entries(project.activity)) {
      const ok =
        Array.isArray(activity?.events) &&
        activity.events.every((e) => typeof e === "string") &&
        Array.isArray(activity.actions) &&
        activity.actions.every((a) => Number.isFinite(a));
      if (!ok) problems.push(`store-activity-shape: ${where}.activity.${id}`);
    }
    for (const [id, sharing] of Object.entries(project.sharing)) problems.push(...invalid("SharingConfiguration", sharing, `${where}.sharing.${id}`));
    all.playlists.push(...project.playlists);
    all.subscriptions.push(...project.subscriptions);
  }
  for (const kind of ["playlist", "subscription"] as const) {
    const ids = all[`${kind}s`].map((r) => r.id);
    for (const d of duplicates(ids)) problems.push(`store-duplicate-${kind}-id: ${d}`);
    const next = state.nextId[kind];
    if (!Number.isSafeInteger(next) || next < 1 || ids.some((id) => id >= next)) problems.push(`store-next-id: nextId.${kind} ${next} is not past every id`);
  }
  return problems;
}

/** The schema name a `$ref` names, or undefined. */
const refName = (node: Schema | undefined): string | undefined => (typeof node?.$ref === "string" ? node.$ref.split("/").pop() : undefined);

/** Fields an answer shows that the store derives rather than holds. */
const presented = new Set(["recordings_counts"]);

function storedRecordProblems(project: Project | undefined, collection: Collection | "projects", answered: Record<string, unknown>, where: string): string[] {
  if (collection === "projects") return [];
  const stored = (project?.[collection] as Record<string, unknown>[] | undefined)?.find((r) => r.id === answered.id);
  if (!stored) return [`answered-record-not-stored: ${where} ${collection} id ${answered.id}`];
  const problems: string[] = [];
  for (const [field, value] of Object.entries(answered)) {
    if (presented.has(field)) continue;
    if (JSON.stringify(value) !== JSON.stringify(stored[field])) problems.push(`answered-record-differs: ${where} ${collection}.${field}`);
  }
  if (collection === "playlists") {
    const count = (answered.recordings_counts as { collection?: { count?: number } } | undefined)?.collection?.count;
    const members = project?.members[String(answered.short_id)] ?? [];
    if (count !== undefined && count !== members.length) problems.push(`playlist-count-differs: ${answered.short_id} says ${count}, holds ${members.length}`);
  }
  return problems;
}

/** Query parameters that page or sort a listing but do not filter it. */
const nonFiltering = new Set(["limit", "offset", "order", "ordering", "order_direction", "operand"]);

export interface ListingRequest {
  url: URL;
  pageSize: number;
  limitMaximum?: number;
}

/** What a 2XX JSON answer says about the store, after the request: its records are stored ones, a listing counts what it lists. */
export function answerVersusStore(
  responseSchema: Schema,
  body: unknown,
  state: MockSnapshot,
  projectId: string | undefined,
  request: ListingRequest,
): string[] {
  const project = projectId !== undefined && Object.hasOwn(state.projects, projectId) ? state.projects[projectId] : undefined;
  const single = collectionOfSchema(refName(responseSchema) ?? "");
  if (single) return storedRecordProblems(project, single, body as Record<string, unknown>, request.url.pathname);
  const results = flatten(deref(responseSchema)).properties.results;
  const listed = collectionOfSchema(refName(results?.items) ?? "");
  if (!listed) return [];
  const page = body as { count: number; results: Record<string, unknown>[]; next: string | null };
  const problems = page.results.flatMap((item, i) => storedRecordProblems(project, listed, item, `${request.url.pathname}results[${i}]`));
  const query = request.url.searchParams;
  const last = (name: string) => query.getAll(name).at(-1);
  const offset = Number(last("offset") ?? 0);
  const size = Math.min(Number(last("limit") ?? request.pageSize), request.limitMaximum ?? Number.POSITIVE_INFINITY);
  if (Number.isSafeInteger(offset) && Number.isSafeInteger(size)) {
    const expected = Math.max(0, Math.min(size, page.count - offset));
    if (page.results.length !== expected)
      problems.push(`listing-page-size: ${page.results.length} results, count ${page.count}, offset ${offset}, size ${size}`);
    if ((page.next !== null) !== offset + size < page.count)
      problems.push(`listing-next: ${page.next} with count ${page.count}, offset ${offset}, size ${size}`);
  }
  if ([...query.keys()].every((name) => nonFiltering.has(name))) {
    const visible =
      listed === "projects"
        ? Object.keys(state.projects).length
        : ((project?.[listed] as { deleted?: boolean | null }[] | undefined) ?? []).filter((r) => !r.deleted).length;
    if (page.count !== visible) problems.push(`listing-count: ${request.url.pathname} counts ${page.count}, the store holds ${visible} listed`);
  }
  return problems;
}
