// Matches a method and a path against the spec's operations. A parameter that cannot be
// percent-decoded still finds its operation (bad-path): the engine answers it after
// authentication, as the service does. The trailing slash is optional, one or none, as the
// service's router makes it (`DefaultRouterPlusPlus`, `trailing_slash = r"/?"`): the description
// writes the slash form, and PostHog's own tests and many clients send the other. A profile
// whose description states a second prefix (`x-path-aliases`) answers each operation under it too.

/** What the router reads of an operation (operations.ts's `OperationEntry` holds it): its path template, its method, whether the profile refuses it. */
export interface RoutedOperation {
  path: string;
  method: string;
  refused?: unknown;
}

export type Route<O extends RoutedOperation> =
  | { kind: "operation"; operation: O; params: Record<string, string>; allow: string }
  | { kind: "bad-path"; operation: O; param: string; allow: string }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string };

interface Template<O extends RoutedOperation> {
  path: string;
  segments: (string | { param: string })[];
  byMethod: Map<string, O>;
  /** The methods the path answers, as an `Allow` header: those with a 2XX, then HEAD (answered as GET) and OPTIONS. */
  allow: string;
}

/** A second prefix of the description's paths: a path under `prefix` is the operation at the same path under `servedAs`. */
export interface PathAlias {
  prefix: string;
  servedAs: string;
}

/** Each path an operation is served at: its own, and the same under every alias of its prefix. */
const pathsOf = (path: string, aliases: readonly PathAlias[]): string[] => [
  path,
  ...aliases.filter((alias) => path.startsWith(alias.servedAs)).map((alias) => alias.prefix + path.slice(alias.servedAs.length)),
];

/** The path templates of `operations`, a literal segment ranked before a parameter. */
function templatesOf<O extends RoutedOperation>(operations: readonly O[], aliases: readonly PathAlias[]): Template<O>[] {
  const templates: Template<O>[] = [];
  for (const operation of operations)
    for (const path of pathsOf(operation.path, aliases)) templateAt(templates, path).byMethod.set(operation.method, operation);
  for (const template of templates) {
    const answered = [...template.byMethod.values()].filter((o) => !o.refused).map((o) => o.method);
    template.allow = [...answered, ...(answered.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  }
  // A literal segment wins over a parameter: `ai/regex/` is not a recording id.
  const literalCount = (t: Template<O>) => t.segments.filter((s) => typeof s === "string").length;
  return templates.sort((a, b) => literalCount(b) - literalCount(a));
}

/** The template of `path` among `templates`, added when it is not there yet. */
function templateAt<O extends RoutedOperation>(templates: Template<O>[], path: string): Template<O> {
  let template = templates.find((t) => t.path === path);
  if (!template) {
    const segments = path
      .split("/")
      .slice(1, -1)
      .map((segment) => (segment.startsWith("{") ? { param: segment.slice(1, -1) } : segment));
    template = { path, segments, byMethod: new Map(), allow: "" };
    templates.push(template);
  }
  return template;
}

// Front ends ask for the same few paths again and again: each router remembers recent answers, boundedly.
const recentLimit = 2_000;

export type Router<O extends RoutedOperation> = (method: string, pathname: string) => Route<O>;

/** A router over one profile's operations. */
export function createRouter<O extends RoutedOperation>(operations: readonly O[], aliases: readonly PathAlias[] = []): Router<O> {
  const templates = templatesOf(operations, aliases);
  const recent = new Map<string, Route<O>>();
  return (method, pathname) => {
    const key = `${method} ${pathname}`;
    let found = recent.get(key);
    if (!found) {
      found = match(templates, method, pathname);
      if (recent.size >= recentLimit) recent.clear();
      recent.set(key, found);
    }
    return found;
  };
}

/** The raw value of each `{param}` when `parts` fit the template's segments; an empty param never fits. */
function matchSegments(segments: Template<RoutedOperation>["segments"], parts: string[]): Record<string, string> | undefined {
  const raw: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const part = parts[index]!;
    if (typeof segment === "string" ? segment !== part : part === "") return undefined;
    if (typeof segment !== "string") raw[segment.param] = part;
  }
  return raw;
}

function match<O extends RoutedOperation>(templates: readonly Template<O>[], method: string, pathname: string): Route<O> {
  const parts = pathname.split("/").slice(1, pathname.endsWith("/") ? -1 : undefined);
  for (const template of templates) {
    if (template.segments.length !== parts.length) continue;
    const raw = matchSegments(template.segments, parts);
    if (!raw) continue;
    const operation = template.byMethod.get(method);
    if (!operation) return { kind: "method-not-allowed", allow: template.allow };
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return { kind: "bad-path", operation, param: name, allow: template.allow };
      }
    }
    return { kind: "operation", operation, params, allow: template.allow };
  }
  return { kind: "not-found" };
}
