// What one run may read: pages (responses), items (records kept from listings), bytes (of the
// answers' bodies) and time, each with a default and a flag. A source whose `next` never ends
// would otherwise be read until memory runs out; past a bound the run stops, naming the
// resource and the bound, and writes nothing. The reads are cut by aborting them, so a bound
// ends a wait for the pace or a body being read as Ctrl-C does.

export interface RunBounds {
  /** Responses read, every listing together. */
  maxPages: number;
  /** Records kept from the listings: projects, playlists, recordings, members, subscriptions. */
  maxItems: number;
  /** Bytes of the answers' bodies read. */
  maxBytes: number;
  /** The run's time, from its first request to its last. */
  maxTimeMs: number;
}

/** Each default leaves the whole run (what it holds, parsed) well under 300 MB of memory. */
export const defaultBounds: RunBounds = { maxPages: 2_000, maxItems: 20_000, maxBytes: 64 * 1024 * 1024, maxTimeMs: 60 * 60_000 };

/** Each bound's flag, for the message that names it. */
export const boundFlags = { maxPages: "--max-pages", maxItems: "--max-items", maxBytes: "--max-bytes", maxTimeMs: "--max-time-ms" } as const;

const units = { maxPages: "pages", maxItems: "items", maxBytes: "bytes", maxTimeMs: "ms" } as const;

/** A bound was reached: the run stopped there and nothing was written. */
export class BoundReachedError extends Error {
  override name = "BoundReachedError";
  constructor(
    readonly resource: string,
    readonly bound: keyof RunBounds,
    readonly limit: number,
  ) {
    super(
      `reading ${resource} passed the bound of ${limit} ${units[bound]} (${boundFlags[bound]}), so nothing was written: a listing whose next page never ends, or an account larger than the bound (raise ${boundFlags[bound]})`,
    );
  }
}

/** The listing a request reads, named for a person. */
export function resourceOf(path: string): string {
  if (/\/session_recording_playlists\/[^/]+\/recordings\/?$/.test(path)) return "a playlist's recordings";
  if (/\/session_recording_playlists\/?$/.test(path)) return "the playlists";
  if (/\/session_recordings\/?$/.test(path)) return "the recordings";
  if (/\/subscriptions\/?$/.test(path)) return "the subscriptions";
  if (/\/api\/projects\/?$/.test(path)) return "the projects";
  return "the account";
}

/** The run's counts against its bounds; `stop` aborts the reads with the error. */
export class RunBudget {
  #pages = 0;
  #items = 0;
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** What is being read, for the time bound's message. */
  #reading = "the projects";
  /** The bound reached, once one is. */
  reached: BoundReachedError | undefined;

  constructor(
    readonly bounds: RunBounds,
    private readonly stop: (error: BoundReachedError) => void,
  ) {}

  /** Starts the run's clock: past maxTimeMs the reads are aborted wherever they are. */
  start(): void {
    this.#timer = setTimeout(() => {
      try {
        this.exceed(this.#reading, "maxTimeMs");
      } catch {
        // Thrown to no one here: the aborted reads carry it.
      }
    }, this.bounds.maxTimeMs);
  }

  end(): void {
    clearTimeout(this.#timer);
  }

  /** Throws (and aborts the reads) with the bound reached. */
  exceed(resource: string, bound: keyof RunBounds): never {
    this.reached ??= new BoundReachedError(resource, bound, this.bounds[bound]);
    this.stop(this.reached);
    throw this.reached;
  }

  page(resource: string): void {
    this.#reading = resource;
    if (++this.#pages > this.bounds.maxPages) this.exceed(resource, "maxPages");
  }

  item(resource: string): void {
    if (++this.#items > this.bounds.maxItems) this.exceed(resource, "maxItems");
  }

  bytes(resource: string, n: number): void {
    this.#bytes += n;
    if (this.#bytes > this.bounds.maxBytes) this.exceed(resource, "maxBytes");
  }

  /** `response` with its body counted as it is read. */
  counted(response: Response, resource: string): Response {
    if (!response.body) return response;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.bytes(resource, chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    const out = new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
    // What the client reads off the response beside its body: where it came from, and whether by a redirect (which it refuses).
    return Object.defineProperties(out, { url: { value: response.url }, redirected: { value: response.redirected } });
  }
}
