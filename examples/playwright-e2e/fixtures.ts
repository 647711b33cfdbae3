// The suite's `test`: Playwright's, with this test's own mock routed on its context.
import { test as base, expect } from "@playwright/test";
import { createMock } from "session-recordings-api-mock";
import { type MockFixtures, mockFixtures } from "session-recordings-api-mock/playwright";
import { baseURL } from "./playwright.config";

export const test = base.extend<MockFixtures>(mockFixtures({ createMock, baseUrl: baseURL }));
export { expect };
