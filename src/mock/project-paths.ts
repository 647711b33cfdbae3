// How a request's path names its project, beyond the route itself: `@current` (the value the
// description's `x-current` names) stands for the key's user's current project, as PostHog's
// `TeamAndOrgViewSetMixin.parents_query_dict` reads it; and a profile that serves one prefix
// tells a caller of another which it serves (openapi/DECISIONS.md, "Path prefix").
import type { OperationEntry, SpecTable } from "./spec/operations.js";
import type { Router } from "./spec/router.js";
import type { MockState } from "./state/state.js";

/**
 * The key's user's current project: every key acts as the state's one user, who has the
 * state's first project open (the lowest id, as the state lists its projects); none when the
 * state holds no project, which the project's handler answers 404 "Project not found.".
 */
const currentProjectOf = (state: MockState): string | undefined => Object.keys(state.projects)[0];

/** `params` with the table's current-project value resolved to the project it names; the same object when none is sent. */
export function resolveCurrent(table: SpecTable, state: MockState, params: Record<string, string>): Record<string, string> {
  const current = table.current;
  if (!current || params[current.param] !== current.value) return params;
  const project = currentProjectOf(state);
  return project === undefined ? params : { ...params, [current.param]: project };
}

/** The prefix the profile's project paths are under (`/api/environments/{project_id}/`), from its operations. */
export function servedPrefixOf(operations: readonly OperationEntry[]): string | undefined {
  const path = operations.map((o) => o.path).find((p) => /^\/[^/]+\/[^/]+\/\{[^/]+\}\//.test(p));
  return path?.match(/^\/[^/]+\/[^/]+\/\{[^/]+\}\//)?.[0];
}

/**
 * Whether `pathname`, not routed as it is, is routed once its second segment is the served
 * prefix's: a call under a prefix the profile does not serve (`/api/projects/1/…` in the seed's).
 */
export function underOtherPrefix(route: Router<OperationEntry>, served: string, method: string, pathname: string): boolean {
  const servedSegment = served.split("/")[2];
  const parts = pathname.split("/");
  if (parts.length < 5 || parts[2] === servedSegment) return false;
  parts[2] = servedSegment!;
  return route(method, parts.join("/")).kind !== "not-found";
}
