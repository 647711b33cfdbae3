import { UnexpectedResponseError } from "./errors.js";

/**
 * Returns the response, or throws for a redirect: the client follows none. Following one
 * would send the caller's headers, body and key wherever the server points, and turn a POST
 * into a GET on 301 and 302; the API answers its documented paths directly, so a redirect is
 * reported instead, with where it pointed (the path on the same origin; only "another
 * origin" otherwise, so no URL leaks).
 */
export function refuseRedirect(response: Response, method: string, url: string): Response {
  if (response.type !== "opaqueredirect" && (response.status < 300 || response.status > 399 || response.status === 304)) return response;
  void response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  let target = "a location the browser hides";
  if (location !== null) {
    const to = new URL(location, url);
    target = to.origin === new URL(url).origin ? to.pathname : "another origin";
  }
  const status = response.type === "opaqueredirect" ? "a redirect" : String(response.status);
  throw new UnexpectedResponseError(method, url, `the server answered ${status} to ${target}; this client follows no redirects`);
}
