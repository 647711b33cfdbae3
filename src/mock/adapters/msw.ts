// session-recordings-api-mock/msw: the mock engine as MSW 2 request handlers, for setupServer
// (vitest, jest) and setupWorker (browser, Storybook). Every request under `baseUrl` goes to the engine.
import { type HttpHandler, http } from "msw";
import type { Mock } from "../engine.js";

export interface MockHandlersOptions {
  /** The origin the app sends API requests to, such as `http://localhost:5173` or `https://us.posthog.com`. */
  baseUrl: string;
}

export function mockHandlers(mock: Pick<Mock, "fetch">, { baseUrl }: MockHandlersOptions): HttpHandler[] {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    throw new TypeError(`mockHandlers: baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}`);
  }
  return [http.all(`${origin}/api/*`, ({ request }) => mock.fetch(request)), http.all(`${origin}/__mock/*`, ({ request }) => mock.fetch(request))];
}
