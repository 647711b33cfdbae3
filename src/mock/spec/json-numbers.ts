// Numbers a request's JSON holds that the store cannot keep as they were written: JSON.parse
// reads every number as a double, so `9007199254740993` becomes ...992 and `1e-400` becomes 0,
// silently. The parsed value has lost the digits, so the text is read: each number token is
// compared, as a decimal, with the shortest text of the double it became (what the mock would
// answer). `0.1` and `1.50` are kept (they come back as 0.1 and 1.5); `0.30000000000000001` is not.
// The text is scanned with indexOf and a loop, never a regular expression over a whole string or
// number: V8's backtracking overflows its stack on one of a few megabytes (issue 33, item 5).

/** The decimal a number's text (valid JSON) means, normalised: its significant digits and the power of ten of the first. */
function decimal(text: string): string {
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1) : text;
  const e = unsigned.search(/[eE]/);
  const mantissa = e < 0 ? unsigned : unsigned.slice(0, e);
  const exponent = e < 0 ? 0 : Number(unsigned.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const whole = dot < 0 ? mantissa : mantissa.slice(0, dot);
  const all = dot < 0 ? mantissa : whole + mantissa.slice(dot + 1);
  let first = 0;
  while (first < all.length && all[first] === "0") first++;
  let end = all.length;
  while (end > first && all[end - 1] === "0") end--;
  if (end === first) return "0";
  return `${negative ? "-" : ""}${all.slice(first, end)}e${exponent + whole.length - first}`;
}

const exact = (token: string) => {
  const value = Number(token);
  return String(value) === token || (Number.isFinite(value) && decimal(String(value)) === decimal(token));
};

/** One step of the path: an object's key (its JSON text, decoded only when a path is told) or an array's index. */
type Step = { key: string | undefined; index: number | undefined };

/**
 * The index just past the string that opens at `start` (a `"`), in text JSON.parse took. A quote
 * ends it unless an odd run of backslashes stands before it; each backslash is counted once, for
 * the quote right after its run, so a long string costs its length (looking ahead for the next
 * backslash instead costs the rest of the document per string).
 */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

const isNumberPart = (code: number) => (code >= 48 && code <= 57) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69;

/**
 * Where the first number of `text` (JSON that JSON.parse took) lies that a double cannot hold as
 * written, as property names and array indexes from the root; undefined when there is none.
 * Memory follows the nesting, not the document; time, its length.
 */
export function inexactNumber(text: string): string[] | undefined {
  const steps: Step[] = [];
  let expectingKey = false;
  let at = 0;
  while (at < text.length) {
    const top = steps[steps.length - 1];
    const first = text[at]!;
    if (first === '"') {
      const end = stringEnd(text, at);
      if (expectingKey && top) top.key = text.slice(at, end);
      expectingKey = false;
      at = end;
      continue;
    }
    const code = first.charCodeAt(0);
    if ((code >= 48 && code <= 57) || code === 45) {
      let end = at + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      if (!exact(text.slice(at, end))) {
        return steps.map((step) => (step.index !== undefined ? String(step.index) : (JSON.parse(step.key!) as string)));
      }
      at = end;
      continue;
    }
    if (first === "{") {
      steps.push({ key: undefined, index: undefined });
      expectingKey = true;
    } else if (first === "[") steps.push({ key: undefined, index: 0 });
    else if (first === "}" || first === "]") steps.pop();
    else if (first === ",") {
      if (top?.index !== undefined) top.index++;
      else expectingKey = true;
    }
    // Anything else is white space, `:` or a literal (true, false, null), which hold no number.
    at++;
  }
  return undefined;
}
