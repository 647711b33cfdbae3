// The bin's command line: each problem refused naming the flag, the key never taken from a flag or
// quoted back, and the service's address from the region, --base-url or POSTHOG_HOST.
import { describe, expect, it } from "vitest";
import { CommandLineError, parseOptions } from "../../src/mcp/args.js";

const key = { POSTHOG_PERSONAL_API_KEY: "phx_secret0value" };

describe("session-recordings-api-mcp's flags", () => {
  it("start on the mock, read-only, on the live profile, over stdio, by default", () => {
    expect(parseOptions(["--mock"], {})).toEqual({
      target: { kind: "mock", profile: "live", snapshot: undefined, scenario: undefined, seed: undefined },
      project: undefined,
      allowWrites: false,
      http: undefined,
      answerBudget: 20_000,
    });
  });

  it("find the service by region, --base-url or POSTHOG_HOST, with the key from the environment", () => {
    expect(parseOptions([], key)).toMatchObject({
      target: { kind: "service", baseUrl: "https://us.posthog.com", apiKey: key.POSTHOG_PERSONAL_API_KEY, pathPrefix: "environments" },
    });
    expect(parseOptions(["--path-prefix", "projects"], key)).toMatchObject({ target: { pathPrefix: "projects" } });
    expect(parseOptions(["--region", "eu"], key)).toMatchObject({ target: { baseUrl: "https://eu.posthog.com" } });
    expect(parseOptions([], { ...key, POSTHOG_HOST: "https://posthog.example.com/" })).toMatchObject({ target: { baseUrl: "https://posthog.example.com" } });
    expect(parseOptions(["--http", "--port", "0", "--project", "28417"], key)).toMatchObject({ http: { listen: "127.0.0.1", port: 0 }, project: "28417" });
  });

  it.each([
    [["--api-key", "phx_secret0value"], "the key is never a flag"],
    [["phx_secret0value"], "takes flags only"],
    [[], "POSTHOG_PERSONAL_API_KEY is not set"],
    [["--profile", "live"], "--profile goes with --mock"],
    [["--mock", "--region", "eu"], "--region is for the service"],
    [["--mock", "--path-prefix", "projects"], "--path-prefix is for the service"],
    [["--mock", "--scenario", "busy"], "--scenario must be one of"],
    [["--mock", "--port", "3000"], "--port goes with --http"],
    [["--mock", "--http", "--listen", "0.0.0.0"], "--listen must be a loopback address"],
    [["--mock", "--max-answer-chars", "10"], "--max-answer-chars must be a whole number from 1000"],
  ])("refuse %j: %s", (argv, problem) => {
    const parse = () => parseOptions(argv, {});
    expect(parse).toThrow(CommandLineError);
    expect(parse).toThrow(problem);
    try {
      parse();
    } catch (error) {
      expect((error as Error).message).not.toContain("secret0value");
    }
  });

  it("refuse a project API key, which only sends events", () => {
    expect(() => parseOptions([], { POSTHOG_PERSONAL_API_KEY: "phc_public" })).toThrow("project API key (phc_…)");
  });
});
