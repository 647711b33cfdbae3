// `npm start` as a newcomer runs it, on free ports from the environment: every page the docs
// link to is served, the servers it prints answer, and stopping npm's own process the way a
// process manager, an IDE or a closed terminal does (SIGTERM, SIGHUP, SIGINT) stops everything
// it started: the ports are free again within a few seconds.
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/prism.mjs";
import { killedAfterEachTest } from "../support/process-tree.js";

const root = new URL("../..", import.meta.url).pathname;
const tracked = killedAfterEachTest();

interface Started {
  npm: ChildProcess;
  ports: Record<"DOCS_PORT" | "STATEFUL_MOCK_PORT" | "LIVE_MOCK_PORT" | "MOCK_PORT", number>;
  output: () => string;
}

/** `npm start` until it prints that it is ready, the reference and the guide too; rejects with what it printed if it exits or takes over 110 s (in a fresh clone beside the rest of npm test on 2 cores, the first took 71 s). */
async function npmStart(): Promise<Started> {
  const ports = {
    DOCS_PORT: await freePort(),
    STATEFUL_MOCK_PORT: await freePort(),
    LIVE_MOCK_PORT: await freePort(),
    MOCK_PORT: await freePort(),
  };
  const env = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) };
  const npm = tracked(spawn("npm", ["start"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }));
  let printed = "";
  npm.stdout!.on("data", (chunk) => (printed += chunk));
  npm.stderr!.on("data", (chunk) => (printed += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready in 110 s:\n${printed}`)), 110_000);
    npm.stdout!.on("data", () => {
      if (["Press Ctrl-C", "The API reference is ready", "The guide is ready"].every((line) => printed.includes(line))) {
        clearTimeout(timer);
        resolve();
      }
    });
    npm.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${printed}`));
    });
  });
  return { npm, ports, output: () => printed };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.destroy() && true));
    socket.once("error", () => resolve(false));
  });

/** Whether every port is free within `ms`, polling. */
async function allFreeWithin(ports: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let busy = ports;
  while (busy.length && Date.now() < deadline) {
    busy = (await Promise.all(ports.map(async (port) => ((await listening(port)) ? port : undefined)))).filter((port) => port !== undefined);
    if (busy.length) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return busy;
}

// SIGINT as `kill -INT` sends it to npm alone (a terminal's Ctrl-C reaches the whole group):
// npm passes it on to its child, which must be start.mjs itself, not a shell that keeps it.
describe.each(["SIGTERM", "SIGHUP", "SIGINT"] as const)("npm start, stopped by %s to npm's process", (signal) => {
  it("serves the pages and the servers it names, then frees every port", async () => {
    const { npm, ports, output } = await npmStart();
    try {
      const docs = `http://127.0.0.1:${ports.DOCS_PORT}`;
      // The guide's pages too: /guide/ opens on its first.
      for (const page of ["/", "/live.html", "/playlists", "/live.html/section/errors", "/guide/", "/guide/client.html"]) {
        const answer = await fetch(`${docs}${page}`);
        expect(answer.status, page).toBe(200);
        expect(await answer.text(), page).toContain("<html");
      }
      for (const port of Object.values(ports)) expect(output(), `the port ${port} is printed`).toContain(`127.0.0.1:${port}`);
      const [seedPage, livePage] = await Promise.all(["/", "/live.html"].map(async (page) => (await fetch(`${docs}${page}`)).text()));
      expect(seedPage, "the description's page lists the mocks running").toContain(`"url":"http://127.0.0.1:${ports.STATEFUL_MOCK_PORT}"`);
      expect(seedPage).toContain(`"url":"http://127.0.0.1:${ports.MOCK_PORT}"`);
      expect(livePage, "the live page lists the live profile's mock").toContain(`"url":"http://127.0.0.1:${ports.LIVE_MOCK_PORT}"`);
      const headers = { Authorization: "Bearer phx_start" };
      const recordings = "/api/environments/28417/session_recordings/";
      const live = await (await fetch(`http://127.0.0.1:${ports.LIVE_MOCK_PORT}${recordings}`, { headers })).json();
      const seed = await (await fetch(`http://127.0.0.1:${ports.STATEFUL_MOCK_PORT}${recordings}`, { headers })).json();
      expect(live).toHaveProperty("has_next");
      expect(seed).toHaveProperty("count");
    } finally {
      npm.kill(signal);
    }
    expect(await allFreeWithin(Object.values(ports), 10_000)).toEqual([]);
    expect(output(), "Prism was stopped, not lost").not.toContain("Prism stopped unexpectedly");
  }, 150_000);
});
