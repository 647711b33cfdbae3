import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/prism.mjs";
import { killedAfterEachTest } from "../support/process-tree.js";

const tracked = killedAfterEachTest();

describe("npm start", () => {
  it("prints the URLs of both mocks and the docs, then makes the docs, which answer a short page until ready; a curl that works; stops cleanly on Ctrl-C", async () => {
    const [mockPort, docsPort, statefulPort] = [await freePort(), await freePort(), await freePort()];
    const child = tracked(
      spawn(process.execPath, ["scripts/servers/start.mjs"], {
        cwd: new URL("../../", import.meta.url),
        env: { ...process.env, MOCK_PORT: String(mockPort), DOCS_PORT: String(docsPort), STATEFUL_MOCK_PORT: String(statefulPort) },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

    await new Promise<void>((resolve, reject) => {
      // Alone it is ready in seconds; beside the rest of `npm test` on 2 cores it once took over 50 s.
      const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 110_000);
      child.stdout.on("data", () => {
        if (!output.includes("Press Ctrl-C")) return;
        clearTimeout(timer);
        resolve();
      });
      void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
    });

    expect(output).toMatch(new RegExp(`Example mock \\(Prism.*http://127.0.0.1:${mockPort}`));
    expect(output).toMatch(new RegExp(`Stateful mock .*http://127.0.0.1:${statefulPort}`));
    expect(output).toContain(`http://127.0.0.1:${docsPort}/`);
    expect(output).toMatch(new RegExp(`The guide: +http://127.0.0.1:${docsPort}/guide/`));
    // The URLs come before the docs are made (the guide's build takes half a minute on a fresh
    // clone): until the guide is ready, its URL answers a page saying it is being built.
    expect(output).not.toContain("Rendering the docs");
    const early = await fetch(`http://127.0.0.1:${docsPort}/guide/`, { redirect: "manual" });
    if (!output.includes("The guide is ready")) {
      expect(early.status).toBe(503);
      expect(await early.text()).toContain("The guide is being built");
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the docs were not ready:\n${output}`)), 110_000);
      const ready = () => {
        if (!output.includes("The guide is ready") || !output.includes("The API reference is ready")) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on("data", ready);
      ready();
    });
    expect(output.indexOf("The API reference is ready")).toBeGreaterThan(output.indexOf("Press Ctrl-C"));
    expect(output.indexOf("The guide is ready")).toBeGreaterThan(output.indexOf("Press Ctrl-C"));
    const guide = await fetch(`http://127.0.0.1:${docsPort}/guide/`);
    expect(guide.status).toBe(200);
    expect(await guide.text()).toContain("Getting started in five minutes");
    const docs = await fetch(`http://127.0.0.1:${docsPort}/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("Session Recordings, Playlists and Subscriptions API");

    const curl = output.match(/curl -H "Authorization: Bearer (\S+)" (\S+)/);
    expect(curl).not.toBeNull();
    const mocked = await fetch(curl![2]!, { headers: { Authorization: `Bearer ${curl![1]}` } });
    expect(mocked.status).toBe(200);
    expect(await mocked.json()).toMatchObject({ short_id: "Ub3KpD7w" });
    const example = await fetch(`http://127.0.0.1:${mockPort}/api/projects/`, { headers: { Authorization: "Bearer phx_example" } });
    expect(example.status).toBe(200);

    child.kill("SIGINT");
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${mockPort}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${statefulPort}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${docsPort}/`)).rejects.toThrow();
  }, 250_000);
});
