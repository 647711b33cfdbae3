// The React Query example's playlists (list and create form), each story on the mock's state it
// names. On the Docs page every story renders in its own iframe (docs.story.inline: false), so in
// its own preview with its own mock: inline, they would share one, and the last story's state.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { Playlists } from "../../react-query/src/Playlists.js";
import { sessionRecordings } from "../.storybook/session-recordings";

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
export const Seeded: Story = {};

/** The `empty` scenario: a project with no playlists yet. */
export const Empty: Story = { parameters: sessionRecordings.parameters({ scenario: "empty" }) };

/** A saved state (what `mock.snapshot()` gave), imported lazily. */
export const FromSnapshot: Story = { parameters: sessionRecordings.parameters({ snapshot: () => import("./team-review.mock.json") }) };

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
};

/** The listing answered by the mock two seconds late: leave the story before then, and its answer never arrives. */
export const SlowList: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get("*/session_recording_playlists/", ({ request }) => {
        const delayed = new Request(request, { headers: { ...Object.fromEntries(request.headers), prefer: "delay=2000" } });
        return sessionRecordings.fetch(delayed);
      }),
    );
  },
};
