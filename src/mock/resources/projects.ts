// The projects listing: every project the mock holds.
import { json } from "../responses.js";
import type { Handler } from "./context.js";
import { pageFor } from "./paging.js";

export const listProjects: Handler = (c) =>
  json(
    200,
    pageFor(
      c,
      Object.values(c.state.projects).map((p) => p.project),
    ),
  );
