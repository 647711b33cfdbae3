// What `npm start` serves on DOCS_PORT: the guide's site under /guide/ (its files, from
// docs-dist/guide/), and the reference everywhere else: the live service's page at /live.html,
// the description's at / (each page answers for its own routes too, /playlists and
// /live.html/section/errors, so a link opened in a new tab or typed in lands on the page, which
// shows what it names). What is not ready yet (`npm start` renders the reference and builds the
// guide after it prints its URLs) answers a short page that says so and reloads itself.
import { staticFiles } from "./static-files.mjs";

export const guideMount = "/guide/";

/**
 * A part of the docs not served yet: the status and the sentence its short page answers with.
 * @typedef {{ status: number, text: string }} Unready
 */

/**
 * The short page for a part being built (503, reloading itself every 2 s), or one that failed to build (500).
 * @param {string} what  such as "The guide"
 * @param {Error} [failure]
 * @returns {Unready}
 */
export const unreadyPart = (what, failure) =>
  failure
    ? { status: 500, text: `${what} could not be built: ${failure.message.split("\n")[0]} (npm start's output says more).` }
    : { status: 503, text: `${what} is being built; this page reloads itself until it is ready (10 to 20 s the first time).` };

/**
 * @param {import("node:http").ServerResponse} response
 * @param {Unready} unready
 * @param {boolean} head
 */
function answerUnready(response, { status, text }, head) {
  const escaped = text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const refresh = status === 503 ? '<meta http-equiv="refresh" content="2">' : "";
  const page = Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">${refresh}<title>${escaped}</title></head><body><p>${escaped}</p></body></html>\n`,
  );
  const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length, "Cache-Control": "no-store" };
  response.writeHead(status, status === 503 ? { ...headers, "Retry-After": "2" } : headers).end(head ? undefined : page);
}

/**
 * The docs server's request handler.
 * @param {{ seedPage: Buffer, livePage: Buffer, guideDir: string, guideHome: string, unready?: () => { reference?: Unready, guide?: Unready } }} options
 *   the two reference pages (read at each request, so a caller may set them once rendered); the
 *   guide's built folder and the page /guide/ opens (`getting-started.html`); and what is not ready
 *   yet, asked at each request (by default nothing: all is ready)
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void}
 */
export function docsHandler(options) {
  const { guideDir, guideHome, unready = () => /** @type {{ reference?: Unready, guide?: Unready }} */ ({}) } = options;
  const guide = staticFiles(guideDir);
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://docs.local").pathname;
    const inGuide = path === "/guide" || path.startsWith(guideMount);
    const notYet = unready()[inGuide ? "guide" : "reference"];
    if (notYet) {
      answerUnready(response, notYet, request.method === "HEAD");
      return;
    }
    if (path === "/guide" || path === guideMount) {
      response.writeHead(302, { Location: `${guideMount}${guideHome}` }).end();
      return;
    }
    if (path.startsWith(guideMount)) {
      guide(path.slice(guideMount.length - 1), request, response).catch((error) => {
        if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        response.end(`Could not read the guide's file: ${error.code ?? error.message}\n`);
      });
      return;
    }
    const page = path === "/live.html" || path.startsWith("/live.html/") ? options.livePage : options.seedPage;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length }).end(request.method === "HEAD" ? undefined : page);
  };
}
