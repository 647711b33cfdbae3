// The text of an operation's two code samples, a TypeScript call with this package's client and
// a curl line, from the values of one call. Plain JavaScript with no Node import, so the docs'
// Try it panel (src/docs/try-it/) writes its samples with the reader's values from the same
// templates the bundle writes `x-codeSamples` with (scripts/docs/code-samples.mjs).

/**
 * @typedef {object} CallValues
 * @property {Record<string, unknown>} pathValues
 * @property {Record<string, unknown>} query
 * @property {unknown} body
 * @property {boolean} returnsJson
 * @property {boolean} refused
 */
/**
 * What the samples read of the operation.
 * @typedef {object} SampleOperation
 * @property {string} summary
 * @property {Record<string, unknown>} responses
 */

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
 * @param {string} path
 * @param {string} method
 * @param {CallValues} values
 * @param {SampleOperation} operation
 * @param {string} packageEntry the package entry the sample imports
 * @param {string} baseUrl
 */
export function typescriptSample(path, method, { pathValues, query, body, returnsJson, refused }, operation, packageEntry, baseUrl) {
  const params = [];
  if (Object.keys(pathValues).length) params.push(`path: ${literal(pathValues)}`);
  if (Object.keys(query).length) params.push(`query: ${literal(query)}`);
  const init = params.length ? [`params: { ${params.join(", ")} }`] : [];
  if (body !== undefined) init.push(`body: ${literal(body)}`);
  const call = init.length ? `api.${method.toUpperCase()}("${path}", {\n  ${init.join(",\n  ")},\n})` : `api.${method.toUpperCase()}("${path}")`;
  const lines = [
    `import { createClient, unwrap } from "${packageEntry}";`,
    ``,
    `const api = createClient({ baseUrl: "${baseUrl}", apiKey: process.env.POSTHOG_PERSONAL_API_KEY ?? "" });`,
    ``,
  ];
  if (refused) {
    lines.push(`// ${operation.summary}: answers ${"405" in operation.responses ? "405" : "an error"}; update with \`deleted: true\` instead.`);
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
 * @param {string} baseUrl
 */
export function curlSample(path, method, { pathValues, query, body }, baseUrl) {
  let url = baseUrl + path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(pathValues[name])));
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  if (search) url += `?${search}`;
  const parts = [`curl`];
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  parts.push(`-H "Authorization: Bearer $POSTHOG_PERSONAL_API_KEY"`);
  if (body !== undefined) parts.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(body))}`);
  parts.push(`"${url}"`);
  return parts.join(" ");
}
