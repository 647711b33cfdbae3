// Follows the bundled spec's local `$ref`s, for the scripts that read it.
export function deref(spec, node) {
  let current = node;
  while (current && typeof current.$ref === "string") {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((obj, key) => obj?.[key], spec);
  }
  return current;
}
