// Debian's Chromium, driven by playwright-core, for the suite's browser tests: nothing is
// downloaded, and a machine without it is told how to get it.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}: install Debian's chromium (apt-get install chromium), or set CHROMIUM_PATH.`);
  return chromium.launch({
    executablePath: chromiumPath,
    // No sandbox for CI containers running as root; nothing in the background that could reach out.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
