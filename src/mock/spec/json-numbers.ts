// Numbers a request's JSON holds that the store cannot keep as they were written: JSON.parse
// reads every number as a double, so `9007199254740993` becomes ...992 and `1e-400` becomes 0,
// silently. The parsed value has lost the digits, so the text is read: each number token is
// compared, as a decimal, with the shortest text of the double it became (what the mock would
// answer). `0.1` and `1.50` are kept (they come back as 0.1 and 1.5); `0.30000000000000001` is not.

/** The decimal a number's text means, normalised: its significant digits and the power of ten of the first. */
function decimal(text: string): string {
  const [, sign, whole, fraction = "", exponent = "0"] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const all = whole! + fraction;
  const significant = all.replace(/^0+/, "");
  const digits = significant.replace(/0+$/, "");
  if (digits === "") return "0";
  return `${sign}${digits}e${Number(exponent) + whole!.length - (all.length - significant.length)}`;
}

const exact = (token: string) => {
  const value = Number(token);
  return String(value) === token || (Number.isFinite(value) && decimal(String(value)) === decimal(token));
};

/** One step of the path: an object's key (its JSON text, decoded only when a path is told) or an array's index. */
type Step = { key: string | undefined; index: number | undefined };

// Strings first, so a digit inside one is never read as a number.
const tokens = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\],:]/g;

/**
 * Where the first number of `text` (JSON that JSON.parse took) lies that a double cannot hold as
 * written, as property names and array indexes from the root; undefined when there is none.
 * Memory follows the nesting, not the document.
 */
export function inexactNumber(text: string): string[] | undefined {
  const steps: Step[] = [];
  let expectingKey = false;
  for (const [token] of text.matchAll(tokens)) {
    const top = steps[steps.length - 1];
    const first = token[0];
    if (first === "{") {
      steps.push({ key: undefined, index: undefined });
      expectingKey = true;
    } else if (first === "[") steps.push({ key: undefined, index: 0 });
    else if (first === "}" || first === "]") steps.pop();
    else if (first === ",") {
      if (top?.index !== undefined) top.index++;
      else expectingKey = true;
    } else if (first === '"') {
      if (expectingKey && top) top.key = token;
      expectingKey = false;
    } else if (first !== ":" && !exact(token)) {
      return steps.map((step) => (step.index !== undefined ? String(step.index) : (JSON.parse(step.key!) as string)));
    }
  }
  return undefined;
}
