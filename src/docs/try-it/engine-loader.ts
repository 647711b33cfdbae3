// Starts the page's mock (./engine.ts) the first time a panel needs it. Its bundle sits in the
// page as inert text (a `text/plain` script the build writes), so it costs the first render
// nothing; it runs as an inline module script, which needs no request, from disk too.
import { engineEvent, type InPageEngine, type StartEngine, type TryItPage } from "./types.js";

let started: Promise<InPageEngine> | undefined;

/** The page's one engine: its state lasts as long as the tab. */
export function inPageEngine(profile: TryItPage["profile"]): Promise<InPageEngine> {
  started ??= new Promise((resolve, reject) => {
    const source = document.getElementById("try-it-engine")?.textContent;
    if (!source) return reject(new Error("This page carries no in-page mock."));
    document.addEventListener(engineEvent, (event) => resolve((event as CustomEvent<StartEngine>).detail(profile)), { once: true });
    const script = document.createElement("script");
    script.type = "module";
    script.textContent = source;
    document.head.append(script);
  });
  return started;
}
