// npm (npx, an npm script) runs a command through `sh -c` and passes a SIGTERM on to that shell
// only, which dies of it and leaves its child, the server, running on its port. So when npm
// started the server, its parent going away stops it as SIGTERM would. Started otherwise
// (nohup, `node … &`), a parent that exits leaves the server running, as a server should.

/** Calls `stop` once the parent goes away, when npm started this process. */
export function stopWithNpmsShell(stop: () => void): void {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  // process.ppid asks the system each time: a new parent means the old one is gone.
  setInterval(() => process.ppid !== parent && stop(), 500).unref();
}
