// The state every mock starts from: the spec's named examples (the story of project 28417)
// plus records generated from the seed, so listings have several pages and look real.
import compiledStory from "../../../generated/mock/story.json";
import type { components } from "../../../generated/openapi.js";
import { day } from "../day.js";
import { serverTime } from "../server-time.js";
import { between, pick, type Random, seededRandom, shortId, uuid7 } from "./random.js";
import { nextDelivery, summarize } from "./schedule.js";
import { generatedDelivery, seedResources, storyDelivery } from "./seed-resources.js";
import { copy, type MockState, type Playlist, type ProjectState, type Recording, type Subscription } from "./state.js";

type Schemas = components["schemas"];

/** The spec's named examples that tell the story of project 28417, as scripts/build/compile-mock.mjs collects them. */
interface Story {
  projects: Schemas["Project"][];
  playlists: Schemas["Playlist"][];
  recordings: Schemas["SessionRecording"][];
  subscriptions: Schemas["Subscription"][];
}
const story = compiledStory as unknown as Story;

/** The project holding the story, and its records' keys: their times are the description's examples' own, not the seeded instant's (seed-moved.ts). */
export const storyProjectId = String(story.projects[0]!.id);
export const storyKeys = {
  recordings: new Set(story.recordings.map((r) => r.id)),
  playlists: new Set(story.playlists.map((p) => p.short_id)),
  subscriptions: new Set(story.subscriptions.map((s) => s.id)),
};

const firstNames = ["Lena", "Omar", "Priya", "Tomás", "Aiko", "Noah", "Zanele", "Mateo", "Ingrid", "Kwame", "Sara", "Yusuf", "Chloé", "Ravi", "Elif"];
const lastNames = ["Berg", "Haddad", "Iyer", "García", "Tanaka", "Müller", "Dlamini", "Rossi", "Larsen", "Mensah", "Kowalski", "Demir", "Moreau", "Nair"];
const countries = ["SE", "DE", "NG", "IN", "US", "BR", "JP", "FR", "GB", "TR"];
const browsers = ["Chrome", "Firefox", "Safari", "Edge"];
const pages = ["/", "/pricing", "/products/trail-runner-2", "/cart", "/checkout", "/account/settings", "/blog/spring-sale", "/search?q=boots"];
const events = ["$pageview", "$autocapture", "$rageclick", "$exception", "checkout_started", "signup_completed"];
const playlistNames = [
  "Rage clicks on pricing",
  "Errors after deploy",
  "Onboarding, week one",
  "Mobile signups",
  "Long sessions",
  "Search without results",
  "Abandoned carts",
  "Power users",
  "Support escalations",
  "Slow pages",
];
const subscriptionTitles = ["Weekly growth dashboard", "Daily signups", "Monthly retention review", "Checkout funnel", "Churn signals", "Revenue by plan"];

function person(random: Random, at: number, test: boolean): Recording["person"] & object {
  const first = pick(random, firstNames);
  const last = pick(random, lastNames);
  const domain = test ? "posthog-test.com" : pick(random, ["example.com", "example.org", "example.net"]);
  const email = `${first}.${last}@${domain}`
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  const distinct = uuid7(random, at - between(random, 1, 90) * day);
  return {
    id: between(random, 5_000_000, 5_999_999),
    name: email,
    distinct_ids: distinct,
    created_at: serverTime(at - between(random, 1, 90) * day),
    uuid: uuid7(random, at - between(random, 1, 90) * day),
    properties: { email, $browser: pick(random, browsers), $geoip_country_code: pick(random, countries), ...(test ? { is_test_account: true } : {}) },
  };
}

function recording(random: Random, now: number, origin: string): { recording: Recording; activity: { events: string[]; actions: number[] } } {
  const start = now - between(random, 60, 30 * 24 * 60) * 60_000;
  const active = between(random, 5, 1800);
  const inactive = between(random, 0, 900);
  const test = random() < 0.1;
  const p = person(random, start, test);
  const clicks = Math.round(active * (0.02 + random() * 0.1));
  return {
    recording: {
      id: uuid7(random, start),
      distinct_id: p.distinct_ids,
      viewed: random() < 0.3,
      viewers: random() < 0.3 ? ["maya.okafor@example.com"] : [],
      recording_duration: active + inactive,
      active_seconds: active,
      inactive_seconds: inactive,
      start_time: serverTime(start),
      end_time: serverTime(start + (active + inactive) * 1000),
      click_count: clicks,
      keypress_count: Math.round(active * random() * 0.3),
      mouse_activity_count: clicks * between(random, 3, 12),
      console_log_count: between(random, 0, 40),
      console_warn_count: between(random, 0, 6),
      console_error_count: random() < 0.25 ? between(random, 1, 8) : 0,
      start_url: `${origin}${pick(random, pages)}`,
      person: p,
      storage: random() < 0.9 ? "object_storage" : "object_storage_lts",
      snapshot_source: random() < 0.8 ? "web" : "mobile",
      ongoing: false,
      activity_score: Math.round(Math.min(100, active / 20 + clicks / 5) * 100) / 100,
    },
    activity: { events: events.filter(() => random() < 0.4).concat("$pageview"), actions: random() < 0.3 ? [5112] : [] },
  };
}

