// A mock server for persistence-lease.test.ts, run under `unshare` in namespaces of its own, where
// no network reaches it: it writes through the mock's own fetch (the same engine, onChange and
// persistence as a request on node:http) and prints each answer. stdin: `go` starts writing
// playlists one after another, `stop` stops the server as SIGTERM would. Timing comes from argv.
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";

const [persist, label, heartbeatMs, staleAfterMs] = process.argv.slice(2);
const started = await startStatefulMock({
  port: 0,
  persist,
  // Every save a compaction: the longest run of steps a pause can land in.
  journalLimit: 1,
  lockTiming: { heartbeatMs: Number(heartbeatMs), staleAfterMs: Number(staleAfterMs) },
  log: (line) => console.error(line),
}).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`listening on ${started.url}`);

let writing = false;
async function write() {
  for (let i = 0; writing; i++) {
    const name = `${label}-${i}`;
    const response = await started.mock.fetch(
      new Request(`${started.url}/api/environments/28417/session_recording_playlists/`, {
        method: "POST",
        headers: { Authorization: "Bearer phx_lease", "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      }),
    );
    console.log(`answer ${name} ${response.status} ${Date.now()}`);
  }
}

process.stdin.setEncoding("utf8").on("data", (text: string) => {
  if (text.includes("go") && !writing) {
    writing = true;
    void write();
  }
  if (text.includes("stop")) {
    writing = false;
    void started.stop().then(() => process.exit(0));
  }
});
