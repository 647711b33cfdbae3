// Values no schema invites but any client, browser or fuzzer can send: the kinds issue 16
// lists (wrong types, numbers at and past the edges, NaN-like text, emoji, CJK, control
// characters, Object.prototype's names, deep nesting, long strings, malformed escapes).
import fc from "fast-check";
import { nested, RawJson } from "./json-text.js";

/** Names that are also members of every object: looked up carelessly, they find Object.prototype's. */
export const prototypeNames = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf", "prototype"];

/** Text that looks like a number or a keyword to a lax parser. */
const numberLike = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "1e-999",
  "0x10",
  "0b1",
  "1_000",
  "+1",
  " 1",
  "1 ",
  "1.0",
  "1.5",
  "-0",
  "00",
  "١٢",
  "１",
];
const keywordLike = ["", " ", "null", "undefined", "true", "false", "True", "[]", "{}", "[object Object]"];
/** Text past Latin-1, control characters, and what an escape or a path treats specially. */
const awkwardText = [
  "😀",
  "👩‍👩‍👧",
  "日本語のテキスト",
  "中文",
  "한국어",
  "ÿ",
  "é",
  "\u0000",
  "\u001b[31m",
  "\r\n",
  "\t",
  "\u202e",
  "\ufeff",
  "\u2028",
  "\ud800",
];
const escapeLike = ["%", "%%", "%zz", "%E0%A4%A", "%C0%AF", "%00", "%2F", "%ZZ%", "../", "a/b", "?x=1", "#f", "a b", "+", "\\"];

export const hostileStringConstants = [...prototypeNames, ...numberLike, ...keywordLike, ...awkwardText, ...escapeLike];

/** Any string a hostile client might put where a string goes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStringConstants), weight: 5 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 24 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary-ascii", maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }), weight: 2 },
  // Long enough to pass any maxLength the description sets, kept well under the 1 MB body limit.
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom("x", "😀", "日", "%"),
        fc.oneof({ arbitrary: fc.integer({ min: 401, max: 2_000 }), weight: 9 }, { arbitrary: fc.constant(60_000), weight: 1 }),
      )
      .map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);

/** Number tokens at and past what JSON and a double carry, written as JSON text. */
export const hostileNumberTokens = [
  "1e999",
  "-1e999",
  "1e308",
  "-1e308",
  "5e-324",
  "1e-999",
  "-0",
  "0",
  "-1",
  "0.5",
  "1.0",
  "1E2",
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "9007199254740991",
  "9007199254740993",
  "123456789012345678901234567890",
];

/** Deep nesting, past any limit a store or a JSON writer keeps. */
const deep = fc
  .tuple(fc.oneof(fc.integer({ min: 60, max: 200 }), fc.constantFrom(1_000, 6_000)), fc.constantFrom("array" as const, "object" as const))
  .map(([depth, kind]) => nested(depth, kind));

/** A JSON value of the wrong kind, or at an edge, for any JSON position. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.constantFrom(...hostileNumberTokens).map((t) => new RawJson(t)), weight: 4 },
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, [], {}, [null], { "": null }), weight: 3 },
  { arbitrary: fc.constantFrom(...prototypeNames).map((name) => ({ [name]: { polluted: true } })), weight: 1 },
  { arbitrary: fc.constant(new RawJson('"\\ud800"')), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** A query parameter's text that no declared type reads cleanly. */
export const hostileQueryText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.constantFrom(...hostileNumberTokens), weight: 2 },
  { arbitrary: fc.constantFrom("[", "[null]", "[1,", "{}", "[[]]", '[{"id":null}]', '"x"', "1e999", "[1e999]"), weight: 2 },
  { arbitrary: deep.map((raw) => raw.text), weight: 1 },
);

/** What a Node server hands on for bytes past Latin-1: each UTF-8 byte as one Latin-1 character. Headers hold nothing else. */
export const asLatin1Bytes = (text: string): string => Buffer.from(text, "utf8").toString("latin1");

/** Header text: Latin-1 only, as fetch's Headers demand, including UTF-8 bytes read as Latin-1. */
export const hostileHeaderText: fc.Arbitrary<string> = hostileString.map((text) =>
  asLatin1Bytes(text)
    .replace(/[\0\r\n]/g, "")
    .slice(0, 2_000),
);
