// The limit/offset envelope, with `next` and `previous` as absolute URLs on the origin the
// request came to, carrying the caller's other query parameters.
export interface PageRequest {
  url: URL;
  limit: number | undefined;
  offset: number | undefined;
}

export function page<T>(items: readonly T[], { url, limit, offset }: PageRequest, defaultLimit: number, maxLimit = 1000) {
  const size = Math.min(limit ?? defaultLimit, maxLimit);
  const start = offset ?? 0;
  const link = (at: number) => {
    const target = new URL(url.href);
    target.searchParams.set("limit", String(size));
    target.searchParams.set("offset", String(at));
    return target.href;
  };
  return {
    count: items.length,
    next: start + size < items.length ? link(start + size) : null,
    previous: start > 0 ? link(Math.max(0, start - size)) : null,
    results: items.slice(start, start + size),
  };
}
