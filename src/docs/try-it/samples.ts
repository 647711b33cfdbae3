// The operation's code samples with the reader's values and target, from the same templates the
// docs' own samples are written with (scripts/docs/sample-text.mjs). The key stays out of them.
import { curlSample, typescriptSample } from "../../../scripts/docs/sample-text.mjs";
import { type Field, typed } from "./fields.js";
import type { ReaderValues } from "./request.js";
import type { TryItOperation, TryItPage } from "./types.js";

export function samplesOf(
  page: TryItPage,
  operation: TryItOperation,
  fields: Field[],
  values: ReaderValues,
  base: string,
): { typescript: string; curl: string } {
  let body: unknown;
  if (operation.body && values.body.trim() !== "") {
    try {
      body = JSON.parse(values.body);
    } catch {
      const waiting = "The body is not JSON yet: the sample follows once it is.";
      return { typescript: waiting, curl: waiting };
    }
  }
  const pick = (where: "path" | "query", chosen: Record<string, string>) =>
    Object.fromEntries(fields.filter(({ spec }) => spec.in === where && spec.name in chosen).map(({ spec }) => [spec.name, typed(spec, chosen[spec.name]!)]));
  const call = {
    pathValues: pick("path", values.path),
    query: pick("query", values.query),
    body,
    returnsJson: operation.returnsJson,
    refused: operation.refused,
  };
  const method = operation.method.toLowerCase();
  const responses = Object.fromEntries(operation.statuses.map((status) => [status, true]));
  return {
    typescript: typescriptSample(operation.path, method, call, { summary: operation.summary, responses }, page.packageEntry, base),
    curl: curlSample(operation.path, method, call, base),
  };
}
