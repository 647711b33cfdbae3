// Copies MSW's worker script from the installed msw into public/msw2/ (MSW_MAJOR=3: from msw 3,
// the `msw3` alias, into public/msw3/), the folder Storybook serves beside its iframe.html: the
// script always matches the library (msw warns when they differ), and no `msw init` runs.
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const major = process.env.MSW_MAJOR === "3" ? "3" : "2";
const msw = major === "3" ? "msw3" : "msw";
const script = join(dirname(createRequire(import.meta.url).resolve(`${msw}/package.json`)), "lib/mockServiceWorker.js");
await mkdir(join(here, `public/msw${major}`), { recursive: true });
await copyFile(script, join(here, `public/msw${major}/mockServiceWorker.js`));
