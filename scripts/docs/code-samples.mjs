// Writes a code sample per operation from the spec itself, as `x-codeSamples`: a TypeScript
// call with this package's client and a curl line, both with the values of the spec's own
// examples, so the docs show how to call every operation and no sample is written by hand.
// The templates are in ./sample-text.mjs, which the docs' Try it panel shares.

import { deref, operationsOf } from "../lib/spec.mjs";
import { curlSample, typescriptSample } from "./sample-text.mjs";

/** @typedef {import("../lib/spec.mjs").Node} Node */
/** @typedef {import("../lib/spec.mjs").OperationEntry} OperationEntry */
/** @typedef {import("./sample-text.mjs").CallValues} CallValues */

const baseUrl = "https://us.posthog.com";

/**
 * The values a call needs: path parameters, required query parameters and a body, from the examples.
 * @param {Node} spec
 * @param {OperationEntry} entry
 * @returns {CallValues}
 */
function callValues(spec, { operation, parameters }) {
  const pathValues = Object.fromEntries(parameters.filter((p) => p.in === "path").map((p) => [p.name, p.example]));
  const query = Object.fromEntries(parameters.filter((p) => p.in === "query" && p.required).map((p) => [p.name, p.example]));
  const media = deref(spec, operation.requestBody)?.content?.["application/json"];
  const body = media ? deref(spec, Object.values(media.examples ?? {})[0])?.value : undefined;
  const success = Object.keys(operation.responses).find((s) => s.startsWith("2"));
  const returnsJson = Boolean(success && deref(spec, operation.responses[success]).content?.["application/json"]);
  return { pathValues, query, body, returnsJson, refused: !success };
}

/**
 * Sets `x-codeSamples` on every operation of a yaml Document of the bundled spec, replacing
 * any it has; the TypeScript samples import from `packageEntry`.
 * @param {import("yaml").Document} document
 * @param {string} [packageEntry]
 */
export function addCodeSamples(document, packageEntry = "session-recordings-api") {
  const spec = document.toJS();
  for (const entry of operationsOf(spec)) {
    const { path, method, operation } = entry;
    const values = callValues(spec, entry);
    document.setIn(
      ["paths", path, method, "x-codeSamples"],
      [
        {
          lang: "TypeScript",
          label: "TypeScript",
          source: typescriptSample(path, method, values, { summary: operation.summary, responses: operation.responses }, packageEntry, baseUrl),
        },
        { lang: "curl", label: "curl", source: curlSample(path, method, values, baseUrl) },
      ],
    );
  }
  return document;
}
