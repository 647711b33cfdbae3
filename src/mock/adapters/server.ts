// The stateful mock as a server on node:http, for the bin (server-cli.ts), `npm start` and the
// tests: one code path. With a persist file, the state is loaded at start and a change is
// answered only once it is on disk (persist.ts); a save that fails answers 503 `not_saved`
// naming the failure (the change stays in memory, and the next save that succeeds carries it).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMockOf, type Mock } from "../engine.js";
import { liveProfile } from "../profiles/live.js";
import { seedProfile } from "../profiles/seed.js";
import type { ScenarioOption } from "../scenarios.js";
import { createMockServer } from "./node-http.js";
import { openPersistence, type Persistence, readPersisted } from "./persist.js";

export interface StatefulMockOptions {
  host?: string | undefined;
  /** 0 for any free port. Default 4020. */
  port?: number | undefined;
  seed?: number | undefined;
  /** The file the state is kept in across restarts. */
  persist?: string | undefined;
  scenario?: ScenarioOption | undefined;
  /** `seed` (default): the description's shapes; `live`: the live service's. */
  profile?: "seed" | "live" | undefined;
  /** Web origins the admin routes answer beside the mock's own (see node-http.ts). */
  adminOrigins?: readonly string[] | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface StatefulMock {
  url: string;
  mock: Mock;
  server: Server;
  persistence: Persistence | undefined;
  /** Stops answering, then waits for the last save. */
  stop(): Promise<void>;
}

/** Starts the stateful mock. A persist file that is not a saved state, or that cannot be read or written, rejects. */
export async function startStatefulMock({
  host = "127.0.0.1",
  port = 4020,
  seed,
  persist,
  scenario,
  profile = "seed",
  adminOrigins,
  log = (line) => console.error(line),
}: StatefulMockOptions = {}): Promise<StatefulMock> {
  let persistence: Persistence | undefined;
  const mock = createMockOf(profile === "live" ? liveProfile : seedProfile, {
    seed,
    scenario,
    responseViolations: "flag",
    onChange: persist ? () => persistence?.save() : undefined,
  });
  if (persist) {
    const text = await readPersisted(persist);
    if (text !== undefined) {
      try {
        mock.restore(JSON.parse(text));
      } catch (error) {
        throw new Error(`--persist ${persist}: not a saved mock state (${(error as Error).message}); move it away or pick another file.`);
      }
    }
    persistence = await openPersistence(persist, () => mock.snapshotJson(), log);
  }
  const server = createMockServer(mock, { log, adminOrigins });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve) && server.closeAllConnections());
    await persistence?.settled();
  };
  return { url, stop, mock, server, persistence };
}
