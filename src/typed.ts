import type { Client, ClientPathsWithMethod, FetchOptions, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { paths } from "../generated/openapi.js";

// Only openapi-fetch's own exports are used, so the published types need no other package.
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
type MediaType = `${string}/${string}`;
type PathsWithMethod<Method extends HttpMethod> = ClientPathsWithMethod<Client<paths, MediaType>, Method>;

/**
 * `Actual` with every key that `Expected` lacks turned into `never`, at any depth: a
 * read-only field or a misspelt one in a request body then fails to compile. (openapi-fetch
 * infers the init object generically, which skips TypeScript's excess-property check.)
 */
export type Exact<Expected, Actual> = Actual extends readonly (infer A)[]
  ? Expected extends readonly (infer E)[]
    ? Exact<E, A>[]
    : Actual
  : Actual extends object
    ? [Extract<Expected, object>] extends [never]
      ? Actual
      : { [K in keyof Actual]: K extends keyof Extract<Expected, object> ? Exact<Extract<Expected, object>[K], Actual[K]> : never }
    : Actual;

type ExactBody<Init, Operation> = Init extends { body: infer Body }
  ? { body: Exact<NonNullable<FetchOptions<Operation>["body"]>, Body> }
  : unknown;

/** openapi-fetch's rule: the init argument is optional when nothing in it is required. */
export type InitParam<Init> = {} extends Init
  ? [(Init & { [key: string]: unknown })?]
  : [Init & { [key: string]: unknown }];

/** openapi-fetch's method signature, with exact request bodies. */
export type ExactBodyMethod<Method extends HttpMethod> = <
  Path extends PathsWithMethod<Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init & ExactBody<Init, paths[Path][Method]>>
) => Promise<FetchResponse<paths[Path][Method] & Record<string | number, any>, Init, MediaType>>;

type JsonOk<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } }
  ? Body
  : never;

type GetPath = PathsWithMethod<"get">;

/** The GET paths that answer a page of `results`: the only ones `paginate` accepts. */
export type ListPath = {
  [P in GetPath]: [JsonOk<paths[P]["get"]>] extends [never]
    ? never
    : JsonOk<paths[P]["get"]> extends { results: readonly unknown[] }
      ? P
      : never;
}[GetPath];

/** The item type of a listing. */
export type ItemOf<P extends ListPath> = JsonOk<paths[P]["get"]> extends { results: readonly (infer Item)[] } ? Item : never;

export type PaginateOptions<P extends ListPath> = FetchOptions<paths[P]["get"]> & {
  /**
   * Pages fetched at once. Above 1, and when the listing reports `count`, later pages are
   * requested in parallel; items still arrive in order. Default 1.
   */
  concurrency?: number;
};

export type PaginateArgs<P extends ListPath> = {} extends PaginateOptions<P>
  ? [options?: PaginateOptions<P>]
  : [options: PaginateOptions<P>];

/** One page of a listing. */
export interface Page<Item> {
  results: Item[];
  /** The offset this page starts at. */
  offset: number;
  /** The total the server reported, when it reports one (the live recordings listing does not). */
  count: number | undefined;
  response: Response;
}

export interface ApiClient extends Omit<Client<paths, MediaType>, "POST" | "PUT" | "PATCH"> {
  POST: ExactBodyMethod<"post">;
  PUT: ExactBodyMethod<"put">;
  PATCH: ExactBodyMethod<"patch">;
  /** Every item of a listing, page after page; throws ApiError on an error status. */
  paginate<P extends ListPath>(path: P, ...options: PaginateArgs<P>): AsyncIterableIterator<ItemOf<P>>;
  /** Every page of a listing; throws ApiError on an error status. */
  pages<P extends ListPath>(path: P, ...options: PaginateArgs<P>): AsyncIterableIterator<Page<ItemOf<P>>>;
}
