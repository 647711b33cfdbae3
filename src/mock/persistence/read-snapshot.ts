// --snapshot: a state file the server loads and serves but never writes, so a committed fixture
// is read as it is and every change lives in memory until the server stops. Node only.
import { readFile } from "node:fs/promises";
import { regularFileIfThere } from "./files.js";

/** The parsed JSON of `file`; throws, naming the flag and the file, when it is not there, not a regular file, unreadable or not JSON. */
export async function readSnapshotFile(file: string): Promise<unknown> {
  let text: string;
  try {
    if ((await regularFileIfThere(file)) === undefined) throw new Error("no such file");
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`--snapshot ${file}: cannot read it: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which may hold people's data.
    throw new Error(`--snapshot ${file}: not a saved mock state (not JSON)`);
  }
}
