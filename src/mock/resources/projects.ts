// The projects listing: every project the mock holds.
import { page } from "./paging.js";
import { json } from "../responses.js";
import type { Handler } from "./context.js";

export const listProjects: Handler = (c) => {
  const projects = Object.values(c.state.projects).map((p) => p.project);
  return json(200, page(projects, { url: c.url, limit: c.request.query.limit as number, offset: c.request.query.offset as number }, c.pageSize));
};
