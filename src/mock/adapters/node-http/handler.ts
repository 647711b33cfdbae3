// The mock engine over node:http: a thin adapter that hands each IncomingMessage to the engine
// and writes its answer back. An API request goes in as node:http read it, through the engine's
// own entry (engine.ts's `directEntry`), with no Fetch `Request` or `Response` built: they cost
// more than the engine's work. The admin routes, and a `Mock` the engine did not make, go
// through `mock.fetch`. Either way the bytes on the wire are the same. The API answers any
// dev-server origin (CORS); the admin routes answer only the mock's own origin and the ones opted in.
// Every route answers only a Host it may (allowed-hosts.ts): an IP address, localhost, or a name given.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { adminMaxBodyBytes } from "../../admin.js";
import { directEntry, type Mock } from "../../engine.js";
import { adminForeignOrigin, hostNotAllowed, methodNotAllowed, requestTooLarge, serverError, unreadableRequest } from "../../errors.js";
import type { Incoming } from "../../incoming.js";
import type { Answer } from "../../responses.js";
import { maxBodyBytes } from "../../spec/validate-request.js";
import { hostAllowed, hostName } from "./allowed-hosts.js";

export interface MockServerOptions {
  /** Where problems are reported: a response the engine flags, a handler that threw. */
  log?: ((line: string) => void) | undefined;
  /**
   * Web origins allowed to use the admin routes (`/__mock/…`) and given CORS for them, such as
   * `http://localhost:5173`; `"*"` allows every origin. Default none: only the mock's own origin
   * and clients that send no Origin (curl, Node, test runners).
   */
  adminOrigins?: readonly string[] | undefined;
  /**
   * Host names the server answers besides IP addresses, `localhost` and `*.localhost` (a
   * leading dot: the domain and every name under it; `"*"`: every name), such as a Docker
   * service's name. Default none: a request to any other name is refused, 403 (DNS rebinding).
   */
  allowedHosts?: readonly string[] | undefined;
}

const exposed = ["Retry-After", "Allow", "WWW-Authenticate", "sl-violations", "x-mock-response-violations", "x-mock-prefer-ignored"].join(", ");

function cors(origin: string | undefined): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin ?? "*", "Access-Control-Expose-Headers": exposed, Vary: "Origin" };
}
/** What most requests (no Origin) get: made once. */
const corsForAny = Object.freeze(cors(undefined));

/**
 * Whether `origin` is the mock's own: the address the request came to, named as loopback, an
 * IP or a name the server was given. Another DNS name is not trusted as the mock's own, since a
 * page can rebind its name to 127.0.0.1 (and such a Host is refused before this is asked).
 */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && origin === `http://${host}`;
}

/** Whether a request may use the admin routes: no Origin (not a web page), the mock's own, or one opted in. */
function adminAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || isOwnOrigin(origin, host) || allowed.includes("*") || allowed.includes(origin);
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer) {
  if (response.headersSent) return response.destroy();
  response.writeHead(status, headers).end(body);
}

/** An answer's headers as a Fetch `Headers` lists them: lower-case names, in their order. */
const listed = (answer: Answer): [string, string][] =>
  Object.keys(answer.headers)
    .sort()
    .map((name) => [name, answer.headers[name]!]);

/** Fetch's `Headers` strips these around a value; node:http may leave some. */
const edgeWhitespace = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * A request header's value from node:http's raw lines (`name` in lower case), repeats joined
 * with ", " as node:http and Fetch's `Headers` join them, or only the first (`Host`, as
 * node:http reads it); undefined when absent. Read from the lines, so node:http never builds its
 * `headers` object for a request that does not need it.
 */
function rawHeader(raw: string[], name: string, firstOnly = false): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length !== name.length || raw[i]!.toLowerCase() !== name) continue;
    const one = raw[i + 1]!.replace(edgeWhitespace, "");
    if (firstOnly) return one;
    value = value === undefined ? one : `${value}, ${one}`;
  }
  return value;
}

/** Writes one of the engine's own answers (an error the adapter finds before the engine can). */
function sendAnswer(response: ServerResponse, headers: Record<string, string>, answer: Answer) {
  send(response, answer.status, { ...headers, ...Object.fromEntries(listed(answer)) }, answer.body && Buffer.from(answer.body.text));
}

/**
 * Writes the engine's answer to an API or admin request: the adapter's headers, the engine's
 * but its length, then the length of the payload, set once (an engine's empty answer says 0 itself),
 * so node:http sends the answer in one write instead of chunks. A JSON answer's text is written
 * as text: node:http joins it to the head in one buffer, where bytes would go in a second.
 */
