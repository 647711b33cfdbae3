// Writes a code sample per operation from the spec itself, as `x-codeSamples`: a TypeScript
// call with this package's client and a curl line, both with the values of the spec's own
// examples, so the docs show how to call every operation and no sample is written by hand.
import { deref, operationsOf } from "./lib/spec.mjs";

/** @typedef {import("./lib/spec.mjs").Node} Node */
/** @typedef {import("./lib/spec.mjs").OperationEntry} OperationEntry */
/**
 * @typedef {object} CallValues
 * @property {Record<string, unknown>} pathValues
 * @property {Record<string, unknown>} query
 * @property {unknown} body
 * @property {boolean} returnsJson
 * @property {boolean} refused
 */

const baseUrl = "https://us.posthog.com";

/**
 * A value as a TypeScript literal, written as a person would.
 * @param {unknown} value
 * @returns {string}
 */
function literal(value) {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, inner]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(inner)}`);
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}
/** @param {string} text */
const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

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
 * @param {string} path
 * @param {string} method
 * @param {CallValues} values
 * @param {Node} operation
 * @param {string} packageEntry the package entry the sample imports
 */
function typescript(path, method, { pathValues, query, body, returnsJson, refused }, operation, packageEntry) {
  const params = [];
  if (Object.keys(pathValues).length) params.push(`path: ${literal(pathValues)}`);
  if (Object.keys(query).length) params.push(`query: ${literal(query)}`);
  const init = params.length ? [`params: { ${params.join(", ")} }`] : [];
  if (body !== undefined) init.push(`body: ${literal(body)}`);
  const call = init.length ? `api.${method.toUpperCase()}("${path}", {\n  ${init.join(",\n  ")},\n})` : `api.${method.toUpperCase()}("${path}")`;
  const lines = [
    `import { createClient, unwrap } from "${packageEntry}";`,
    ``,
    `const api = createClient({ baseUrl: "${baseUrl}", apiKey: process.env.POSTHOG_API_KEY ?? "" });`,
    ``,
  ];
  if (refused) {
    lines.push(
      `// ${operation.summary}: answers ${Object.keys(operation.responses).includes("405") ? "405" : "an error"}; update with \`deleted: true\` instead.`,
    );
    lines.push(`const { response } = await ${call};`, `console.log(response.status);`);
  } else if (returnsJson) {
    lines.push(`const data = unwrap(await ${call});`, `console.log(data);`);
  } else {
    lines.push(`const { response } = await ${call};`, `console.log(response.status);`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * @param {string} path
 * @param {string} method
 * @param {CallValues} values
 */
function curl(path, method, { pathValues, query, body }) {
  let url = baseUrl + path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(pathValues[name])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  if (search) url += `?${search}`;
  const parts = [`curl`];
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  parts.push(`-H "Authorization: Bearer $POSTHOG_API_KEY"`);
  if (body !== undefined) parts.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(body))}`);
  parts.push(`"${url}"`);
  return parts.join(" ");
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
        { lang: "TypeScript", label: "TypeScript", source: typescript(path, method, values, operation, packageEntry) },
        { lang: "curl", label: "curl", source: curl(path, method, values) },
      ],
    );
  }
  return document;
}
