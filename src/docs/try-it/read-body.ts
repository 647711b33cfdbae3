// Reads an answer's body as the panel can show it: up to a stated size, so a server that sends
// gigabytes costs the tab a few megabytes and the download stops there; and until the try is
// stopped (timeout, Cancel, the panel closed), keeping what came before.

/** How much of a body the panel reads; past it, it shows the first part and says so. */
export const bodyLimit = 2_000_000;

export interface Body {
  text: string;
  /** The bytes read. */
  bytes: number;
  /** Why the body is not whole, if it is not: past the limit, stopped, or broken off. */
  cut?: string;
}

export async function readBody(response: Response, signal: AbortSignal): Promise<Body> {
  if (!response.body) return { text: "", bytes: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), bytes };
      if (bytes + value.byteLength > bodyLimit) {
        // A character split at the limit is left out rather than shown broken.
        text += decoder.decode(value.subarray(0, bodyLimit - bytes), { stream: true });
        reader.cancel().catch(() => undefined);
        return { text, bytes: bodyLimit, cut: `the answer is longer than ${size(bodyLimit)}; shown are its first ${size(bodyLimit)}, the rest was not read` };
      }
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch (problem) {
    const why = signal.aborted ? String(signal.reason) : `the connection broke (${problem instanceof Error ? problem.message : String(problem)})`;
    return { text, bytes, cut: `${why}; shown is what came, ${size(bytes)}` };
  }
}

/** A byte count as a reader says it: 512 bytes, 12.3 kB, 2 MB. */
export function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, "kB"] : [bytes / 1e6, "MB"];
  return `${Number(value.toFixed(1))} ${unit}`;
}