function sendEngineAnswer(
  response: ServerResponse,
  method: string | undefined,
  headers: Record<string, string>,
  status: number,
  engineHeaders: Iterable<[string, string]>,
  payload: string | Buffer,
) {
  const out: Record<string, string> = { ...headers };
  for (const [name, value] of engineHeaders) if (name !== "content-length") out[name] = value;
  out["Content-Length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);
  send(response, status, out, method === "HEAD" ? undefined : payload);
}

/** A request as node:http read it, for the engine: headers read as a Fetch `Headers` reads them. */
function incoming(request: IncomingMessage, url: URL, body: Buffer): Incoming {
  const raw = request.rawHeaders;
  return {
    method: request.method!,
    url,
    header: (name) => rawHeader(raw, name) ?? null,
    body: async (limit) => (body.length > limit ? undefined : body),
  };
}

const noBody = Buffer.alloc(0);

/** Reads the body up to `limit` bytes; undefined when it is larger. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers["content-length"]) > limit) return resolve(undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners("data");
        request.resume();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

async function handle(
  mock: Mock,
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
  adminOrigins: readonly string[],
  allowedHosts: readonly string[],
) {
  const origin = rawHeader(request.rawHeaders, "origin");
  const host = rawHeader(request.rawHeaders, "host", true);
  if (!hostAllowed(host, allowedHosts)) return sendAnswer(response, {}, hostNotAllowed(hostName(host!) ?? host!));
  let url: URL;
  try {
    url = new URL(request.url ?? "/", `http://${host ?? "127.0.0.1"}`);
  } catch {
    return sendAnswer(response, cors(origin), unreadableRequest("The request's URL or Host header is malformed."));
  }
  const admin = url.pathname.startsWith("/__mock/");
  // No CORS grant on the admin routes but to the origins opted in: a foreign page can neither read them nor preflight a write.
  if (admin && !adminAllowed(origin, host, adminOrigins)) return sendAnswer(response, {}, adminForeignOrigin(origin ?? ""));
  const headers = admin && (origin === undefined || isOwnOrigin(origin, host)) ? {} : origin === undefined ? corsForAny : cors(origin);
  if (request.method === "OPTIONS" && request.headers["access-control-request-method"] && "Access-Control-Allow-Origin" in headers) {
    return send(response, 204, {
      ...headers,
      "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": request.headers["access-control-request-headers"] ?? "Authorization, Content-Type, Prefer",
      "Access-Control-Max-Age": "600",
    });
  }
  const limit = admin ? adminMaxBodyBytes : maxBodyBytes;
  const body = request.method === "GET" || request.method === "HEAD" ? noBody : await readBody(request, limit);
  // Answered at once; node:http then reads the rest of the body and drops it. No `Connection:
  // close`: closing a socket the client still writes to resets it, and the reset can discard
  // the 413 before the client reads it.
  if (body === undefined) return sendAnswer(response, headers, requestTooLarge(limit));
  let fetchRequest: Request;
  // Fetch cannot carry TRACE (node:http hands CONNECT to another event and refuses TRACK), so the
  // engine never sees it: the answer is its 405, with the `Allow` it gives the path (its OPTIONS answer).
  if (request.method === "TRACE") {
    const allow = (await mock.fetch(new Request(url, { method: "OPTIONS" }))).headers.get("allow");
    if (allow) return sendAnswer(response, headers, methodNotAllowed(request.method!, allow));
    const notFound = await mock.fetch(new Request(url));
    return send(response, notFound.status, { ...headers, ...Object.fromEntries(notFound.headers) }, Buffer.from(await notFound.arrayBuffer()));
  }
  const direct = admin ? undefined : directEntry(mock);
  if (direct) {
    const answer = await direct(incoming(request, url, body));
    const flagged = answer.headers["x-mock-response-violations"];
    if (flagged) log(`${request.method} ${url.pathname}: the answer breaks the spec: ${flagged}`);
    return sendEngineAnswer(response, request.method, headers, answer.status, listed(answer), answer.body?.text ?? "");
  }
  try {
    const requestHeaders = new Headers();
    for (let i = 0; i < request.rawHeaders.length; i += 2) requestHeaders.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
    fetchRequest = new Request(url, { method: request.method, headers: requestHeaders, body: body.length ? new Uint8Array(body) : undefined });
  } catch (error) {
    return sendAnswer(response, headers, unreadableRequest(`The request cannot be read: ${(error as Error).message}`));
  }
  const answer = await mock.fetch(fetchRequest);
  const flagged = answer.headers.get("x-mock-response-violations");
  if (flagged) log(`${request.method} ${url.pathname}: the answer breaks the spec: ${flagged}`);
  sendEngineAnswer(response, request.method, headers, answer.status, answer.headers, Buffer.from(await answer.arrayBuffer()));
}

/** A node:http server answering with the engine. Bad input never crashes it: a failure answers 500 and is logged. */
export function createMockServer(mock: Mock, { log = console.error, adminOrigins = [], allowedHosts = [] }: MockServerOptions = {}): Server {
  const server = createServer((request, response) => {
    handle(mock, request, response, log, adminOrigins, allowedHosts).catch((error: Error) => {
      // A client that went away mid-request (a flaky network, a cancelled upload) is no failure of
      // the mock: one line, and nothing to answer.
      if (request.destroyed && !request.complete) return log(`${request.method} ${request.url}: the client went away before its request arrived`);
      log(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      void sendAnswer(response, {}, serverError(500, {}, "The mock failed; see its log."));
    });
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}
