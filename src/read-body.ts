import { ResponseTooLargeError, UnexpectedResponseError } from "./errors.js";
import { readLimited } from "./read-limited.js";

// Statuses whose Response may not carry a body.
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const utf8 = new TextDecoder();

async function readAll(response: Response, method: string, url: string, maxBytes: number): Promise<Uint8Array> {
  if (Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(method, url, maxBytes);
  }
  // With a declared length within the limit, the body cannot grow past it: read it at once.
  if (response.body && response.headers.has("content-length")) return new Uint8Array(await response.arrayBuffer());
  const bytes = await readLimited(response.body, maxBytes);
  if (!bytes) throw new ResponseTooLargeError(method, url, maxBytes);
  return bytes;
}

/**
 * Reads the whole body inside the attempt, so the attempt's timeout and the caller's signal
 * cover it and a broken body is a failed attempt, and hands back a Response that holds it.
 * A JSON body is parsed here once; a success whose JSON is empty or invalid is an
 * UnexpectedResponseError, never a raw SyntaxError or `undefined` typed as data.
 */
export async function bufferResponse(response: Response, method: string, url: string, maxBytes: number): Promise<Response> {
  const bytes = await readAll(response, method, url, maxBytes);
  const { status, statusText, headers } = response;
  const declaresJson = /[/+]json\b/i.test(headers.get("content-type") ?? "");
  let parsed: unknown;
  if (declaresJson && status >= 200 && status < 300 && status !== 204 && method !== "HEAD") {
    if (bytes.byteLength === 0) throw new UnexpectedResponseError(method, url, `the ${status} answer declares JSON but its body is empty`);
    try {
      parsed = JSON.parse(utf8.decode(bytes));
    } catch {
      throw new UnexpectedResponseError(method, url, `the ${status} answer's body is not valid JSON`);
    }
  }
  const buffered = new Response(nullBodyStatuses.has(status) ? null : (bytes as Uint8Array<ArrayBuffer>), { status, statusText, headers });
  if (response.url) Object.defineProperty(buffered, "url", { value: response.url });
  if (parsed !== undefined) Object.defineProperty(buffered, "json", { value: () => Promise.resolve(parsed) });
  return buffered;
}