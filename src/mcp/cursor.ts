// The tools' own `cursor`: where a listing goes on, whether its answer was cut to the budget
// within a page or the page was whole. Opaque to the agent (base64url JSON); read back checked.
export interface Position {
  /** The listing's offset, for a listing paged by offset. */
  offset?: number;
  /** The listing's own cursor, for one paged by cursor. */
  cursor?: string;
  /** Items of that page already given. */
  skip?: number;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position a cursor holds, or undefined when it is not one this server gave. */
export function decodeCursor(text: string): Position | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Position;
    const whole = (n: unknown) => n === undefined || (Number.isSafeInteger(n) && (n as number) >= 0);
    if (value === null || typeof value !== "object" || !whole(value.offset) || !whole(value.skip)) return undefined;
    if (value.cursor !== undefined && typeof value.cursor !== "string") return undefined;
    return value;
  } catch {
    return undefined;
  }
}
