// The suite's `test`: Playwright's, with this test's own mock routed on its context.
import { test as base, expect } from "@playwright/test";
import { createMock } from "session-recordings-api-mock";
import { type MockFixtures, mockFixtures } from "session-recordings-api-mock/playwright";

export const baseUrl = process.env.E2E_BASE_URL ?? "";
export const test = base.extend<MockFixtures>(mockFixtures({ createMock, baseUrl }));
export { expect };
