// A path with or without its trailing slash is one route, as the service's router makes it
// (`trailing_slash = r"/?"`): in both profiles, through every adapter that runs in Node (in-process,
// MSW, Storybook's handlers, the node:http server), each request of a short session is sent in both
// forms and answered alike. Playwright's adapter is checked in playwright.test.ts, in Chromium.
import { setupServer } from "msw/node";
import { describe, it } from "vitest";
import { createClient } from "../../src/index.js";
import { mockHandlers } from "../../src/mock/adapters/msw.js";
import { startStatefulMock } from "../../src/mock/adapters/node-http/server.js";
import { storybookMock } from "../../src/mock/adapters/storybook.js";
import type { Mock } from "../../src/mock/engine.js";
import { createMock as createSeedMock } from "../../src/mock/index.js";
import { createMock as createLiveMock } from "../../src/mock/live.js";
import { bothFormsAlike, sender } from "./slash-forms.js";

const profiles = [
  ["seed", createSeedMock],
  ["live", createLiveMock],
] as const;

describe.each(profiles)("the %s profile answers a path with or without its trailing slash alike", (profile, createMock) => {
  it("in-process", async () => {
    const mock = createMock();
    await bothFormsAlike(sender((url, init) => mock.fetch(url, init), "http://mock.local"));
  });

  it("through MSW's handlers and Storybook's", async () => {
    const origin = "https://app.example.test";
    const story = storybookMock({ createMock: createMock as () => Mock, createClient, baseUrl: origin });
    for (const handlers of [mockHandlers(createMock(), { baseUrl: origin }), story.handlers()]) {
      const server = setupServer(...handlers);
      server.listen({ onUnhandledRequest: "error" });
      try {
        await story.beforeEach({ parameters: {} });
        await bothFormsAlike(sender(fetch, origin));
      } finally {
        server.close();
      }
    }
  });

  it("through the node:http server", async () => {
    const server = await startStatefulMock({ port: 0, profile, log: () => {} });
    try {
      await bothFormsAlike(sender(fetch, server.url));
    } finally {
      await server.stop();
    }
  });
});
