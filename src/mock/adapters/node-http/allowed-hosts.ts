// Which names the server answers to: the check Vite's dev server makes (`server.allowedHosts`),
// against DNS rebinding. A page on another site can point its own name at 127.0.0.1 and then
// read this server as its own origin: the browser sends that name as the Host. So a Host that
// is an IP address, `localhost` or a `*.localhost` name passes (no page can claim one of those),
// as does a request with no Host at all (HTTP/1.0: not a browser); any other name only when
// the server was given it (`--allowed-host`), or its domain, written with a leading dot
// (`.example.test` passes `example.test` and every name under it), or `*` for every name.
import { isIP } from "node:net";

/** The name a Host header carries: lower case, without its port, its IPv6 brackets or a final dot; undefined when it is malformed. */
export function hostName(host: string): string | undefined {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return end < 0 ? undefined : trimmed.slice(1, end);
  }
  const colon = trimmed.indexOf(":");
  return (colon < 0 ? trimmed : trimmed.slice(0, colon)).replace(/\.$/, "");
}

/** Whether a request whose Host header is `host` may be answered, given the names the server was given. */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  if (name === undefined) return false;
  if (isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost")) return true;
  return allowed.some((given) => {
    const wanted = given.toLowerCase().replace(/\.$/, "");
    return wanted === "*" || wanted === name || (wanted.startsWith(".") && (name === wanted.slice(1) || name.endsWith(wanted)));
  });
}
