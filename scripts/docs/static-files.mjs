// Serving a built folder (the guide's site, docs-dist/guide/) over node:http: each file with its
// content type; never a file outside the folder, nor a dot-file in it (its build stamp); a
// missing file gets 404 with the folder's own 404.html when it has one.
import { readFile, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";

/** The content type of each extension a VitePress build writes; anything else is served as bytes. */
export const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The file a URL path names inside `folder`, or undefined for a path that leaves it, names a
 * dot-file, or is not valid percent-encoding. A path ending in `/` names its index.html.
 * @param {string} folder
 * @param {string} urlPath the path below the folder's mount, such as `/assets/app.js`
 */
export function fileFor(folder, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split(/[/\\]/).filter((segment) => segment !== "");
  if (decoded.includes("\0") || segments.some((segment) => segment.startsWith("."))) return undefined;
  const file = join(folder, ...segments, decoded.endsWith("/") || segments.length === 0 ? "index.html" : "");
  return file.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`) ? file : undefined;
}

/**
 * A handler answering GET and HEAD for the files of `folder`, given the path below its mount.
 * @param {string} folder
 * @returns {(urlPath: string, request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => Promise<void>}
 */
export function staticFiles(folder) {
  return async (urlPath, request, response) => {
    const head = request.method === "HEAD";
    const file = fileFor(folder, urlPath);
    const found = file && (await stat(file).catch(() => undefined))?.isFile() ? await readFile(file) : undefined;
    if (!found) {
      const page = await readFile(join(folder, "404.html")).catch(() => undefined);
      const [type, body] = page ? [contentTypes[".html"], page] : [contentTypes[".txt"], Buffer.from("Not found\n")];
      response.writeHead(404, { "Content-Type": type, "Content-Length": body.length }).end(head ? undefined : body);
      return;
    }
    const type = contentTypes[/** @type {keyof typeof contentTypes} */ (extname(/** @type {string} */ (file)))] ?? "application/octet-stream";
    response.writeHead(200, { "Content-Type": type, "Content-Length": found.length, "X-Content-Type-Options": "nosniff" }).end(head ? undefined : found);
  };
}
