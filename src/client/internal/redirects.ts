import { UnexpectedResponseError } from "../errors.js";

/**
 * Returns the response, or throws for a redirect: the client follows none. Following one
 * would send the caller's headers, body and key wherever the server points, and turn a POST
 * into a GET on 301 and 302; the API answers its documented paths directly, so a redirect is
 * reported instead, with where it pointed (the path on the same origin; only "another
 * origin" otherwise, so no URL leaks).
 */
export function refuseRedirect(response: Response, method: string, url: string): Response {
  const { status } = response;
  // A browser hides a redirect it was told not to follow behind status 0 ("opaqueredirect").
  if (status === 0 ? response.type !== "opaqueredirect" : status < 300 || status > 399 || status === 304) return response;
  void response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  let target = "a location the browser hides";
  if (location !== null) {
    try {
      const to = new URL(location, url);
      target = to.origin === new URL(url).origin ? to.pathname : "another origin";
    } catch {
      target = "a location that is not a URL";
    }
  }
  const answer = status === 0 ? "a redirect" : String(status);
  throw new UnexpectedResponseError(method, url, `the server answered ${answer} to ${target}; this client follows no redirects`);
}
