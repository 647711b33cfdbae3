// The stateful mock as a server on node:http, for the bin (cli.ts), `npm start` and the
// tests: one code path. With a persist file, the server holds it alone (lock.ts), the
// state is loaded at start and a change is answered only once it is on disk (persist.ts); a
// save that fails answers 503 `not_saved` naming the failure (the change stays in memory, and
// the next save that succeeds carries it). Stopping folds the journal into the file, which is
// written in `record`'s form and its own time frame (state/snapshot-file.ts). A snapshot file
// instead is loaded and never written.
import type { Server } from "node:http";
import { type AddressInfo, isIP } from "node:net";
import { createMockOf, liveState, type Mock } from "../../engine.js";
import type { LockTiming } from "../../persistence/lock.js";
import { holdPersistFile, journalOf, olderGeneration, openPersistence, type Persistence, readSaved, sideFiles } from "../../persistence/persist.js";
import { readSnapshotFile } from "../../persistence/read-snapshot.js";
import { liveProfile } from "../../profiles/live.js";
import { seedProfile } from "../../profiles/seed.js";
import type { ScenarioOption } from "../../scenarios.js";
import { MockStateError } from "../../state/snapshot.js";
import { snapshotFileText } from "../../state/snapshot-file.js";
import type { MockState } from "../../state/state.js";
import { createMockServer } from "./handler.js";
import { urlHost } from "./listen-address.js";

export interface StatefulMockOptions {
  host?: string | undefined;
  /** 0 for any free port. Default 4020. */
  port?: number | undefined;
  seed?: number | undefined;
  /** The file the state is kept in across restarts (and `<file>.journal`, `<file>.lock` beside it). */
  persist?: string | undefined;
  /** A state file to start from that is never written: changes live in memory only. Not with `persist`. */
  snapshot?: string | undefined;
  /** The journal's size, in characters, past which a save rewrites the file whole (persist.ts). */
  journalLimit?: number | undefined;
  scenario?: ScenarioOption | undefined;
  /** `seed` (default): the description's shapes; `live`: the live service's. */
  profile?: "seed" | "live" | undefined;
  /** Web origins the admin routes answer beside the mock's own (see node-http.ts). */
  adminOrigins?: readonly string[] | undefined;
  /** Host names answered besides IP addresses and localhost (handler.ts, allowed-hosts.ts). */
  allowedHosts?: readonly string[] | undefined;
  log?: ((line: string) => void) | undefined;
  /**
   * @internal For tests only: the lock's heartbeat and takeover limit (lock.ts), shortened
   * so a takeover takes a fraction of a second. Not a flag of the bin, so no user sets it by mistake.
   */
  lockTiming?: LockTiming | undefined;
}

export interface StatefulMock {
  url: string;
  mock: Mock;
  server: Server;
  persistence: Persistence | undefined;
  /** Stops answering, then waits for the last save, folds the journal into the persist file and frees it. */
  stop(): Promise<void>;
}

/** Starts the stateful mock. A persist file that is not a saved state, or that cannot be read or written, rejects. */
export async function startStatefulMock({
  host = "127.0.0.1",
  port = 4020,
  seed,
  persist,
  snapshot,
  journalLimit,
  scenario,
  profile = "seed",
  adminOrigins,
  allowedHosts,
  log = (line) => console.error(line),
  lockTiming,
}: StatefulMockOptions = {}): Promise<StatefulMock> {
  if (persist !== undefined && snapshot !== undefined)
    throw new TypeError("--snapshot and --persist cannot go together: --snapshot never writes its file, --persist writes every change to its own");
  let persistence: Persistence | undefined;
  // A --snapshot file is the mock's own starting state, so POST /__mock/reset goes back to it.
  const initial = snapshot === undefined ? undefined : await readSnapshotFile(snapshot);
  let mock: Mock;
  try {
    mock = createMockOf(profile === "live" ? liveProfile : seedProfile, {
      seed,
      scenario,
      snapshot: initial,
      responseViolations: "flag",
      onChange: persist ? (change) => persistence?.save(change) : undefined,
    });
  } catch (error) {
    if (error instanceof MockStateError) throw new Error(`--snapshot ${snapshot}: not a saved mock state (${error.message})`);
    throw error;
  }
  if (snapshot !== undefined)
    log(`--snapshot ${snapshot}: the state loaded from the file, which is never written: changes live in memory until the server stops`);
  if (persist) {
    const { target, lock } = await holdPersistFile(persist, lockTiming);
    try {
      const saved = await readSaved(target).catch((error: Error) => {
        if (error.message.startsWith("--persist ")) throw error;
        throw new Error(`--persist ${persist}: not a saved mock state (${error.message}); move it away or pick another file.`);
      });
      const older = olderGeneration(target, saved, lock);
      if (older) {
        // Kept, so the next start takes it over and refuses too: its generation is what tells.
        await lock.release({ keepLock: true });
        throw older;
      }
      if (saved !== undefined) {
        try {
          mock.restore(saved.state);
        } catch (error) {
          throw new Error(`--persist ${persist}: not a saved mock state (${(error as Error).message}); move it away or pick another file.`);
        }
      }
      // Written back in the file's own frame: the anchor it was read with (none: the state's own).
      const anchor = (saved?.state as MockState | undefined)?.anchor;
      // The state read in place, at once: snapshotFileText copies only what it moves.
      persistence = await openPersistence(target, lock, () => snapshotFileText(liveState(mock)!, anchor), {
        log,
        journalLimit,
        kept: saved?.changes === 0 ? saved.snapshot : undefined,
      });
      const folded = saved?.changes ? `, with ${saved.changes === 1 ? "1 change" : `${saved.changes} changes`} of ${journalOf(persist)} folded in` : "";
      log(
        saved
          ? `--persist ${persist}: the state loaded from the file${folded}`
          : `--persist ${persist}: no such file, so a new one was made, holding the mock's starting state`,
      );
      for (const side of await sideFiles(target))
        log(
          `--persist ${persist}: ${side} beside it holds the state of a server that lost the file, with every change it acknowledged, and this start did not fold it in: compare it with ${persist}, keep the state you want as ${persist} (with this server stopped), then remove ${side}.`,
        );
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  const server = createMockServer(mock, {
    log,
    adminOrigins,
    // A name it listens on is a name it was given (as Vite adds its server.host).
    allowedHosts: isIP(host) === 0 ? [host, ...(allowedHosts ?? [])] : allowedHosts,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  }).catch(async (error: unknown) => {
    await persistence?.close();
    throw error;
  });
  const url = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve) && server.closeAllConnections());
    await persistence?.close();
  };
  return { url, stop, mock, server, persistence };
}
