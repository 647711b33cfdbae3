// Preloaded into every process `npm start` runs (`node --import`, and imported by start.mjs):
// when the process that started it goes away without stopping it (npm killed by a process
// manager, a terminal closed, kill -9), it sends itself SIGTERM, so a process that stops in
// order on SIGTERM does so, and the rest exit. package.json's scripts `exec` node, so no `sh`
// stands between npm and start.mjs: npm's parent is the one watched, and npm passes SIGINT and
// SIGTERM straight on.
const parent = process.ppid;

// process.ppid asks the system each time: a new parent means the old one is gone.
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 500).unref();
