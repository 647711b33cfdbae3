import type { ValidRequest } from "../spec/validate-request.js";
import type { Random } from "../state/random.js";
import type { MockState, ProjectState } from "../state/state.js";

export interface HandlerContext {
  state: MockState;
  /** The project of `{project_id}`, for operations under a project. */
  project: ProjectState;
  request: ValidRequest;
  url: URL;
  now: Date;
  random: Random;
  pageSize: number;
  /** Marks the state as changed, so adapters persist it. */
  changed(): void;
}

export type Handler = (context: HandlerContext) => Response;
