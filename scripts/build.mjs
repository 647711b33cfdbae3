// `npm run build`: each package's dist/ from src/ with tsup (tsup.config.ts), then what each
// publishes beside it: the client its two descriptions, every package the README and CHANGELOG.
// What this copies is git-ignored: generated/ and the repository's root stay the sources.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The published packages, by folder under packages/. */
const packageDirs = ["client", "mock", "conformance"];

// The mock's configs share one dist/ and clean none of it (tsup.config.ts): it is emptied here.
await rm(`${root}packages/mock/dist`, { recursive: true, force: true });
execFileSync(process.execPath, [`${root}node_modules/tsup/dist/cli-default.js`, "--silent"], { cwd: root, stdio: "inherit" });
await mkdir(`${root}packages/client/live`, { recursive: true });
await copyFile(`${root}generated/openapi.yaml`, `${root}packages/client/openapi.yaml`);
await copyFile(`${root}generated/live/openapi.yaml`, `${root}packages/client/live/openapi.yaml`);
for (const dir of packageDirs) for (const file of ["README.md", "CHANGELOG.md"]) await copyFile(`${root}${file}`, `${root}packages/${dir}/${file}`);
