// The projects listing: every project the mock holds, by name where the live `search` asks.
import { json } from "../responses.js";
import { conformProject } from "./conform.js";
import type { Handler } from "./context.js";
import { searching } from "./filtering.js";
import { pageFor } from "./paging.js";

export const listProjects: Handler = (c) => {
  const matches = searching(c.request.query.search);
  return json(
    200,
    pageFor(
      c,
      Object.values(c.state.projects)
        .map((p) => conformProject(c.table, p.project))
        .filter((p) => matches(p.name)),
    ),
  );
};
