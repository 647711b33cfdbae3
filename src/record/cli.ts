// `session-recordings-api-mock record`, as the bin runs it (mock-bin.ts): the terminal's
// streams, a hidden prompt for the key when it is not in the environment, and Ctrl-C, which
// aborts the reads and writes nothing.
import { createInterface } from "node:readline";
import { main } from "./main.js";

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const input = process.stdin;
    const rl = createInterface({ input, output: process.stderr, terminal: true });
    // Nothing typed is echoed: readline writes through this, and the question goes out before it is muted.
    process.stderr.write(question);
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

const controller = new AbortController();
// The bin's handler for Ctrl-C during loading (mock-bin.ts) gives way to this one, which lets the run end cleanly.
process.removeAllListeners("SIGINT");
process.once("SIGINT", () => controller.abort(new Error("interrupted")));
process.once("SIGTERM", () => controller.abort(new Error("interrupted")));

const code = await main(process.argv.slice(3), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  progress: process.stderr.isTTY === true,
  askKey: process.stdin.isTTY ? () => askHidden("Personal API key (not shown, not saved): ") : undefined,
  signal: controller.signal,
});
// Now, not when the last timer would fire: an interrupted run may leave a wait for the rate limit pending.
process.exit(code);
