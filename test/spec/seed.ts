// The seed's endpoint tables and resource tables, written out by hand from
// shared/seed/000_2691fdc84c57593b.txt. The spec tests check the bundled spec against this,
// so a change here is a change of contract.

export type SeedOperation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  status: number;
  /** The scope the seed lists; for rows the seed lists none, the live one (see DECISIONS.md). */
  scope: string | null;
  scopeFromLive?: true;
  query?: string[];
  /** Query filters the seed does not show, from the live service (see DECISIONS.md). */
  liveQuery?: string[];
  /** The type of the `{id}` path parameter, where it is not the recording's UUID. */
  idType?: "integer";
  /** Body fields the seed names. */
  body?: string[];
  /** The schema of the success response; null for "no body". */
  response: string | null;
};

const env = "/api/environments/{project_id}";
const playlistBody = ["name", "derived_name", "description", "pinned", "deleted", "filters"];
const subscriptionBody = [
  "dashboard",
  "insight",
  "target_type",
  "target_value",
  "frequency",
  "interval",
  "byweekday",
  "bysetpos",
  "count",
  "start_date",
  "until_date",
  "deleted",
  "title",
  "invite_message",
];

export const seedOperations: SeedOperation[] = [
  {
    method: "get",
    path: "/api/projects/",
    status: 200,
    scope: "project:read",
    scopeFromLive: true,
    query: ["limit", "offset"],
    response: "PaginatedProjectList",
  },
  {
    method: "post",
    path: `${env}/session_recording_playlists/`,
    status: 201,
    scope: "session_recording_playlist:write",
    body: playlistBody,
    response: "Playlist",
  },
  { method: "get", path: `${env}/session_recording_playlists/{short_id}/`, status: 200, scope: "session_recording_playlist:read", response: "Playlist" },
  {
    method: "patch",
    path: `${env}/session_recording_playlists/{short_id}/`,
    status: 200,
    scope: "session_recording_playlist:write",
    body: playlistBody,
    response: "Playlist",
  },
  { method: "delete", path: `${env}/session_recording_playlists/{short_id}/`, status: 405, scope: "session_recording_playlist:write", response: null },
  {
    method: "get",
    path: `${env}/session_recording_playlists/{short_id}/recordings/`,
    status: 200,
    scope: "session_recording_playlist:read",
    scopeFromLive: true,
    response: null,
  },
  {
    method: "post",
    path: `${env}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/`,
    status: 200,
    scope: null,
    scopeFromLive: true,
    body: playlistBody,
    response: null,
  },
  {
    method: "delete",
    path: `${env}/session_recording_playlists/{short_id}/recordings/{session_recording_id}/`,
    status: 204,
    scope: null,
    scopeFromLive: true,
    response: null,
  },
  {
    method: "get",
    path: `${env}/session_recordings/`,
    status: 200,
    scope: "session_recording:read",
    query: ["limit", "offset"],
    liveQuery: [
      "date_from",
      "date_to",
      "person_uuid",
      "distinct_ids",
      "session_ids",
      "filter_test_accounts",
      "order",
      "order_direction",
      "hide_viewed_recordings",
      "events",
      "actions",
      "properties",
      "console_log_filters",
      "operand",
    ],
    response: "PaginatedSessionRecordingList",
  },
  { method: "get", path: `${env}/session_recordings/{id}/`, status: 200, scope: "session_recording:read", response: "SessionRecording" },
  { method: "patch", path: `${env}/session_recordings/{id}/`, status: 200, scope: "session_recording:write", body: ["person"], response: "SessionRecording" },
  { method: "delete", path: `${env}/session_recordings/{id}/`, status: 204, scope: "session_recording:write", response: null },
  {
    method: "get",
    path: `${env}/session_recordings/{recording_id}/sharing/`,
    status: 200,
    scope: "sharing_configuration:read",
    response: "SharingConfiguration",
  },
  { method: "post", path: `${env}/session_recordings/ai/filters/`, status: 200, scope: null, scopeFromLive: true, body: ["person"], response: null },
  { method: "post", path: `${env}/session_recordings/ai/regex/`, status: 200, scope: null, scopeFromLive: true, body: ["person"], response: null },
  {
    method: "get",
    path: `${env}/sessions/property_definitions/`,
    status: 200,
    scope: "query:read",
    scopeFromLive: true,
    query: ["search"],
    liveQuery: ["is_numerical"],
    response: null,
  },
  { method: "get", path: `${env}/sessions/values/`, status: 200, scope: "query:read", scopeFromLive: true, query: ["key", "value"], response: null },
  {
    method: "get",
    path: `${env}/subscriptions/`,
    status: 200,
    scope: "subscription:read",
    query: ["limit", "offset"],
    liveQuery: ["insight", "dashboard", "deleted", "created_by", "resource_type", "target_type", "search", "ordering"],
    response: "PaginatedSubscriptionList",
  },
  {
    method: "post",
    path: `${env}/subscriptions/`,
    status: 201,
    scope: "subscription:write",
    body: subscriptionBody,
    response: "Subscription",
  },
];

