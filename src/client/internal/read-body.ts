import { readLimited } from "../../shared/read-limited.js";
import { ResponseTooLargeError, UnexpectedResponseError } from "../errors.js";

const utf8 = new TextDecoder();
const held = Symbol("exchange");

/**
 * What the attempt knows of a response: the request it answered, the client's redaction
 * (a server that echoes the key must not put it in a message), and the body it read, with
 * its text once asked for.
 */
export interface Exchange {
  method: string;
  url: string;
  redact: (text: string) => string;
  bytes?: Uint8Array<ArrayBuffer>;
  text?: string;
}

type Held = Response & { [held]: Exchange };

/** The exchange a response belongs to, when one of this client's attempts read it. */
export const exchangeOf = (response: Response): Exchange | undefined => (response as Partial<Held>)[held];

const textOf = (body: Exchange) => (body.text ??= utf8.decode(body.bytes));

/**
 * Parses the data of a call whose JSON openapi-fetch was asked to read as text (see
 * call.ts). openapi-fetch parses a body without Content-Length itself, where invalid JSON
 * is a bare SyntaxError; here it is an UnexpectedResponseError naming the request, and every
 * body is parsed once. An empty text is no data, as openapi-fetch has it.
 */
export function parseData(result: { data?: unknown; response: Response }, method: string): void {
  const { data, response } = result;
  // No string for an error status, a 204, a HEAD or a Content-Length of 0.
  if (typeof data !== "string") return;
  try {
    result.data = data === "" ? undefined : JSON.parse(data);
  } catch {
    throw new UnexpectedResponseError(method, exchangeOf(response)?.url ?? response.url, `the ${response.status} answer's body is not valid JSON`);
  }
}

/** A fresh Response over the bytes read, for the ways of reading a body this client does not use itself. */
const copyOf = (response: Held) => new Response(response[held].bytes, { headers: response.headers });

/**
 * The methods of a Response whose body the attempt read, answering from what was read. A
 * response gets them by a prototype switch, as copying it into a new Response would cost as
 * much again as reading it. openapi-fetch reads every body with `text()`; the rest are for
 * other `parseAs` values and for callers who read the response again.
 */
const heldBodyMethods: PropertyDescriptorMap = {
  text: {
    value: function (this: Held) {
      return Promise.resolve(textOf(this[held]));
    },
  },
  body: {
    get: function (this: Held) {
      return copyOf(this).body;
    },
  },
};
for (const name of ["json", "arrayBuffer", "blob", "bytes", "formData"] as const) {
  heldBodyMethods[name] = {
    value: function (this: Held) {
      return copyOf(this)[name]();
    },
  };
}

// One per Response class met (a custom fetch may bring its own), so its getters still find their own.
const heldBodyPrototypes = new Map<object, object>();

function hold(response: Response, exchange: Exchange): Response {
  const prototype = Object.getPrototypeOf(response) as object;
  let heldPrototype = heldBodyPrototypes.get(prototype);
  if (!heldPrototype) {
    heldPrototype = Object.create(prototype, heldBodyMethods) as object;
    heldBodyPrototypes.set(prototype, heldPrototype);
  }
  (response as Held)[held] = exchange;
  return Object.setPrototypeOf(response, heldPrototype) as Response;
}

/**
 * Reads the whole body inside the attempt, so the attempt's timeout and the caller's signal
 * cover it and a broken body is a failed attempt, counting the bytes against `maxBytes`.
 * (Reading the stream directly also costs less than `Response.text()`.) A success that
 * declares JSON but is empty becomes an UnexpectedResponseError, never `undefined` typed as
 * data; invalid JSON is found where it is parsed.
 */
export async function readBody(response: Response, exchange: Exchange, maxBytes: number): Promise<Response> {
  const { method, url } = exchange;
  const { headers, status } = response;
  const length = Number(headers.get("content-length") ?? Number.NaN);
  // A declared length counts the bytes on the wire; a compressed body may unpack to more or less.
  if (length > maxBytes && !headers.has("content-encoding")) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(method, url, maxBytes);
  }
  const bytes = await readLimited(response.body, maxBytes);
  if (!bytes) throw new ResponseTooLargeError(method, url, maxBytes);
  exchange.bytes = bytes as Uint8Array<ArrayBuffer>;
  if (bytes.byteLength === 0 && status >= 200 && status < 300 && status !== 204 && method !== "HEAD" && /[/+]json\b/i.test(headers.get("content-type") ?? "")) {
    throw new UnexpectedResponseError(method, url, `the ${status} answer declares JSON but its body is empty`);
  }
  return hold(response, exchange);
}
