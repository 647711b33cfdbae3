// Helpers for the --persist tests that run servers in child processes: the bin bundled once per
// file (a start then takes a fraction of a second, not an esbuild run), children started and
// killed, temporary folders removed (persistFixtures, called by each file). Every wait is bounded.
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, afterEach } from "vitest";
import { killTree } from "../support/process-tree.js";

export const playlists = "/api/environments/28417/session_recording_playlists/";
export const headers = { Authorization: "Bearer phx_persist", "Content-Type": "application/json" };

/**
 * Registers the cleanups in the calling test file and returns the helpers that need them: the
 * projects run with isolate: false, so a hook of this module's own would be registered for the
 * first file that imports it only, and the next file's folders and children would be left behind.
 */
export function persistFixtures() {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  let bundled: Promise<{ dir: string; file: (name: string) => string }> | undefined;
  afterAll(async () => {
    if (bundled) await rm((await bundled).dir, { recursive: true, force: true });
  });

  /** Runs `cleanup` after the test. */
  const onCleanup = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);

  /** A temporary folder, removed after the test. */
  async function tempDir() {
    const dir = await mkdtemp(join(tmpdir(), "mock-persist-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  /** `entry` (a path from the repository's root, or absolute) bundled to one file any user can read; its path. */
  async function bundle(entry: string): Promise<string> {
    bundled ??= mkdtemp(join(tmpdir(), "mock-persist-bin-")).then(async (dir) => {
      await chmod(dir, 0o755);
      return { dir, file: (name: string) => join(dir, name) };
    });
    const { file } = await bundled;
    const out = file(`${entry.replace(/\W/g, "_")}.mjs`);
    await build({
      entryPoints: [entry.startsWith("/") ? entry : fileURLToPath(new URL(`../../${entry}`, import.meta.url))],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: out,
      logLevel: "error",
    });
    return out;
  }

  /**
   * Runs `command` (the bundled bin and its arguments, maybe behind setpriv) and resolves once it
   * prints its URL; rejects with what it printed, and its exit code, when it exits first. Killed
   * after the test if it still runs. `detached` gives it a process group of its own (to signal as
   * a supervisor does), `input` a pipe to its stdin.
   */
  function startChild(command: string[], { timeoutMs = 30_000, detached = false, input = false } = {}): Promise<Started> {
    const [program, ...args] = command;
    const child = spawn(program!, args, { detached, stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    onCleanup(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        // With what it started: a shell's server too.
        killTree(child);
        await exited;
      }
    });
    let printed = "";
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within ${timeoutMs} ms: ${printed}`)), timeoutMs);
      child.stdout!.on("data", (chunk) => {
        printed += chunk;
        const url = /listening on (\S+)/.exec(printed)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve({ child, url, printed: () => printed });
        }
      });
      child.stderr!.on("data", (chunk) => {
        printed += chunk;
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(Object.assign(new Error(printed), { code }));
      });
    });
  }

  /** What a start that must fail printed, with its exit code; throws if it started. */
  async function refusedStart(command: string[]): Promise<{ code: number; message: string }> {
    const outcome = await startChild(command).then(
      () => undefined,
      (error: Error & { code?: number }) => ({ code: error.code ?? -1, message: error.message }),
    );
    if (!outcome) throw new Error(`${command.join(" ")} started, and should not have`);
    return outcome;
  }

  return { onCleanup, tempDir, bundle, startChild, refusedStart };
}

export interface Started {
  child: ChildProcess;
  url: string;
  /** What it printed so far, stdout and stderr. */
  printed: () => string;
}

/** Sends `signal` and resolves with the exit code once the child has exited (within 20 s). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no exit within 20 s of ${signal}`)), 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

export const create = (url: string, name: string) => fetch(`${url}${playlists}`, { method: "POST", headers, body: JSON.stringify({ name }) });

/** The names of the playlists of project 28417 in a state (a parsed snapshot). */
export const playlistNames = (state: unknown) =>
  (state as { projects: Record<string, { playlists: { name: string }[] }> }).projects["28417"]!.playlists.map((p) => p.name);
