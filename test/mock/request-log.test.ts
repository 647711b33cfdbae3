// The request log is a window of the last 200 requests, whatever the number answered: a server
// that runs for days keeps the same log, and GET /__mock/requests says how wide it is.
import { describe, expect, it } from "vitest";
import { createMock } from "../../src/mock/index.js";
import { send } from "./support.js";

describe("the request log", () => {
  it("keeps the last 200 requests, oldest first, and GET /__mock/requests says it is a window of 200", async () => {
    const mock = createMock();
    for (let i = 0; i < 450; i++) await send(mock, `/api/environments/28417/session_recordings/?limit=1&offset=${i}`);
    const log = mock.requests();
    expect(log).toHaveLength(200);
    expect(log[0]!.path).toBe("/api/environments/28417/session_recordings/?limit=1&offset=250");
    expect(log.at(-1)!.path).toBe("/api/environments/28417/session_recordings/?limit=1&offset=449");

    const answer = await mock.fetch("http://mock.local/__mock/requests");
    expect(answer.headers.get("x-mock-requests-window")).toBe("200");
    expect(((await answer.json()) as unknown[]).length).toBe(200);
    mock.reset();
    expect(mock.requests()).toEqual([]);
  });
});
