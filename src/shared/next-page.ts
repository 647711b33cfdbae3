/** A listing's page as both readers see it: the envelope's `next` link, or the live recordings listing's `has_next`. */
export type PageBody = { results: unknown[]; next?: unknown; has_next?: unknown };

/**
 * Whether a page has one after it and where: `link`, the query of its `next` link; no link on
 * the `has_next` shape, whose next page starts right after these results; undefined after the
 * last page (no items, a `next` that is no link, or `has_next` not true). Only the position is
 * read from a link: the request stays on the caller's base URL, so a `next` on another host
 * never receives the key. Used by the client's paging and the conformance command's reads.
 */
export function nextPage(body: PageBody): { link?: URLSearchParams } | undefined {
  if (body.results.length === 0) return undefined;
  if ("next" in body) return typeof body.next === "string" ? { link: new URL(body.next, "http://next.invalid").searchParams } : undefined;
  return body.has_next === true ? {} : undefined;
}
