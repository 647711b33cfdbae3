// Preloaded into every process `npm start` runs (`node --import`, and imported by start.mjs):
// when the process that started it goes away without stopping it (npm killed by a process
// manager, a terminal closed, kill -9), it sends itself SIGTERM, so a process that stops in
// order on SIGTERM does so, and the rest exit. npm runs a script through `sh -c`, which
// outlives npm, so the grandparent is watched too where the system shows it (/proc).
import { readFileSync } from "node:fs";

const parent = process.ppid;

/**
 * The parent's parent, from /proc where there is one; undefined elsewhere.
 * @param {number} pid
 */
function grandparentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a process is still there; one we may not signal is.
 * @param {number} pid
 */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

const grandparent = grandparentOf(parent);
setInterval(() => {
  if (process.ppid !== parent || (grandparent !== undefined && grandparent > 1 && !alive(grandparent))) process.kill(process.pid, "SIGTERM");
}, 500).unref();
