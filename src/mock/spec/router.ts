// Matches a method and a path against the spec's operations.
import { type OperationEntry, operations } from "./operations.js";

export type Route =
  | { kind: "operation"; operation: OperationEntry; params: Record<string, string> }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string }
  | { kind: "bad-path"; param: string };

interface Template {
  path: string;
  segments: (string | { param: string })[];
  byMethod: Map<string, OperationEntry>;
}

const templates: Template[] = [];
for (const operation of operations) {
  let template = templates.find((t) => t.path === operation.path);
  if (!template) {
    const segments = operation.path
      .split("/")
      .slice(1, -1)
      .map((segment) => (segment.startsWith("{") ? { param: segment.slice(1, -1) } : segment));
    template = { path: operation.path, segments, byMethod: new Map() };
    templates.push(template);
  }
  template.byMethod.set(operation.method, operation);
}
// A literal segment wins over a parameter: `ai/regex/` is not a recording id.
const literalCount = (t: Template) => t.segments.filter((s) => typeof s === "string").length;
templates.sort((a, b) => literalCount(b) - literalCount(a));

// Front ends ask for the same few paths again and again: remember recent answers, boundedly.
const recent = new Map<string, Route>();
const recentLimit = 2_000;

export function route(method: string, pathname: string): Route {
  const key = `${method} ${pathname}`;
  let found = recent.get(key);
  if (!found) {
    found = match(method, pathname);
    if (recent.size >= recentLimit) recent.clear();
    recent.set(key, found);
  }
  return found;
}

/** The raw value of each `{param}` when `parts` fit the template's segments; an empty param never fits. */
function matchSegments(segments: Template["segments"], parts: string[]): Record<string, string> | undefined {
  const raw: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const part = parts[index]!;
    if (typeof segment === "string" ? segment !== part : part === "") return undefined;
    if (typeof segment !== "string") raw[segment.param] = part;
  }
  return raw;
}

function match(method: string, pathname: string): Route {
  if (!pathname.endsWith("/")) return { kind: "not-found" };
  const parts = pathname.split("/").slice(1, -1);
  for (const template of templates) {
    if (template.segments.length !== parts.length) continue;
    const raw = matchSegments(template.segments, parts);
    if (!raw) continue;
    const operation = template.byMethod.get(method);
    if (!operation) return { kind: "method-not-allowed", allow: [...template.byMethod.keys()].join(", ") };
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return { kind: "bad-path", param: name };
      }
    }
    return { kind: "operation", operation, params };
  }
  return { kind: "not-found" };
}
