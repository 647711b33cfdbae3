import type { ClientMethod, FetchOptions, FetchResponse, MaybeOptionalInit, Middleware } from "openapi-fetch";
import type { paths } from "../../generated/openapi.js";
import type { httpMethods } from "./internal/call.js";
import type { CallOptions } from "./options.js";

// Only openapi-fetch's own exports are used, so the published types need no other package.
// The client is typed from `paths` directly rather than through openapi-fetch's generic
// `Client`: inferring against that whole interface made every call cost a consumer's
// type-check several times what the same call costs with bare openapi-fetch. Every type takes
// the paths it serves (`Paths`), the description's by default and the live service's for
// session-recordings-api/live.

/** The paths a client serves: the description's, or the live service's. */
// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch constrains its paths to exactly this type.
export type AnyPaths = Record<string, any>;

/** The methods as `paths` spells them, from the list of calls the client wraps: one source for both. */
export type HttpMethod = Lowercase<(typeof httpMethods)[number]>;
type MediaType = `${string}/${string}`;

/** The paths that have `Method`. */
export type PathsWith<Method extends HttpMethod, Paths extends AnyPaths = paths> = {
  [P in keyof Paths]: Paths[P] extends { [M in Method]: unknown } ? P : never;
}[keyof Paths];

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

/** The keys of any member of a union (`keyof` of a union gives only those they share). */
type KeysOfAny<T> = T extends unknown ? keyof T : never;
/** `T[K]` across the union members that have `K`. */
type ValueOfAny<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

type ExactObject<Expected, Actual> = [Expected] extends [never]
  ? Actual
  : { [K in keyof Actual]: K extends KeysOfAny<Expected> ? Exact<ValueOfAny<Expected, K>, Actual[K]> : ReadOnlyOrUnknownField<K> };

/** The JSON request body an operation takes. */
type BodyOf<Operation> = Operation extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;

type ExactBody<Init, Operation> = Init extends { body: infer Body } ? { body: Exact<BodyOf<Operation>, Body> } : unknown;

/**
 * openapi-fetch's rule, the init argument optional when nothing in it is required, with this
 * client's per-call options typed.
 */
/** Whether nothing in `T` is required. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends T` is the test for "nothing in T is required", as openapi-fetch writes it.
type NothingRequired<T> = {} extends T ? true : false;

export type InitParam<Init> =
  NothingRequired<Init> extends true ? [(Init & CallOptions & { [key: string]: unknown })?] : [Init & CallOptions & { [key: string]: unknown }];

type Result<Paths extends AnyPaths, Path extends keyof Paths, Method extends HttpMethod, Init> = Promise<
  // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's FetchResponse takes exactly this type.
  FetchResponse<Paths[Path][Method] & Record<string | number, any>, Init, MediaType>
>;

/** openapi-fetch's method signature for one HTTP method. */
type StrictCall<Method extends HttpMethod, Paths extends AnyPaths> = <
  Path extends PathsWith<Method, Paths>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Result<Paths, Path, Method, Init>;

/** The same, for methods that send a body: the body must be exact. */
type StrictBodyCall<Method extends HttpMethod, Paths extends AnyPaths> = <
  Path extends PathsWith<Method, Paths>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init & ExactBody<Init, Paths[Path][Method]>>
) => Result<Paths, Path, Method, Init>;

/**
 * The `this` of the signature each method shows the tools built on openapi-fetch, which no
 * direct call has.
 */
export interface CalledByOpenapiFetchTools {
  readonly "only tools built on openapi-fetch call this signature": true;
}

/**
 * What a tool built on openapi-fetch (openapi-react-query, swr-openapi) finds beside each strict
 * signature. The tools ask for openapi-fetch's `Client`, whose generic methods the strict
 * signatures cannot be compared with; a signature that takes and answers anything can, and
 * TypeScript ignores its `this` when the target declares none. No direct call has that `this`,
 * so a direct call always meets the strict signature, and the tools type their own calls. It
 * takes three arguments at least, which no direct call passes, so a mistaken call is never
 * matched against it: the compiler's first line names the mistake (TypeScript 5.9 would list
 * this signature's `this` first, 7 would name it alone). The cost: through openapi-react-query,
 * type-checking makes about 14% more instantiations.
 */
