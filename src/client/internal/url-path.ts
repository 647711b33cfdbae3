/** The path of a URL, without origin, query or fragment: what errors name, never the query. */
export function pathOf(url: string): string {
  const schemeEnd = url.indexOf("//");
  const start = schemeEnd === -1 ? 0 : url.indexOf("/", schemeEnd + 2);
  if (start === -1) return "/";
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 ? undefined : end);
}
