// What `npm start` serves on DOCS_PORT: the guide's site under /guide/ (its files, from
// docs-dist/guide/), and the reference everywhere else: the live service's page at /live.html,
// the description's at / (each page answers for its own routes too, /playlists and
// /live.html/section/errors, so a link opened in a new tab or typed in lands on the page, which
// shows what it names).
import { staticFiles } from "./static-files.mjs";

export const guideMount = "/guide/";

/**
 * The docs server's request handler.
 * @param {{ seedPage: Buffer, livePage: Buffer, guideDir: string, guideHome: string }} options
 *   the two reference pages; the guide's built folder and the page /guide/ opens (`getting-started.html`)
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void}
 */
export function docsHandler({ seedPage, livePage, guideDir, guideHome }) {
  const guide = staticFiles(guideDir);
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://docs.local").pathname;
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
    const page = path === "/live.html" || path.startsWith("/live.html/") ? livePage : seedPage;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length }).end(request.method === "HEAD" ? undefined : page);
  };
}
