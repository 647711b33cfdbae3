// The request log (`mock.requests()`): a ring of the last `requestLogSize` requests, each kept
// with its time as a number and written out only when the log is read.
import { type MockRequestRecord, requestLogSize } from "../mock.js";

type LogEntry = Omit<MockRequestRecord, "at"> & { at: number };

export class RequestLog {
  private entries: LogEntry[] = [];
  /** Where the next entry goes. */
  private next = 0;

  record(entry: LogEntry): void {
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % requestLogSize;
  }

  clear(): void {
    this.entries = [];
    this.next = 0;
  }

  /** The entries, oldest first, as copies: their lists may be shared (no violations, a remembered verdict). */
  read(): MockRequestRecord[] {
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)].map(({ at, violations, responseViolations, ...entry }) => ({
      at: new Date(at).toISOString(),
      ...entry,
      violations: [...violations],
      responseViolations: [...responseViolations],
    }));
  }
}