/**
 * The operations the seed marks "not shown" and the live service fills (issue 7): the
 * playlist listing and single subscriptions. Their facts come from the live service.
 */
export const liveOperations: SeedOperation[] = [
  {
    method: "get",
    path: `${env}/session_recording_playlists/`,
    status: 200,
    scope: "session_recording_playlist:read",
    query: ["limit", "offset"],
    liveQuery: ["created_by", "user", "type", "pinned", "search", "date_from", "date_to", "session_recording_id", "order"],
    response: "PaginatedPlaylistList",
  },
  { method: "get", path: `${env}/subscriptions/{id}/`, status: 200, scope: "subscription:read", idType: "integer", response: "Subscription" },
  {
    method: "patch",
    path: `${env}/subscriptions/{id}/`,
    status: 200,
    scope: "subscription:write",
    idType: "integer",
    body: subscriptionBody,
    response: "Subscription",
  },
  { method: "delete", path: `${env}/subscriptions/{id}/`, status: 405, scope: "subscription:write", idType: "integer", response: null },
];

/**
 * A field's type as the seed gives it: a JSON Schema type, a `format`, a schema name
 * (`ref:User`), `untyped`, `int32`, `enum` (a string enum that holds the seed's example
 * value), or `array:` followed by the item type.
 */
export type SeedType = string;
type Fields = Record<string, SeedType>;

const user: Fields = {
  id: "integer",
  uuid: "uuid",
  distinct_id: "string",
  first_name: "string",
  last_name: "string",
  email: "email",
  is_email_verified: "boolean",
  hedgehog_config: "object",
  role_at_organization: "string",
};

const int32 = "int32";
const counter = "integer";

export const seedResources: Record<string, Fields> = {
  Playlist: {
    id: "integer",
    short_id: "string",
    name: "string",
    derived_name: "string",
    description: "string",
    pinned: "boolean",
    created_at: "date-time",
    created_by: "ref:User",
    deleted: "boolean",
    filters: "untyped",
    last_modified_at: "date-time",
    last_modified_by: "ref:User",
    recordings_counts: "object",
  },
  User: user,
  SessionRecording: {
    id: "uuid",
    distinct_id: "string",
    viewed: "boolean",
    viewers: "array:string",
    recording_duration: "integer",
    active_seconds: counter,
    inactive_seconds: counter,
    start_time: "date-time",
    end_time: "date-time",
    click_count: counter,
    keypress_count: counter,
    mouse_activity_count: counter,
    console_log_count: counter,
    console_warn_count: counter,
    console_error_count: counter,
    start_url: "string",
    person: "ref:Person",
    storage: "string",
    snapshot_source: "string",
    ongoing: "boolean",
    activity_score: "number",
  },
  Person: {
    id: "integer",
    name: "string",
    distinct_ids: "string",
    properties: "untyped",
    created_at: "date-time",
    uuid: "uuid",
  },
  SharingConfiguration: {
    created_at: "date-time",
    enabled: "boolean",
    access_token: "string",
  },
  Subscription: {
    id: "integer",
    dashboard: "integer",
    insight: "integer",
    target_type: "enum:email",
    target_value: "string",
    frequency: "enum:daily",
    interval: int32,
    byweekday: "array:enum:monday",
    bysetpos: int32,
    count: int32,
    start_date: "date-time",
    until_date: "date-time",
    created_at: "date-time",
    created_by: "ref:User",
    deleted: "boolean",
    title: "string",
    summary: "string",
    next_delivery_date: "date-time",
    invite_message: "string",
  },
  Paginated: {
    count: "integer",
    next: "string",
    previous: "string",
  },
};

/** Enums the issue names, with the values the live service allows. */
export const liveEnums: Record<string, Record<string, (string | null)[]>> = {
  Subscription: {
    // `webhook` is the model's too: the newest test makes one (openapi/DECISIONS.md, "Allowed values of `target_type`…").
    target_type: ["email", "slack", "webhook"],
    frequency: ["daily", "weekly", "monthly", "yearly"],
  },
  SessionRecording: {
    // `snapshot_source` has no fixed values in the newest source (openapi/DECISIONS.md, "Recording enums").
    storage: ["object_storage", "object_storage_lts"],
  },
};
