// Starts the page's mock (./engine.ts) the first time a panel needs it. Its bundle sits in the
// page as inert text, gzipped in base64 (scripts/docs/try-it.mjs), so it costs the first render
// little; it is unzipped by the browser's own DecompressionStream and runs as an inline module
// script, which needs no request, from disk too.
import { engineEvent, type InPageEngine, type StartEngine } from "./types.js";

let started: Promise<InPageEngine> | undefined;

/** The page's one engine: its state lasts as long as the tab. */
export function inPageEngine(): Promise<InPageEngine> {
  started ??= unzipped().then(
    (source) =>
      new Promise((resolve) => {
        document.addEventListener(engineEvent, (event) => resolve((event as CustomEvent<StartEngine>).detail()), { once: true });
        const script = document.createElement("script");
        script.type = "module";
        script.textContent = source;
        document.head.append(script);
      }),
  );
  return started;
}

async function unzipped(): Promise<string> {
  const packed = document.getElementById("try-it-engine")?.textContent;
  if (!packed) throw new Error("This page carries no in-page mock.");
  const bytes = Uint8Array.from(atob(packed), (char) => char.charCodeAt(0));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}
