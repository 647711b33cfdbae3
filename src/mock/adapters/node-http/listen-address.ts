// The address the server listens on, as the bin prints and checks it.
import { isIP } from "node:net";

/** The host as a URL writes it: an IPv6 address in brackets (http://[::1]:4020). */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Whether only this machine can reach `host`: localhost, 127.0.0.0/8 or ::1, in any spelling. */
export function isLoopback(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) !== 6) return false;
  // The URL parser writes an IPv6 address one way: ::1, and ::ffff:7fxx:xxxx for 127.x mapped.
  const written = new URL(`http://[${host}]`).hostname;
  return written === "[::1]" || written.startsWith("[::ffff:7f");
}
