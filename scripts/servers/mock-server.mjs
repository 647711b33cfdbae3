// `npm run mock:stateful -- [flags]`: the mock package's bin (src/mock/adapters/node-http/cli.ts)
// run from the source, bundled once at start, so working on the mock needs no build first.
import { loadSource } from "../lib/load-source.mjs";

await loadSource("src/mock/adapters/node-http/cli.ts");
