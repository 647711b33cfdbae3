// The lock's generation in the journal (issue 44, item 2): each takeover raises it, and a pair
// written by a lower generation than the lock a start took over is a former holder's, renamed in
// after it lost the file (a pause, in the gap its lease check leaves), so the start refuses it,
// naming the files; a running holder that finds one over its own files writes them again from its
// state. The former holder is planted here: persistence-lease.test.ts pauses a real one.
import { createHash } from "node:crypto";
import { appendFile, readFile, rename, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { ownIdentity } from "../../src/mock/persistence/process-identity.js";
import { create, persistFixtures, playlistNames } from "./persist-support.js";

const { onCleanup, tempDir } = persistFixtures();
const hash = (text: string) => createHash("sha256").update(text).digest("base64url");

/** A lock left by a server that is gone (its start time is no running process's), of `generation`. */
const goneHolder = async (file: string, generation: number) =>
  writeFile(`${file}.lock`, `${JSON.stringify({ ...(await ownIdentity()), pid: 1, start: "1", host: hostname(), generation })}\n`);

/** A state file with one playlist of `name`, and the journal a server of `generation` starts for it, written whole and renamed in, as a server does. */
async function formerHoldersPair(file: string, name: string, generation: number | undefined) {
  const started = await startStatefulMock({ port: 0, persist: `${file}.source`, log: () => undefined });
  expect((await create(started.url, name)).status).toBe(201);
  await started.stop();
  const snapshot = await readFile(`${file}.source`, "utf8");
  await writeFile(`${file}.tmp`, snapshot);
  await rename(`${file}.tmp`, file);
  await writeFile(`${file}.journal.tmp`, `${JSON.stringify({ journal: 2, base: hash(snapshot), ...(generation === undefined ? {} : { generation }) })}\n`);
  await rename(`${file}.journal.tmp`, `${file}.journal`);
}

describe.runIf(process.platform === "linux")("a journal of a lower generation than the lock", () => {
  it("stops the start, naming the files and what to do, and leaves them and the lock; one of an earlier version (no generation) loads", async () => {
    const file = join(await tempDir(), "state.json");
    await formerHoldersPair(file, "the former holder's", 1);
    await goneHolder(file, 2);
    const journal = await readFile(`${file}.journal`, "utf8");
    await expect(startStatefulMock({ port: 0, persist: file, log: () => undefined })).rejects.toThrow(
      `--persist ${file}: ${file}.journal and ${file} were written by a server of generation 1, after its lock ${file}.lock had passed to generation 2`,
    );
    expect(await readFile(`${file}.journal`, "utf8")).toBe(journal);
    // Kept, with the refusing start's generation, so the next start refuses too.
    expect(JSON.parse(await readFile(`${file}.lock`, "utf8"))).toMatchObject({ generation: 3 });

    await formerHoldersPair(file, "an earlier version's", undefined);
    await goneHolder(file, 2);
    const started = await startStatefulMock({ port: 0, persist: file, log: () => undefined });
    onCleanup(() => started.stop());
    expect(playlistNames(started.mock.snapshot())).toContain("an earlier version's");
  });

  it("written over a running holder's files, is written over again from its state, with what it acknowledged", async () => {
    const file = join(await tempDir(), "state.json");
    await goneHolder(file, 1);
    const logged: string[] = [];
    const started = await startStatefulMock({ port: 0, persist: file, log: (line) => logged.push(line) });
    onCleanup(() => started.stop());
    expect((await create(started.url, "acknowledged")).status).toBe(201);
    await formerHoldersPair(file, "the former holder's", 1);
    expect((await create(started.url, "after")).status).toBe(201);
    expect(logged.join("\n")).toContain("files of generation 1, this server's being 2, from a former holder of the file");
    await started.stop();
    const names = playlistNames(JSON.parse(await readFile(file, "utf8")));
    expect(names).toEqual(expect.arrayContaining(["acknowledged", "after"]));
    expect(names).not.toContain("the former holder's");
  });

  it("appended to a running holder's journal (a former holder's write it never acknowledged), is dropped, the journal written again", async () => {
    const file = join(await tempDir(), "state.json");
    const logged: string[] = [];
    const started = await startStatefulMock({ port: 0, persist: file, log: (line) => logged.push(line) });
    onCleanup(() => started.stop());
    expect((await create(started.url, "acknowledged")).status).toBe(201);
    const journal = await readFile(`${file}.journal`, "utf8");
    // The former holder's line: a create of its own, under an id the running holder gives next.
    const ownLine = journal.trimEnd().split("\n").at(-1)!;
    await appendFile(`${file}.journal`, `${ownLine.replaceAll("acknowledged", "the former holder's")}\n`);
    expect((await create(started.url, "after")).status).toBe(201);
    expect(logged.join("\n")).toContain(`lines after this server's own in ${file}.journal, from a former holder`);
    await started.stop();
    const names = playlistNames(JSON.parse(await readFile(file, "utf8")));
    expect(names).toEqual(expect.arrayContaining(["acknowledged", "after"]));
    expect(names).not.toContain("the former holder's");
  });
});
