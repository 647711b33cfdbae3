// The PUT operations a live Overlay states as `x-put` on a PATCH (openapi/DECISIONS.md, "PUT"):
// the service routes PUT to the same `update`, so each is the PATCH operation again under its
// own operationId and summary, its body the PATCH's or the one `x-put.body` names with
// `x-put.examples` (a ModelViewSet's non-partial update requires what its create requires), and optional where
// `x-put.bodyOptional` says the service takes none. Written out here so the Overlay states each once.

/** @typedef {Record<string, any>} Node */

/**
 * `document` with a `put` beside every `patch` that carries `x-put`, and `x-put` removed.
 * @param {Node} document
 */
export function expandPutOperations(document) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const patch = item.patch;
    if (!patch?.["x-put"]) continue;
    const { operationId, summary, body, examples, bodyOptional } = patch["x-put"];
    delete patch["x-put"];
    if (item.put) throw new Error(`${path}: x-put on PATCH, but the path has a PUT already`);
    const put = structuredClone(patch);
    put.operationId = operationId;
    put.summary = summary;
    put.description = `${(patch.description ?? "").trimEnd()}\n\nPUT reaches the same update as PATCH (\`${patch.operationId}\`)${
      body ? ", and requires every field a create requires" : ", and answers as it does"
    }.\n`;
    // A body of its own takes examples of its own: the PATCH's need not hold its required fields.
    if (body) put.requestBody.content["application/json"] = { schema: body, ...(examples ? { examples } : {}) };
    if (bodyOptional) put.requestBody.required = false;
    item.put = put;
  }
  return document;
}
