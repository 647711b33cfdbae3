// The read plan and the declared answers, as scripts/build/compile-conformance.mjs compiled them from
// both descriptions at `npm run generate`: nothing here reads a description at run time.
import compiled from "../../generated/conformance/plan.json";

/** The descriptions an answer is checked against. */
export const profiles = ["seed", "live"] as const;
export type Profile = (typeof profiles)[number];

/** Where one path parameter's value comes from: the first item of a listing read before. */
export interface Source {
  param: string;
  listing: string;
  field: string;
}

/** One GET operation of the plan. */
export interface ReadStep {
  id: string;
  path: string;
  /** It answers a page of `results`, in at least one description: its next pages are followed. */
  listing: boolean;
  /** The page-size query parameter both descriptions declare, if any. */
  pageSize?: string;
  /** Required query parameters, with the description's example of each. */
  query: Record<string, string>;
  sources: Source[];
}

/** What one description declares an operation answers: each status, with a JSON body or none. */
export interface DeclaredAnswers {
  method: string;
  path: string;
  statuses: Record<string, { json: boolean }>;
}

export const readSteps: readonly ReadStep[] = compiled.reads as ReadStep[];

const answers = compiled.answers as Record<Profile, Record<string, DeclaredAnswers>>;

/** What `profile`'s description declares `operation` answers; undefined when it has no such operation. */
export const declaredAnswers = (profile: Profile, operation: string): DeclaredAnswers | undefined =>
  Object.hasOwn(answers[profile], operation) ? answers[profile][operation] : undefined;
