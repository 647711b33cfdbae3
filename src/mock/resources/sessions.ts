// The session lookups: the person properties the project's recordings carry, and the values
// one of them takes. The description gives their answers no body; the live service's
// description does, and the live profile answers it from the recordings' persons.
import { empty, json } from "../responses.js";
import type { ProjectState } from "../state/state.js";
import { inProject } from "./context.js";

/** Every person property of the project's recordings, by name, with the values it takes. */
function personProperties(project: ProjectState): Map<string, unknown[]> {
  const byName = new Map<string, unknown[]>();
  for (const recording of project.recordings) {
    const properties = recording.person?.properties;
    if (properties === null || typeof properties !== "object" || Array.isArray(properties)) continue;
    for (const [name, value] of Object.entries(properties)) {
      const values = byName.get(name) ?? [];
      values.push(value);
      byName.set(name, values);
    }
  }
  return byName;
}

const typeOf = (values: unknown[]) =>
  values.every((v) => typeof v === "number") ? "Numeric" : values.every((v) => typeof v === "boolean") ? "Boolean" : "String";

export const getSessionPropertyDefinitions = inProject((c) => {
  if (c.operation.answers !== "document") return empty(c.operation.success ?? 200);
  const search = typeof c.request.query.search === "string" ? c.request.query.search.toLowerCase() : undefined;
  // The description's boolean, or the live service's text, where only `true` (any case) asks for the numerical ones.
  const asked = c.request.query.is_numerical;
  const numerical = typeof asked === "string" ? asked.toLowerCase() === "true" : asked;
  const results = [...personProperties(c.project)]
    .map(([name, values]) => ({ id: name, name, is_numerical: typeOf(values) === "Numeric", property_type: typeOf(values), tags: [] as string[] }))
    .filter((d) => (search === undefined || d.name.toLowerCase().includes(search)) && (typeof numerical !== "boolean" || d.is_numerical === numerical))
    .sort((a, b) => a.name.localeCompare(b.name));
  return json(200, { count: results.length, results });
});

export const getSessionValues = inProject((c) => {
  if (c.operation.answers !== "document") return empty(c.operation.success ?? 200);
  const key = String(c.request.query.key);
  const wanted = typeof c.request.query.value === "string" ? c.request.query.value.toLowerCase() : undefined;
  const values = personProperties(c.project).get(key) ?? [];
  const distinct = [...new Set(values.filter((v) => v !== null && typeof v !== "object").map((v) => String(v)))];
  const results = distinct.filter((v) => wanted === undefined || v.toLowerCase().includes(wanted)).map((name) => ({ name }));
  return json(200, { results, refreshing: false });
});
