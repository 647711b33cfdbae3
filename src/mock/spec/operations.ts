// The operation table compiled from the bundled spec: routes, parameters, scopes, statuses and
// named examples. The engine reads the API's shape from here and nowhere else.
import compiled from "../../../generated/mock/operations.json";
import type { components } from "../../../generated/openapi.js";

export interface ResponseEntry {
  json: boolean;
  examples: Record<string, unknown>;
  headers: string[];
}

export interface OperationEntry {
  id: string;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  scopes: string[];
  body: { required: boolean } | null;
  success: number;
  responses: Record<string, ResponseEntry>;
}

type Schemas = components["schemas"];

export interface Story {
  projects: Schemas["Project"][];
  playlists: Schemas["Playlist"][];
  recordings: Schemas["SessionRecording"][];
  subscriptions: Schemas["Subscription"][];
}

export const operations = compiled.operations as unknown as OperationEntry[];
export const story = compiled.story as unknown as Story;
