import type { FetchOptions, FetchResponse, MaybeOptionalInit, Middleware } from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import type { httpMethods } from "./internal/call.js";
import type { CallOptions } from "./options.js";

// Only openapi-fetch's own exports are used, so the published types need no other package.
// The client is typed from `paths` directly rather than through openapi-fetch's generic
// `Client`: inferring against that whole interface made every call cost a consumer's
// type-check several times what the same call costs with bare openapi-fetch.

/** The methods as `paths` spells them, from the list of calls the client wraps: one source for both. */
type HttpMethod = Lowercase<(typeof httpMethods)[number]>;
type MediaType = `${string}/${string}`;

/** The paths that have `Method`. */
export type PathsWith<Method extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [M in Method]: unknown } ? P : never;
}[keyof paths];

/**
 * What a request body field that the operation does not take must be: a type no value has,
 * whose only key is the message the compiler shows. (An object, not a string literal: a
 * literal would turn the whole body into `never` and the message into "not assignable to never".)
 */
export type ReadOnlyOrUnknownField<Field> = { [M in `'${Field & string}' is not a writable field of this request body`]: never };

/**
 * `Actual` with every key that `Expected` lacks turned into a message naming it, at any
 * depth: a read-only or misspelt field in a request body then fails to compile, saying
 * which. (openapi-fetch infers the init object generically, which skips TypeScript's
 * excess-property check.)
 */
export type Exact<Expected, Actual> = Actual extends readonly (infer A)[]
  ? Expected extends readonly (infer E)[]
    ? Exact<E, A>[]
    : Actual
  : Actual extends object
    ? ExactObject<Extract<Expected, object>, Actual>
    : Actual;

type ExactObject<Expected, Actual> = [Expected] extends [never]
  ? Actual
  : { [K in keyof Actual]: K extends keyof Expected ? Exact<Expected[K], Actual[K]> : ReadOnlyOrUnknownField<K> };

/** The JSON request body an operation takes. */
type BodyOf<Operation> = Operation extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;

type ExactBody<Init, Operation> = Init extends { body: infer Body } ? { body: Exact<BodyOf<Operation>, Body> } : unknown;

/**
 * openapi-fetch's rule, the init argument optional when nothing in it is required, with this
 * client's per-call options typed.
 */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` is the test for "nothing in T is required", as openapi-fetch writes it.
export type InitParam<Init> = {} extends Init ? [(Init & CallOptions & { [key: string]: unknown })?] : [Init & CallOptions & { [key: string]: unknown }];

type Result<Path extends keyof paths, Method extends HttpMethod, Init> = Promise<
  // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's FetchResponse takes exactly this type.
  FetchResponse<paths[Path][Method] & Record<string | number, any>, Init, MediaType>
>;

/** openapi-fetch's method signature for one HTTP method. */
export type Call<Method extends HttpMethod> = <Path extends PathsWith<Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: InitParam<Init>
) => Result<Path, Method, Init>;

/** The same, for methods that send a body: the body must be exact. */
export type BodyCall<Method extends HttpMethod> = <Path extends PathsWith<Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: InitParam<Init & ExactBody<Init, paths[Path][Method]>>
) => Result<Path, Method, Init>;

type JsonOk<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;

type GetPath = PathsWith<"get">;

/** The GET paths that answer a page of `results`: the only ones `paginate` accepts. */
export type ListPath = {
  [P in GetPath]: [JsonOk<paths[P]["get"]>] extends [never] ? never : JsonOk<paths[P]["get"]> extends { results: readonly unknown[] } ? P : never;
}[GetPath];

/** The item type of a listing. */
export type ItemOf<P extends ListPath> = JsonOk<paths[P]["get"]> extends { results: readonly (infer Item)[] } ? Item : never;

export type PaginateOptions<P extends ListPath> = FetchOptions<paths[P]["get"]> &
  CallOptions & {
    /**
     * Pages fetched at once. Above 1, and when the listing reports `count`, later pages are
     * requested in parallel; items still arrive in order. Default 1.
     */
    concurrency?: number;
  };

// biome-ignore lint/complexity/noBannedTypes: `{} extends T` is the test for "nothing in T is required".
export type PaginateArgs<P extends ListPath> = {} extends PaginateOptions<P> ? [options?: PaginateOptions<P>] : [options: PaginateOptions<P>];

/** One page of a listing. */
export interface Page<Item> {
  results: Item[];
  /** The offset this page starts at. */
  offset: number;
  /** The total the server reported, when it reports one (the live recordings listing does not). */
  count: number | undefined;
  response: Response;
}

/** openapi-fetch's client for this API, with exact request bodies, per-call options, and paging. */
export interface ApiClient {
  GET: Call<"get">;
  PUT: BodyCall<"put">;
  POST: BodyCall<"post">;
  DELETE: Call<"delete">;
  OPTIONS: Call<"options">;
  HEAD: Call<"head">;
  PATCH: BodyCall<"patch">;
  TRACE: Call<"trace">;
  /** Any method by name, as openapi-fetch's `request`. */
  request<Method extends HttpMethod, Path extends PathsWith<Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
    method: Method,
    url: Path,
    ...init: InitParam<Init & ExactBody<Init, paths[Path][Method]>>
  ): Result<Path, Method, Init>;
  /** Registers openapi-fetch middleware. */
  use(...middleware: Middleware[]): void;
  /** Removes openapi-fetch middleware. */
  eject(...middleware: Middleware[]): void;
  /** Every item of a listing, page after page; throws ApiError on an error status. */
  paginate<P extends ListPath>(path: P, ...options: PaginateArgs<P>): AsyncIterableIterator<ItemOf<P>>;
  /** Every page of a listing; throws ApiError on an error status. */
  pages<P extends ListPath>(path: P, ...options: PaginateArgs<P>): AsyncIterableIterator<Page<ItemOf<P>>>;
}
