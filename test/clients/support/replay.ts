// One client call replayed against the in-process live mock (test/clients/README.md): the mock put
// back to the suite's state before each call, so no call depends on another; the call sent as the client
// sends it, its placeholders filled from that state; the verdict is what fails of "2xx with every
// field read" or "the service's own refusal", or none.
import { createMock, type Mock } from "../../../src/mock/live.js";
import type { MockState } from "../../../src/mock/state/state.js";
import type { Call } from "./calls.js";

const key = "phx_clients_suite";
const origin = "http://clients.test";

/** The state every call starts from: the live mock's seeded story, with one delivery of its first subscription (a test delivery). */
export async function suiteState(): Promise<{ state: MockState; placeholders: Record<string, string> }> {
  const mock = createMock({ keys: { [key]: "*" } });
  const story = mock.snapshot();
  const [projectId, project] = Object.entries(story.projects)[0]!;
  const subscription = project.subscriptions[0]!.id;
  const headers = { authorization: `Bearer ${key}` };
  const made = await mock.fetch(`${origin}/api/environments/${projectId}/subscriptions/${subscription}/test-delivery/`, { method: "POST", headers });
  if (made.status !== 202) throw new Error(`the suite's test delivery answered ${made.status}`);
  const state = mock.snapshot();
  const kept = state.projects[projectId]!;
  const delivery = kept.deliveries?.[0]?.id;
  const collection = project.playlists.find((p) => p.type === "collection" && !p.deleted);
  const filters = project.playlists.find((p) => p.type === "filters" && !p.deleted);
  // A small state, so that each call's fresh copy is quick to check: those two playlists, their
  // recordings and a few more, the first two subscriptions; every insight and dashboard stays.
  const playlists = [collection, filters].flatMap((p) => (p ? [p] : []));
  kept.playlists = playlists;
  kept.members = Object.fromEntries(playlists.map((p) => [p.short_id, kept.members[p.short_id] ?? []]));
  const members = new Set(Object.values(kept.members).flat());
  const recordingIds = new Set([...kept.recordings.slice(0, 6).map((r) => r.id), ...members]);
  kept.recordings = kept.recordings.filter((r) => recordingIds.has(r.id));
  kept.activity = Object.fromEntries(Object.entries(kept.activity ?? {}).filter(([id]) => recordingIds.has(id)));
  kept.sharing = Object.fromEntries(Object.entries(kept.sharing).filter(([id]) => recordingIds.has(id)));
  kept.subscriptions = kept.subscriptions.slice(0, 2);
  const subscriptionIds = new Set(kept.subscriptions.map((s) => s.id));
  if (kept.deliveries) kept.deliveries = kept.deliveries.filter((d) => subscriptionIds.has(d.subscription));
  for (const id of Object.keys(state.projects)) if (id !== projectId) delete state.projects[id];
  const recordings = kept.recordings.map((r) => r.id);
  const placeholders: Record<string, string | undefined> = {
    project: projectId,
    playlist: collection?.short_id,
    filters_playlist: filters?.short_id,
    recording: recordings[0],
    // A recording the collection holds, for a client that removes one.
    member: collection ? kept.members[collection.short_id]?.[0] : undefined,
    // A recording no playlist holds yet, for a client that adds one.
    free_recording: recordings.find((id) => !members.has(id)),
    person: kept.recordings.find((r) => r.person?.uuid)?.person?.uuid ?? undefined,
    subscription: String(subscription),
    delivery,
  };
  const missing = Object.entries(placeholders).filter(([, value]) => value === undefined);
  if (missing.length > 0) throw new Error(`the suite's state has no ${missing.map(([name]) => name).join(", ")}`);
  return { state, placeholders: placeholders as Record<string, string> };
}

const fill = (text: string, placeholders: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in placeholders)) throw new Error(`unknown placeholder ${whole}`);
    return placeholders[name]!;
  });

const missing = Symbol("missing");

/** Each value at the dotted path `at` in `body`, `*` standing for every item of a list: one `missing` where a key is absent. */
function valuesAt(body: unknown, at: string): unknown[] {
  let values: unknown[] = [body];
  for (const key of at.split(".")) {
    values = values.flatMap((value) => {
      if (key === "*") return Array.isArray(value) ? value : [missing];
      if (typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)) return [(value as Record<string, unknown>)[key]];
      return [missing];
    });
  }
  return values;
}

/** What the mock answered, in a line for the ledger: its status and the start of its body. */
const answerLine = (status: number, text: string) => `${status}${text === "" ? "" : ` ${text.slice(0, 200)}`}`;

/** The mock every call is answered by, put back to the suite's state before each. */
export function suiteMock(state: MockState): Mock {
  return createMock({ snapshot: state, keys: { [key]: "*" }, responseViolations: "flag" });
}

export async function replay(mock: Mock, call: Call, state: MockState, placeholders: Record<string, string>): Promise<{ failure?: string; mock: string }> {
  mock.restore(state);
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  const init: RequestInit = { method: call.method, headers };
  if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = fill(JSON.stringify(call.body), placeholders);
  }
  const response = await mock.fetch(`${origin}${fill(call.path, placeholders)}`, init);
  const text = await response.text();
  const answered = answerLine(response.status, text);
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  if (call.refusal) {
    if (response.status !== call.refusal.status) return { failure: `the service refuses it with ${call.refusal.status}`, mock: answered };
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    if (call.refusal.detail !== undefined && detail !== call.refusal.detail)
      return { failure: `the service's refusal says "${call.refusal.detail}"`, mock: answered };
    return { mock: answered };
  }
  if (response.status < 200 || response.status > 299) return { failure: "the service answers 2xx", mock: answered };
  const unread = call.reads.filter((at) => valuesAt(body, at).includes(missing));
  if (unread.length > 0) return { failure: `the client reads ${unread.join(", ")}`, mock: answered };
  return { mock: answered };
}
