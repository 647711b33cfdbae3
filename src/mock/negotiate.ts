// What a caller can ask of the mock beyond the API: Prism's `Prefer` header (code, example,
// delay) and named scenarios for the UI states a frontend must handle.
import type { OperationEntry } from "./spec/operations.js";
import { between, seededRandom, type Random } from "./state/random.js";
import { allowedMethods } from "./spec/router.js";
import { empty, error, json } from "./responses.js";

export const scenarioNames = ["empty", "many-pages", "rate-limited", "flaky"] as const;
export type ScenarioName = (typeof scenarioNames)[number];
export type ScenarioOption = ScenarioName | { name: ScenarioName; seed?: number };

export const maxDelayMs = 10_000;

export interface Prefer {
  code?: number;
  example?: string;
  delay?: number;
}

/** Parses `Prefer: code=404, example=not_found, delay=300`; unknown preferences are ignored, as RFC 7240 asks. */
export function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = {};
  for (const part of (header ?? "").split(/[,;]/)) {
    const [key, raw] = part.split("=").map((s) => s?.trim().replace(/^"|"$/g, ""));
    if (!raw) continue;
    if (key === "code" && /^\d{3}$/.test(raw)) prefer.code = Number(raw);
    if (key === "example") prefer.example = raw;
    if (key === "delay" && /^\d+$/.test(raw)) prefer.delay = Math.min(Number(raw), maxDelayMs);
  }
  return prefer;
}

const headersFor = (operation: OperationEntry, status: number): Record<string, string> => ({
  ...(status === 429 ? { "Retry-After": "1" } : {}),
  ...(status === 405 ? { Allow: allowedMethods(operation.path).split(", ").filter((m) => m !== "DELETE").join(", ") } : {}),
});

/** The spec's answer for a `Prefer` code or example, or undefined to let the mock answer for real. */
export function preferredAnswer(operation: OperationEntry, prefer: Prefer): Response | undefined {
  if (prefer.code === undefined && prefer.example === undefined) return undefined;
  const status = prefer.code ?? operation.success;
  const declared = operation.responses[String(status)];
  if (!declared) {
    const documented = Object.keys(operation.responses).join(", ");
    return error(400, "validation_error", "invalid", `Prefer: code=${status} is not a documented response of ${operation.id} (documented: ${documented}).`, "Prefer");
  }
  if (!declared.json) return empty(status, headersFor(operation, status));
  const names = Object.keys(declared.examples);
  const name = prefer.example ?? names[0]!;
  if (!(name in declared.examples)) {
    return error(400, "validation_error", "invalid", `Prefer: example=${name} is not an example of ${operation.id}'s ${status} (examples: ${names.join(", ")}).`, "Prefer");
  }
  return json(status, declared.examples[name], headersFor(operation, status));
}

/** A failure the scenario injects before the real answer, or undefined. */
export function scenarioFailure(scenario: ScenarioName | undefined, random: Random): Response | undefined {
  if (scenario === "rate-limited") {
    const wait = between(random, 1, 5);
    return error(429, "throttled_error", "throttled", `Request was throttled. Expected available in ${wait} seconds.`, null, { "Retry-After": String(wait) });
  }
  if (scenario === "flaky" && random() < 0.3) {
    const status = [500, 502, 503][between(random, 0, 2)]!;
    return error(status, "server_error", "error", "A server error occurred.", null, status === 503 ? { "Retry-After": "1" } : {});
  }
  return undefined;
}

export function scenarioRandom(seed: number): Random {
  return seededRandom(seed ^ 0x5eed);
}

export function isScenarioName(name: unknown): name is ScenarioName {
  return typeof name === "string" && (scenarioNames as readonly string[]).includes(name);
}
