/** A time limit being watched: `expire` runs once `at` (performance.now() ms) has passed. */
export interface Deadline {
  at: number;
  expire: () => void;
}

type Timer = ReturnType<typeof setTimeout> & { ref?: () => void; unref?: () => void };

/**
 * The time limits of one client's attempts, watched by a single timer. Arming and clearing
 * a timer for every attempt costs more than the rest of an attempt's bookkeeping; here the
 * timer stays armed for the earliest deadline and is re-armed only when a sooner one comes.
 * It holds the process open (in Node) only while some attempt is pending.
 */
export function createDeadlines() {
  const pending = new Set<Deadline>();
  let timer: Timer | undefined;
  let armedFor = Number.POSITIVE_INFINITY;

  const arm = (at: number, now: number) => {
    if (timer !== undefined) clearTimeout(timer);
    armedFor = at;
    timer = setTimeout(check, Math.max(0, at - now)) as Timer;
  };

  function check() {
    timer = undefined;
    armedFor = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const deadline of pending) {
      if (deadline.at <= now) {
        pending.delete(deadline);
        deadline.expire();
      } else if (deadline.at < earliest) earliest = deadline.at;
    }
    if (pending.size > 0) arm(earliest, now);
  }

  return {
    /** Watches a limit of `ms` from now; `expire` runs when it passes unless `clear` came first. */
    add(ms: number, expire: () => void): Deadline {
      const now = performance.now();
      const deadline = { at: now + ms, expire };
      if (pending.size === 0) timer?.ref?.();
      pending.add(deadline);
      if (deadline.at < armedFor) arm(deadline.at, now);
      return deadline;
    },
    clear(deadline: Deadline) {
      pending.delete(deadline);
      if (pending.size === 0) timer?.unref?.();
    },
  };
}

export type Deadlines = ReturnType<typeof createDeadlines>;
