// The texts of the JSON answers a mock sent lately, with the verdict the spec's check gave each,
// by operation. A read that builds the same value again in the same state generation (the same
// fields, and the same record objects, which a change either replaces or reports, bumping the
// generation) is sent the same text with the same verdict: serialising and checking a listing of
// 100 recordings costs more than the rest of its request. Internal to the engine.
// It and spec/validate-response.ts's verdicts by text each serve what the other misses (issue 62,
// scripts/bench/bench-answer-memories.mjs): this one skips serialising too, but the live profile's
// listings build new items on every read, which only a comparison of texts finds again.

interface Kept {
  generation: number;
  status: number;
  value: unknown;
  text: string;
  problems: string[];
}

/** How many answers each operation keeps (pages, filters), and the characters all of them hold at most. */
const keptEach = 4;
const keptChars = 8 * 1024 * 1024;

/** Whether `a` and `b` serialise alike by identity alone: the same object, or objects whose fields are the same values in the same order, a list compared item by item. */
function sameParts(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (others[i] !== key) return false;
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * The same text, held in V8's one-byte form when it is ASCII. JSON.stringify's text takes the
 * two-byte form when any string it met was held so, even with ASCII content, and encoding that
 * form for the socket on each send cost eight times as much (86 µs against 10 µs for a listing of
 * 100 recordings); a kept text is sent many times, so it is re-read once.
 */
const compact = (text: string): string => fromUtf8.decode(utf8.encode(text));

export interface SerialisedAnswers {
  /** The text and verdict of an answer of `operationId` alike to `value` in `generation`, if one was kept. */
  find(operationId: string, generation: number, status: number, value: unknown): { text: string; problems: string[] } | undefined;
  keep(operationId: string, generation: number, status: number, value: unknown, text: string, problems: string[]): void;
}

export function serialisedAnswers(): SerialisedAnswers {
  const kept = new Map<string, Kept[]>();
  let heldChars = 0;
  return {
    find(operationId, generation, status, value) {
      for (const entry of kept.get(operationId) ?? [])
        if (entry.generation === generation && entry.status === status && sameParts(entry.value, value)) return entry;
      return undefined;
    },
    keep(operationId, generation, status, value, text, problems) {
      if (text.length > keptChars) return;
      if (heldChars + text.length > keptChars) {
        kept.clear();
        heldChars = 0;
      }
      const entries = (kept.get(operationId) ?? []).filter((entry) => {
        const current = entry.generation === generation;
        if (!current) heldChars -= entry.text.length;
        return current;
      });
      if (entries.length === keptEach) heldChars -= entries.pop()!.text.length;
      entries.unshift({ generation, status, value, text: compact(text), problems });
      heldChars += text.length;
      kept.set(operationId, entries);
    },
  };
}
