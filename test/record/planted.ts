// A live-profile state full of planted personal data: in every field the recorder knows to
// anonymise, and in fields it does not know (unknown person properties, unknown filter keys,
// live-only fields). Every planted string contains "plant", or is an IP, phone or email shaped
// value, so a test can search the output for any of it.
import { createMock } from "../../src/mock/live.js";
import type { MockState } from "../../src/mock/state/state.js";

export const projectId = "28417";
/** Substrings none of which may survive, whatever the field. */
export const planted = ["plant", "203.0.113", "198.51.100", "555-01", "7946 0958", "415 555", "37.7749"];

const staff = {
  id: 9001,
  uuid: "0190a6f2-3c5d-7e21-8b4f-000000000001",
  distinct_id: "staff-distinct-plant-9001",
  first_name: "Plantfirst",
  last_name: "Plantlast",
  email: "staff.member@plantco.com",
  is_email_verified: true,
  hedgehog_config: { use_as_profile: true, color: "plant-green", accessories: ["plant-hat"] },
  role_at_organization: "engineering",
};

/** The planted recordings' click counts, each unique: how a test tells a recording apart across pseudonyms. */
export const plantedClicks = (index: number) => 7000 + index;

export function plantedState(now: Date): MockState {
  const state = createMock({ now: () => now }).snapshot();
  for (const id of Object.keys(state.projects)) if (id !== projectId) delete state.projects[id];
  const project = state.projects[projectId]!;
  Object.assign(project.project, { name: "Plantco Secret Industries", api_token: "phc_plantSecretProjectToken0000000000000000" });
  const template = project.recordings[0]!;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  for (let i = 0; i < 12; i++) {
    const email = `plant.person${i}@plantco.com`;
    const distinct = i % 2 === 0 ? email : `plant-distinct-${i}`;
    // The first starts a second ago (the newest); the last, 60 days ago, lies outside the window but in a playlist.
    const ago = i === 11 ? 60 * 86_400_000 : 1000 + i * 7 * 3_600_000;
    project.recordings.push({
      ...template,
      id: `01930000-0000-7000-8000-0000000000${String(i).padStart(2, "0")}`,
      distinct_id: distinct,
      viewers: ["teammate.one@plantco.com", staff.email],
      click_count: plantedClicks(i),
      start_time: at(ago),
      end_time: at(ago - 600_000),
      start_url: `https://app.plantco.com/users/jane.plant@plantco.com/orders/998877?reset_token=plantRESET${i}#plant-fragment`,
      person: {
        id: 500 + i,
        name: `Plantina Surname${i}`,
        distinct_ids: distinct,
        created_at: at(40 * 86_400_000),
        uuid: `01930000-0000-7000-8000-1000000000${String(i).padStart(2, "0")}`,
        properties: {
          email,
          name: `Plantina Surname${i}`,
          phone: "+1 (415) 555-0123",
          $ip: `203.0.113.${i + 1}`,
          $geoip_city_name: "Plantville",
          $geoip_postal_code: "PLANT 94107",
          $geoip_latitude: 37.7749,
          $current_url: `https://app.plantco.com/account/12345?token=plantTOKEN${i}&email=plant.person${i}%40plantco.com`,
          $raw_user_agent: "Mozilla/5.0 (PlantOS) plant-agent",
          gclid: `plantGCLID${i}`,
          custom_secret: `PlantedCustomValue${i}`,
          nested: { deeper: "plant@plantco.com", ip: "198.51.100.7" },
          $browser: i % 3 === 0 ? "Firefox" : "Chrome",
          $os: "Mac OS X",
          $geoip_country_code: "DE",
          is_test_account: i % 4 === 0,
        },
      },
      // Fields the live answer carries and the state does not know: they must not come through.
      summary_outcome: { description: "The user plant.person1@plantco.com rage-clicked checkout" },
      external_references: [{ title: "Plant bug", url: "https://plantco.atlassian.net/browse/PLANT-1" }],
      snapshot_library: "plant-library +44 20 7946 0958",
      // Live fields the state keeps: the retention, which the live mock answers expiry_time from.
      retention_period_days: 30 + i,
    } as never);
  }
  const byClicks = (i: number) => project.recordings.find((r) => r.click_count === plantedClicks(i))!.id;
  project.sharing[byClicks(1)] = { created_at: at(3_600_000), enabled: true, access_token: "plantSHARETOKEN0000000000" };

  const playlist = project.playlists.find((p) => p.type === "collection")!;
  Object.assign(playlist, {
    name: "Checkout reviews",
    description: "Sessions we review each week.",
    created_by: staff,
    last_modified_by: staff,
    filters: {},
  });
  project.members[playlist.short_id] = [byClicks(0), byClicks(2), byClicks(11), ...(project.members[playlist.short_id] ?? [])];
  const filtersPlaylist = project.playlists.find((p) => p.type === "filters")!;
  Object.assign(filtersPlaylist, {
    created_by: staff,
    filters: {
      date_from: "-30d",
      filter_test_accounts: true,
      properties: [{ key: "email", type: "person", value: ["plant.person2@plantco.com"], operator: "exact" }],
      filter_group: {
        type: "AND",
        values: [
          {
            type: "AND",
            values: [
              { key: "$browser", type: "person", value: ["Chrome"], operator: "exact" },
              { key: "custom_secret", type: "person", value: "PlantedCustomValue3", operator: "exact" },
              { key: "email", type: "person", value: "@plantco.com", operator: "icontains" },
            ],
          },
        ],
      },
      events: [
        {
          id: "$pageview",
          type: "events",
          name: "$pageview",
          properties: [{ key: "$current_url", value: "https://app.plantco.com/x?t=plant", operator: "exact", type: "event" }],
        },
      ],
      distinct_ids: ["plant.person2@plantco.com", "plant-distinct-3"],
      unknown_note: { note: "call +44 20 7946 0958 or plant.unknown@plantco.com from 203.0.113.99" },
    },
  });

  const [email, slack, second] = project.subscriptions;
  Object.assign(email!, {
    target_type: "email",
    target_value: "boss@plantco.com,ceo.plant@plantco.com",
    invite_message: "Hi boss@plantco.com, call +1 415 555 0199",
    created_by: staff,
    title: "Weekly review",
  });
  Object.assign(slack!, { target_type: "slack", target_value: "#plant-secret-channel", created_by: staff, title: "Weekly review" });
  Object.assign(second!, { target_type: "email", target_value: "finance.plant@plantco.com", created_by: staff, title: "Weekly review" });
  state.user = staff as never;
  return state;
}
