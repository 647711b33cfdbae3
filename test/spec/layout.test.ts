import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = parse(readFileSync(new URL("../../openapi/openapi.yaml", import.meta.url), "utf8"));

describe("split layout", () => {
  it.each(Object.entries<{ $ref: string }>(root.paths))("%s lives in the file named by its URL path", (path, item) => {
    const expected = `paths/${path.replace(/^\/|\/$/g, "").replaceAll("/", "@")}.yaml`;
    expect(item).toEqual({ $ref: expected });
    expect(existsSync(new URL(`../../openapi/${expected}`, import.meta.url))).toBe(true);
  });
});
