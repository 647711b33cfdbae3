// The store's own invariants, which no schema states: what the handlers rely on to find, count
// and number records. A state the mock built always holds them; a snapshot is checked against
// them before it is adopted (snapshot.ts).
import { scheduleProblem } from "./schedule.js";
import type { MockState } from "./state.js";

/** The first invariant `state` breaks, worded with the field, or undefined when it holds them all. */
export function checkInvariants(state: MockState): string | undefined {
  const playlistIds = new Set<number>();
  const subscriptionIds = new Set<number>();
  for (const [key, project] of Object.entries(state.projects)) {
    const where = `snapshot.projects.${key}`;
    if (String(project.project.id) !== key) return `${where}.project.id is ${project.project.id}, but the project is listed under ${key}`;

    const recordings = new Set<string>();
    for (const [index, recording] of project.recordings.entries()) {
      if (recordings.has(recording.id)) return `${where}.recordings[${index}].id ${recording.id} is held twice`;
      recordings.add(recording.id);
    }

    const shortIds = new Set<string>();
    for (const [index, playlist] of project.playlists.entries()) {
      if (playlistIds.has(playlist.id)) return `${where}.playlists[${index}].id ${playlist.id} is held twice`;
      if (shortIds.has(playlist.short_id)) return `${where}.playlists[${index}].short_id ${playlist.short_id} is held twice`;
      // The store keys a playlist's members by short_id: a name every object has (`constructor`,
      // `__proto__`) would find Object.prototype's, or set the prototype. The mock never makes one.
      if (playlist.short_id in Object.prototype) return `${where}.playlists[${index}].short_id ${playlist.short_id} is a name the store cannot key by`;
      playlistIds.add(playlist.id);
      shortIds.add(playlist.short_id);
    }
    for (const [shortId, members] of Object.entries(project.members)) {
      if (!shortIds.has(shortId)) return `${where}.members.${shortId} is the members of no playlist of the project`;
      // An id the project holds no recording of is kept: the live service adds any id (`x-builds-unknown`).
      if (new Set(members).size !== members.length) return `${where}.members.${shortId} holds a recording twice`;
    }
    for (const field of ["activity", "sharing"] as const) {
      const stray = Object.keys(project[field]).find((id) => !recordings.has(id));
      if (stray !== undefined) return `${where}.${field}.${stray} is for no recording of the project`;
    }

    const insights = new Set<number>();
    for (const [index, insight] of (project.insights ?? []).entries()) {
      if (insights.has(insight.id)) return `${where}.insights[${index}].id ${insight.id} is held twice`;
      insights.add(insight.id);
    }
    const dashboards = new Set<number>();
    for (const [index, dashboard] of (project.dashboards ?? []).entries()) {
      if (dashboards.has(dashboard.id)) return `${where}.dashboards[${index}].id ${dashboard.id} is held twice`;
      dashboards.add(dashboard.id);
      const unknown = dashboard.tiles.find((id) => !insights.has(id));
      if (unknown !== undefined) return `${where}.dashboards[${index}].tiles holds ${unknown}, which is no insight of the project`;
    }

    const subscriptions = new Set(project.subscriptions.map((s) => s.id));
    const deliveries = new Set<string>();
    for (const [index, delivery] of (project.deliveries ?? []).entries()) {
      if (deliveries.has(delivery.id)) return `${where}.deliveries[${index}].id ${delivery.id} is held twice`;
      deliveries.add(delivery.id);
      if (!subscriptions.has(delivery.subscription))
        return `${where}.deliveries[${index}].subscription ${delivery.subscription} is no subscription of the project`;
    }

    for (const [index, subscription] of project.subscriptions.entries()) {
      if (subscriptionIds.has(subscription.id)) return `${where}.subscriptions[${index}].id ${subscription.id} is held twice`;
      subscriptionIds.add(subscription.id);
      // Every write reschedules: a schedule no rule can follow would refuse every later update.
      const problem = scheduleProblem(subscription);
      if (problem) return `${where}.subscriptions[${index}].${problem.attr}: ${problem.detail}`;
    }
  }
  // The next ids are handed out on create: each must lie past every id already held.
  // A loop, not Math.max(...ids): spreading a few hundred thousand ids overflows the stack.
  const past = (ids: Set<number>) => {
    let highest = 0;
    for (const id of ids) highest = Math.max(highest, id);
    return highest + 1;
  };
  if (state.nextId.playlist < past(playlistIds)) return `snapshot.nextId.playlist must be at least ${past(playlistIds)}, past every playlist id held`;
  if (state.nextId.subscription < past(subscriptionIds))
    return `snapshot.nextId.subscription must be at least ${past(subscriptionIds)}, past every subscription id held`;
  return undefined;
}
