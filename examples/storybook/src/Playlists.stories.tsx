// The playlists component (Playlists.tsx: list and create form), each story on the mock's state it
// names. On the Docs page every story renders in its own iframe (docs.story.inline: false), so in
// its own preview with its own mock: inline, they would share one, and the last story's state.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { createClient } from "session-recordings-api";
import { createMock, type Mock } from "session-recordings-api-mock";
import { expect, waitFor, within } from "storybook/test";
import { sessionRecordings } from "../.storybook/session-recordings";
import { Playlists } from "./Playlists";

/** The names a mock lists, as the component asks (limit 100): what a story on the same state must show. */
async function namesOn(mock: Mock): Promise<string[]> {
  const api = createClient({ baseUrl: "https://mock.test", apiKey: "phx_story", maxRetries: 0, fetch: (request) => mock.fetch(request) });
  const { data } = await api.GET("/api/environments/{project_id}/session_recording_playlists/", {
    params: { path: { project_id: "28417" }, query: { limit: 100 } },
  });
  return (data?.results ?? []).map((playlist) => playlist.name ?? "");
}

/** A play function's check: once the listing has answered, the list shows `expected`, in order. */
async function showsPlaylists(canvasElement: HTMLElement, expected: string[]) {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvas.queryByText("Loading playlists…")).toBeNull(), { timeout: 10_000 });
  const list = canvas.getByRole("list", { name: "Playlists" });
  await expect([...list.querySelectorAll("li > span")].map((span) => span.textContent)).toEqual(expected);
}

const meta = {
  title: "Playlists",
  component: Playlists,
  args: { projectId: "28417" },
  tags: ["autodocs"],
  parameters: { docs: { story: { inline: false, height: "420px" } } },
} satisfies Meta<typeof Playlists>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded state (no parameter): the project's twelve playlists. */
export const Seeded: Story = {
  play: async ({ canvasElement }) => showsPlaylists(canvasElement, await namesOn(createMock())),
};

/** The `empty` scenario: a project with no playlists yet. */
export const Empty: Story = {
  parameters: sessionRecordings.parameters({ scenario: "empty" }),
  play: async ({ canvasElement }) => showsPlaylists(canvasElement, []),
};

/** A saved state (what `mock.snapshot()` gave), imported lazily. */
export const FromSnapshot: Story = {
  parameters: sessionRecordings.parameters({ snapshot: () => import("./team-review.mock.json") }),
  play: async ({ canvasElement }) => showsPlaylists(canvasElement, await namesOn(createMock({ snapshot: (await import("./team-review.mock.json")).default }))),
};

/** Seeded through the typed client before the story renders. */
export const Arranged: Story = {
  parameters: sessionRecordings.parameters({
    scenario: "empty",
    async arrange({ api }) {
      await api.POST("/api/environments/{project_id}/session_recording_playlists/", {
        params: { path: { project_id: "28417" } },
        body: { name: "Checkout drop-offs", pinned: true },
      });
    },
  }),
  play: async ({ canvasElement }) => showsPlaylists(canvasElement, ["Checkout drop-offs"]),
};

/** The story's own handler wins over the mock for the one request it names. */
export const ListFails: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get("*/session_recording_playlists/", () =>
        HttpResponse.json({ type: "server_error", code: "error", detail: "The story's own handler answered", attr: null }, { status: 500 }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findByRole("alert", {}, { timeout: 10_000 })).textContent).toContain("The story's own handler answered");
  },
};

/** The listing answered by the mock ten seconds late: leave the story before then, and its request fails at once. */
export const SlowList: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get("*/session_recording_playlists/", ({ request }) => {
        const delayed = new Request(request, { headers: { ...Object.fromEntries(request.headers), prefer: "delay=10000" } });
        return sessionRecordings.fetch(delayed);
      }),
    );
  },
};
