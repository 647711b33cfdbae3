// The request a try sends, from the reader's values: the path filled in, the query parameters
// that are set, the body as typed, and the key the target allows.
import type { TryItOperation } from "./types.js";

export interface ReaderValues {
  path: Record<string, string>;
  query: Record<string, string>;
  /** The body as the reader typed it. */
  body: string;
}

export function urlOf(base: string, operation: TryItOperation, values: ReaderValues): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values.path[name] ?? ""));
  const query = new URLSearchParams(values.query).toString();
  return `${base}${path}${query ? `?${query}` : ""}`;
}

/** Whether the request carries the body: the operation takes one and the reader left some. */
export const sendsBody = (operation: TryItOperation, values: ReaderValues): boolean => operation.body !== null && values.body.trim() !== "";

export function requestOf(base: string, operation: TryItOperation, values: ReaderValues, key: string | undefined): Request {
  const headers = new Headers({ Accept: "application/json" });
  if (key !== undefined) headers.set("Authorization", `Bearer ${key}`);
  const withBody = sendsBody(operation, values);
  if (withBody) headers.set("Content-Type", "application/json");
  return new Request(urlOf(base, operation, values), { method: operation.method, headers, body: withBody ? values.body : null });
}
