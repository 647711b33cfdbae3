// What a response body is, before any schema is applied: nothing, JSON, an HTML page, or other
// text. A gateway's or a framework's error page is HTML whatever the API declares.

export type BodyKind =
  | { kind: "empty" }
  | { kind: "json"; value: unknown; declaredJson: boolean }
  | { kind: "html" }
  | { kind: "invalid-json" }
  | { kind: "text"; contentType: string };

const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const htmlStart = /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/** Reads the body of an answer whose Content-Type is `contentType`. */
export function bodyKind(text: string, contentType: string | null): BodyKind {
  if (text.length === 0) return { kind: "empty" };
  const type = (contentType ?? "").trim();
  if (/^text\/html\b/i.test(type) || htmlStart.test(text)) return { kind: "html" };
  const declaredJson = jsonType.test(type);
  try {
    return { kind: "json", value: JSON.parse(text), declaredJson };
  } catch {
    return declaredJson ? { kind: "invalid-json" } : { kind: "text", contentType: type.split(";")[0] || "no Content-Type" };
  }
}

/** The body in words, for a report: never its content, which may hold anything. */
export function describeBody(body: BodyKind): string {
  switch (body.kind) {
    case "empty":
      return "no body";
    case "json":
      return body.declaredJson ? "a JSON body" : "a JSON body not labelled application/json";
    case "html":
      return "an HTML page";
    case "invalid-json":
      return "a body labelled JSON that does not parse";
    case "text":
      return `a non-JSON body (${body.contentType})`;
  }
}