// biome-ignore lint/suspicious/noExplicitAny: relatable to every openapi-fetch method; never called directly.
type ToolSignature = (this: CalledByOpenapiFetchTools, url: any, init: any, onlyTools: any, ...rest: any[]) => any;

/** A call of one HTTP method: this client's signature for direct calls, openapi-fetch's for its tools. */
export type Call<Method extends HttpMethod, Paths extends AnyPaths = paths> = ToolSignature & StrictCall<Method, Paths>;

/** The same, for methods that send a body, which must be exact in a direct call. */
export type BodyCall<Method extends HttpMethod, Paths extends AnyPaths = paths> = ToolSignature & StrictBodyCall<Method, Paths>;

/** Any method by name: exact bodies in a direct call. */
type StrictRequest<Paths extends AnyPaths> = <
  Method extends HttpMethod,
  Path extends PathsWith<Method, Paths>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  method: Method,
  url: Path,
  ...init: InitParam<Init & ExactBody<Init, Paths[Path][Method]>>
) => Result<Paths, Path, Method, Init>;

type JsonOk<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } } ? Body : never;

/** The GET paths that answer a page of `results`: the only ones `paginate` accepts. */
export type ListPath<Paths extends AnyPaths = paths> = {
  [P in PathsWith<"get", Paths>]: [JsonOk<Paths[P]["get"]>] extends [never]
    ? never
    : JsonOk<Paths[P]["get"]> extends { results: readonly unknown[] }
      ? P
      : never;
}[PathsWith<"get", Paths>];

/** What one page of a listing answers: the envelope, or `{results, has_next}` live. */
export type ListingPage<P extends ListPath<Paths>, Paths extends AnyPaths = paths> = JsonOk<Paths[P]["get"]>;

/** The item type of a listing. */
export type ItemOf<P extends ListPath<Paths>, Paths extends AnyPaths = paths> =
  JsonOk<Paths[P]["get"]> extends { results: readonly (infer Item)[] } ? Item : never;

export type PaginateOptions<P extends ListPath<Paths>, Paths extends AnyPaths = paths> = FetchOptions<Paths[P]["get"]> &
  CallOptions & {
    /**
     * Pages fetched at once. Above 1, later pages are requested in parallel: up to the
     * listing's `count`, or ahead while `has_next` says more follow. Items still arrive in
     * order, each once. Default 1.
     */
    concurrency?: number;
  };

export type PaginateArgs<P extends ListPath<Paths>, Paths extends AnyPaths = paths> =
  NothingRequired<PaginateOptions<P, Paths>> extends true ? [options?: PaginateOptions<P, Paths>] : [options: PaginateOptions<P, Paths>];

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
export interface ApiClient<Paths extends AnyPaths = paths> {
  GET: Call<"get", Paths>;
  PUT: BodyCall<"put", Paths>;
  POST: BodyCall<"post", Paths>;
  DELETE: Call<"delete", Paths>;
  OPTIONS: Call<"options", Paths>;
  HEAD: Call<"head", Paths>;
  PATCH: BodyCall<"patch", Paths>;
  /**
   * openapi-fetch's own type, exactly: the API has no TRACE operation, and a tool built on
   * openapi-fetch reads the client's paths from this alias (TypeScript infers a generic's
   * arguments from a member typed with the same alias, not from the other methods' signatures).
   */
  TRACE: ClientMethod<Paths, "trace", MediaType>;
  /** Any method by name, as openapi-fetch's `request`. */
  request: ToolSignature & StrictRequest<Paths>;
  /** Registers openapi-fetch middleware. */
  use(...middleware: Middleware[]): void;
  /** Removes openapi-fetch middleware. */
  eject(...middleware: Middleware[]): void;
  /** Every item of a listing, page after page; throws ApiError on an error status. */
  paginate<P extends ListPath<Paths>>(path: P, ...options: PaginateArgs<P, Paths>): AsyncIterableIterator<ItemOf<P, Paths>>;
  /** Every page of a listing; throws ApiError on an error status. */
  pages<P extends ListPath<Paths>>(path: P, ...options: PaginateArgs<P, Paths>): AsyncIterableIterator<Page<ItemOf<P, Paths>>>;
}
