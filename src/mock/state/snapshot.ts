// Checks a snapshot before the mock adopts it: a corrupt one is refused with the field named,
// never half-applied.
import { plainValidators } from "../spec/validators.js";
import type { MockState } from "./state.js";

export class MockStateError extends Error {
  override name = "MockStateError";
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function each(list: unknown, where: string, schema: string) {
  if (!Array.isArray(list)) throw new MockStateError(`${where} must be an array`);
  const validate = plainValidators[`schema_${schema}`]!;
  list.forEach((item, index) => {
    if (!validate(item)) {
      const first = validate.errors?.[0];
      throw new MockStateError(`${where}[${index}]${first?.instancePath.replace(/\//g, ".") ?? ""} ${first?.message ?? "is invalid"}`);
    }
  });
}

export function checkSnapshot(snapshot: unknown): MockState {
  if (!isObject(snapshot)) throw new MockStateError("the snapshot must be an object");
  if (snapshot.version !== 1) throw new MockStateError(`snapshot.version must be 1, got ${JSON.stringify(snapshot.version)}`);
  if (!isObject(snapshot.user) || typeof snapshot.user.email !== "string") throw new MockStateError("snapshot.user must be a user with an email");
  const nextId = snapshot.nextId;
  if (!isObject(nextId) || !Number.isInteger(nextId.playlist) || !Number.isInteger(nextId.subscription)) {
    throw new MockStateError("snapshot.nextId must hold whole numbers `playlist` and `subscription`");
  }
  if (!isObject(snapshot.projects)) throw new MockStateError("snapshot.projects must be an object keyed by project id");
  for (const [id, project] of Object.entries(snapshot.projects)) {
    const where = `snapshot.projects.${id}`;
    if (!isObject(project)) throw new MockStateError(`${where} must be an object`);
    each([project.project], `${where}.project`, "Project");
    each(project.playlists, `${where}.playlists`, "Playlist");
    each(project.recordings, `${where}.recordings`, "SessionRecording");
    each(project.subscriptions, `${where}.subscriptions`, "Subscription");
    for (const field of ["members", "activity", "sharing"]) {
      if (!isObject(project[field])) throw new MockStateError(`${where}.${field} must be an object`);
    }
  }
  return snapshot as unknown as MockState;
}
