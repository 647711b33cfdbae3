import { projectNotFound } from "../errors.js";
import { own } from "../own-key.js";
import type { Answer } from "../responses.js";
import type { OperationEntry, SpecTable } from "../spec/operations.js";
import type { ValidRequest } from "../spec/validate-request.js";
import type { StatePart } from "../state/changes.js";
import type { Random } from "../state/random.js";
import type { MockState, ProjectState } from "../state/state.js";
import type { PartRecord } from "../state/working-state.js";

/** What a handler gets: the operation's compiled facts, the state, and the request as validated. */
export interface HandlerContext {
  operation: OperationEntry;
  /** The profile's table: the shapes its answers take. */
  table: SpecTable;
  state: MockState;
  /**
   * The state's generation (state/generation.ts) for a request that only reads, so what it derives
   * from a record may be remembered until the state changes; undefined for one that may write.
   */
  generation: number | undefined;
  request: ValidRequest;
  url: URL;
  now: Date;
  random: Random;
  /** A page size for a listing asked for without `limit`, in place of the description's default (`createMock`'s `pageSize`). */
  pageSize: number | undefined;
  /** Whether the request's key also holds `scope` (a scope a body field adds, `x-scopes-for-fields`). */
  holds(scope: string): boolean;
  /**
   * Puts a record of the request's project (its part and key, see state/changes.ts; null removes
   * it): the one way a handler changes the state, whose records are frozen. So every change is
   * told to adapters (they persist it) and undone by `reset()`.
   */
  write<P extends StatePart>(part: P, key: string, value: PartRecord<P> | null): void;
  /** Whether the state is at its size cap (state/size.ts). */
  full(): boolean;
  /** The answer to a write refused because the state is at its cap. */
  fullAnswer(): Answer;
}

export type Handler = (context: HandlerContext) => Answer;

/**
 * A handler whose write may grow the state: refused while the state is at its size cap. An
 * update that only sets `deleted` (a soft delete) grows nothing, and goes on.
 */
export const growing =
  (handler: Handler): Handler =>
  (context) => {
    const body = context.request.body;
    const softDelete =
      (context.operation.method === "PATCH" || context.operation.method === "PUT") &&
      body !== null &&
      typeof body === "object" &&
      Object.keys(body).every((key) => key === "deleted");
    return !softDelete && context.full() ? context.fullAnswer() : handler(context);
  };

/** The context of an operation under `/api/environments/{project_id}/`. */
export interface ProjectContext extends HandlerContext {
  project: ProjectState;
}

/** A handler for an operation under a project: a project the mock does not hold answers 404. */
export const inProject =
  (handler: (context: ProjectContext) => Answer): Handler =>
  (context) => {
    const project = own(context.state.projects, String(context.request.path.project_id));
    if (!project) return projectNotFound();
    // The context is the request's own: given its project in place, not copied field by field on every request.
    const projectContext = context as ProjectContext;
    projectContext.project = project;
    return handler(projectContext);
  };