function playlist(random: Random, now: number, id: number, name: string, user: MockState["user"]): Playlist {
  const created = now - between(random, 2, 30) * day;
  const isFilters = random() < 0.4;
  return {
    id,
    short_id: shortId(random),
    name,
    derived_name: null,
    description: "",
    pinned: random() < 0.25,
    created_at: serverTime(created),
    created_by: user,
    deleted: false,
    filters: isFilters ? { date_from: "-7d", filter_test_accounts: true, events: [{ id: pick(random, events), type: "events" }] } : {},
    last_modified_at: serverTime(created + between(random, 0, now - created)),
    last_modified_by: user,
    recordings_counts: {},
    type: isFilters ? "filters" : "collection",
  };
}

function subscription(random: Random, now: number, id: number, user: MockState["user"]): Subscription {
  const frequency = pick(random, ["daily", "weekly", "weekly", "monthly"] as const);
  const start = new Date(now - between(random, 1, 30) * day);
  start.setUTCHours(between(random, 7, 10), 0, 0, 0);
  const forInsight = random() < 0.6;
  const record: Subscription = {
    id,
    dashboard: forInsight ? null : between(random, 2000, 2999),
    insight: forInsight ? between(random, 14000, 15999) : null,
    target_type: pick(random, ["email", "email", "slack"] as const),
    target_value: "",
    frequency,
    interval: 1,
    byweekday: frequency === "weekly" ? ["monday"] : null,
    bysetpos: null,
    count: null,
    start_date: serverTime(start),
    until_date: null,
    created_at: serverTime(start.getTime() - between(random, 1, 3) * day),
    created_by: user,
    deleted: false,
    title: pick(random, subscriptionTitles),
    summary: "",
    next_delivery_date: null,
    invite_message: null,
  };
  record.target_value =
    record.target_type === "email"
      ? `${pick(random, firstNames).toLowerCase()}@example.com`
      : record.target_type === "slack"
        ? "C04KJ7RTQ5M|#growth"
        : "https://hooks.example.com/posthog";
  record.summary = summarize(record);
  record.next_delivery_date = nextDelivery(record, new Date(now));
  return record;
}

export interface SeedSizes {
  recordings: number;
  playlists: number;
  subscriptions: number;
}

/** The seeded state: project 28417 holds the story plus generated records; a second project holds generated records only. */
export function seedState(seed: number, now: Date, sizes: SeedSizes): MockState {
  const random = seededRandom(seed);
  const at = now.getTime();
  const user = story.playlists[0]!.created_by!;
  const state: MockState = { version: 1, user: copy(user), nextId: { playlist: 4000, subscription: 1000 }, projects: {} };
  const [storyProject] = story.projects;
  const projects = [
    { project: copy(storyProject!), story: true },
    {
      project: {
        ...copy(storyProject!),
        id: 28502,
        uuid: uuid7(random, at - 200 * day),
        name: "Mobile app (staging)",
        api_token: `phc_${shortId(random, 36)}`,
        is_demo: true,
      },
      story: false,
    },
  ];
  for (const { project, story: withStory } of projects) {
    const records: ProjectState = { project, playlists: [], members: {}, recordings: [], activity: {}, subscriptions: [], sharing: {} };
    if (withStory) {
      records.recordings.push(...copy(story.recordings));
      records.playlists.push(...copy(story.playlists));
      records.subscriptions.push(...copy(story.subscriptions));
      records.deliveries = [storyDelivery(records.subscriptions[0]!, now)];
      for (const r of records.recordings) records.activity[r.id] = { events: ["$pageview", "checkout_started"], actions: [] };
      records.members[story.playlists[0]!.short_id] = records.recordings.slice(0, 3).map((r) => r.id);
    }
    const origin = withStory ? "https://shop.example.com" : "https://m.example.com";
    for (let i = 0; i < sizes.recordings; i++) {
      const { recording: r, activity } = recording(random, at, origin);
      records.recordings.push(r);
      records.activity[r.id] = activity;
    }
    records.recordings.sort((a, b) => (b.start_time ?? "").localeCompare(a.start_time ?? ""));
    const generatedPlaylists = sizes.playlists - records.playlists.length;
    for (let i = 0; i < generatedPlaylists; i++) {
      const p = playlist(random, at, state.nextId.playlist++, playlistNames[i % playlistNames.length]!, state.user);
      records.playlists.push(p);
      if (p.type === "collection") records.members[p.short_id] = records.recordings.filter(() => random() < 0.05).map((r) => r.id);
    }
    const generatedSubscriptions = sizes.subscriptions - records.subscriptions.length;
    for (let i = 0; i < generatedSubscriptions; i++) {
      const made = subscription(random, at, state.nextId.subscription++, state.user);
      records.subscriptions.push(made);
      if (!made.deleted) records.deliveries = [...(records.deliveries ?? []), generatedDelivery(made, now)];
    }
    seedResources(records, seed + project.id);
    state.projects[String(project.id)] = records;
  }
  return state;
}

/** An empty project list's worth of records: the `empty` scenario. */
export function emptyState(seed: number, now: Date): MockState {
  const state = seedState(seed, now, { recordings: 0, playlists: 0, subscriptions: 0 });
  for (const records of Object.values(state.projects)) {
    Object.assign(records, {
      playlists: [],
      members: {},
      recordings: [],
      activity: {},
      subscriptions: [],
      sharing: {},
      insights: [],
      dashboards: [],
      deliveries: [],
    });
  }
  return state;
}
