// The last line of defence finds what it must, names the path and kind but never the value,
// skips exactly the paths kept on request, and passes what the recorder itself writes.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Pacer } from "../../src/conformance/pacing.js";
import { createMock } from "../../src/mock/live.js";
import { Pseudonyms } from "../../src/record/pseudonyms.js";
import { NotReadOnlyError, readOnlyFetch } from "../../src/record/read-only-fetch.js";
import { recordAccount } from "../../src/record/record.js";
import { Ledger } from "../../src/record/report.js";
import { findPersonalData } from "../../src/record/scan.js";
import { templateUrl } from "../../src/record/urls.js";

describe("the scan", () => {
  it("finds emails, IPs, phone numbers and personal values read, in values and keys, at any depth", () => {
    const output = {
      a: "write to jane@acme.com",
      b: [{ c: "from 203.0.113.9" }, { d: "or 2001:db8::1" }],
      e: { "+1 (415) 555-0123": true },
      f: { g: { h: "the name Jane Plantagenet appears" } },
      ok: ["user-12@example.invalid", "2026-11-26T08:03:53.728Z", "01a216e1-e900-75d7-ba19-af2a2bab76b2", "Chrome 118.0.5993.88", "12:34:56"],
    };
    const leaks = findPersonalData(output, { personal: ["Jane Plantagenet", "ab"] });
    expect(leaks).toEqual([
      { path: "snapshot.a", kind: "email" },
      { path: "snapshot.b[0].c", kind: "IP address" },
      { path: "snapshot.b[1].d", kind: "IP address" },
      // A key that holds personal data is never shown, even in the path.
      { path: "snapshot.e.[a key] (the key)", kind: "phone number" },
      { path: "snapshot.f.g.h", kind: "personal value" },
    ]);
    expect(JSON.stringify(leaks)).not.toContain("jane@acme.com");
    expect(JSON.stringify(leaks)).not.toContain("555");
  });

  it("reads more spellings: HTML entities, escapes, quoted-printable, [at] forms, zero-width and soft hyphens, look-alikes, base32, gzip, cards, names reordered", () => {
    const email = "jane.roe@acme-corp.com";
    const base32 = (text: string) => {
      let bits = "";
      for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, "0");
      return (bits.match(/.{1,5}/g) ?? []).map((c) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[Number.parseInt(c.padEnd(5, "0"), 2)]).join("");
    };
    const output = {
      entityDecimal: "jane.roe&#64;acme-corp.com",
      entityNamed: "jane.roe&commat;acme-corp.com",
      escape: "jane.roe\\u0040acme-corp.com",
      quotedPrintable: "jane.roe=40acme-corp.com",
      atDot: "jane.roe [at] acme-corp [dot] com",
      zeroWidth: "jane.roe@acme\u200b-corp.com",
      softHyphen: "jane.ro\u00ade@acme-corp.com",
      cyrillic: "j\u0430ne.roe@acme-corp.com",
      gzip: gzipSync(Buffer.from(email)).toString("base64"),
      base32: base32(email),
      cardSpaces: "pay 4111 1111 1111 1111",
      cardDashes: "pay 4111-1111-1111-1111",
      ipDashed: "host ip-203-0-113-77",
      reordered: "Roe, Janet wrote",
      possessive: "Janet's cart",
      reversed: [..."phx_reversedKey000"].reverse().join(""),
    };
    const ledger = new Ledger();
    ledger.read(email);
    ledger.readWords("Janet Roe");
    ledger.read("phx_reversedKey000");
    const leaks = findPersonalData(output, { personal: ledger.personal });
    for (const field of Object.keys(output))
      expect(
        leaks.map((leak) => leak.path),
        field,
      ).toContain(`snapshot.${field}`);
    expect(leaks.filter((leak) => leak.path === "snapshot.cardSpaces").map((leak) => leak.kind)).toEqual(["card number"]);
    expect(JSON.stringify(leaks)).not.toMatch(/jane|janet|4111|203/i);
    // Innocent text in the same shapes passes: a date, a UUID, a version, prose with "at".
    expect(
      findPersonalData(
        { a: "2026-11-26T08:03:53.728Z", b: "01a216e1-e900-75d7-ba19-af2a2bab76b2", c: "Chrome 118.0.5993.88", d: "meet at noon", e: "4111 1111 1111 1112" },
        { personal: ledger.personal },
      ),
    ).toEqual([]);
  });

  it("reads every spelling: percent-encoded (repeatedly), full-width, base64, a JWT's segments, and the key itself", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJl";
    const output = {
      percent: "write to jane%40acme.com",
      twice: "/u/jane%2540acme.com/orders",
      fullWidth: "write to jane＠acme.com",
      base64: "id amFuZUBhY21lLmNvbQ== here",
      token: `reset with ${jwt}`,
      key: "Playlist phx_fake_key_0000",
      keyEncoded: `Playlist ${Buffer.from("phx_fake_key_0000").toString("base64")}`,
    };
    const leaks = findPersonalData(output, { personal: ["jane@acme.com", "phx_fake_key_0000"] });
    const kinds = (field: string) => leaks.filter((leak) => leak.path === `snapshot.${field}`).map((leak) => leak.kind);
    for (const field of ["percent", "twice", "fullWidth", "base64"]) expect(kinds(field), field).toEqual(["personal value", "email"]);
    expect(kinds("token")).toEqual(["token"]);
    expect(kinds("key")).toEqual(["personal value"]);
    expect(kinds("keyEncoded")).toEqual(["personal value"]);
    expect(JSON.stringify(leaks)).not.toMatch(/jane|phx_fake/);
  });

  it("reads numbers under free keys like text, and leaves those its caller types", () => {
    const output = { properties: { phone: 4155550123, list: [447946095800, 14155550123] }, counts: { recordings: 4155550123 } };
    const leaks = findPersonalData(output, { personal: [], typedNumber: (path) => path.startsWith("snapshot.counts") });
    expect(leaks).toEqual([
      { path: "snapshot.properties.phone", kind: "phone number" },
      { path: "snapshot.properties.list[0]", kind: "phone number" },
      { path: "snapshot.properties.list[1]", kind: "phone number" },
    ]);
  });

  it("cannot judge a value whose decoding does not end within its bounds, and says so", () => {
    let deep = "jane@acme.com";
    for (let i = 0; i < 10; i++) deep = deep.replaceAll("%", "%25").replace("@", "%40");
    let nested = "hello there";
    for (let i = 0; i < 5; i++) nested = Buffer.from(nested).toString("base64");
    const leaks = findPersonalData({ deep, nested, huge: 4.2e21 }, { personal: [] });
    expect(leaks.filter((leak) => leak.kind === "cannot be judged").map((leak) => leak.path)).toEqual(["snapshot.deep", "snapshot.nested", "snapshot.huge"]);
  });

  it("skips exactly the paths kept on request", () => {
    const output = { kept: "jane@acme.com", other: "jane@acme.com" };
    expect(findPersonalData(output, { personal: [], kept: new Set(["snapshot.kept"]) })).toEqual([{ path: "snapshot.other", kind: "email" }]);
  });

  it("passes a recording of the mock's own story", async () => {
    const mock = createMock();
    const recording = await recordAccount({
      baseUrl: "http://mock.local",
      apiKey: "phx_scan",
      project: "28417",
      fetch: mock.fetch,
      paceMs: 0,
      recordingsPaceMs: 0,
    });
    expect(findPersonalData(recording.snapshot, { personal: ["maya.okafor@example.com"] })).toEqual([]);
    expect(recording.report.counts.recordings).toBeGreaterThan(100);
  });

  it("does not stop a run for a dropped value that is no one's (a continent, a plan) met again in a time zone; a city in free text is never written", async () => {
    const state = createMock().snapshot();
    for (const recording of state.projects["28417"]!.recordings)
      Object.assign(recording.person!.properties as object, { $geoip_continent_name: "Europe", plan: "Checkout", $geoip_city_name: "Berlin" });
    state.projects["28417"]!.playlists[0]!.description = "Checkout sessions from Berlin";
    const mock = createMock({ snapshot: state });
    const attempt = () =>
      recordAccount({ baseUrl: "http://mock.local", apiKey: "phx_scan", project: "28417", fetch: mock.fetch, paceMs: 0, recordingsPaceMs: 0 });
    // The city is a person's whereabouts: free text is synthetic, so it never reaches the output; the time zone is the project's setting.
    const recording = await attempt();
    expect(JSON.stringify(recording.snapshot.projects["28417"]!.playlists)).not.toContain("Berlin");
    expect(recording.snapshot.projects["28417"]!.project.timezone).toBe("Europe/Berlin");
    expect(recording.report.dropped["person.properties.$geoip_continent_name"]).toBeGreaterThan(0);
  });
});

describe("URLs", () => {
  it("keep the scheme, map the host, template ids, UUIDs, emails and tokens, and drop the query, fragment, credentials and port", () => {
    const p = new Pseudonyms(new Uint8Array(32));
    const url = templateUrl(
      "https://user:pw@shop.acme.com:8443/u/jane%40acme.com/orders/1234/01a216e1-e900-75d7-ba19-af2a2bab76b2/abcDEF123456ghiJKL?token=x#y",
      p,
    );
    expect(url).toMatch(/^https:\/\/site-[a-z]+\.example\/u\/:email\/orders\/:id\/:uuid\/:id$/);
    expect(templateUrl("https://shop.acme.com/x", p).split("/")[2]).toBe(url.split("/")[2]);
    expect(templateUrl("/pricing?plan=pro", p)).toBe("/pricing");
  });

  it("template a token, a JWT (dots and all) and an email in any spelling; with no scheme the host is still mapped", () => {
    const p = new Pseudonyms(new Uint8Array(32));
    const host = templateUrl("https://app.acme.com/", p).split("/")[2];
    expect(templateUrl("https://app.acme.com/reset/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2lnbmF0dXJl", p)).toBe(`https://${host}/reset/:token`);
    for (const segment of ["jane%2540acme.com", "jane＠acme.com", "jane%25252540acme.com"])
      expect(templateUrl(`https://app.acme.com/u/${segment}/orders`, p), segment).toBe(`https://${host}/u/:email/orders`);
    expect(templateUrl("https://app.acme.com/u/amFuZUBhY21lLmNvbQ==/x", p)).toBe(`https://${host}/u/:email/x`);
    expect(templateUrl("https://app.acme.com/k/XkQpTzRwLmBvNhYaGd/x", p)).toBe(`https://${host}/k/:token/x`);
    expect(templateUrl("app.acme.com/u/jane@acme.com?x=1", p)).toBe(`${host}/u/:email`);
    expect(templateUrl("jane:pw@app.acme.com:8080/x#y", p)).toBe(`${host}/x`);
    expect(templateUrl("//app.acme.com/x", p)).toBe(`${host}/x`);
    expect(templateUrl("HTTPS://APP.acme.com", p)).toBe(`https://${host}/`);
    // Pages keep their names: slugs, CamelCase, files.
    for (const path of ["/docs/getting-started-with-session-recordings", "/UserSettingsPage", "/assets/index.html", "/pricing"])
      expect(templateUrl(path, p)).toBe(path);
  });
});

describe("the recorder's fetch", () => {
  it("refuses every method but GET and HEAD before anything is sent", async () => {
    const sent: string[] = [];
    const fetch = readOnlyFetch(new Pacer({ now: () => 0, sleep: async () => {} }, { paceMs: 0, recordingsPaceMs: 0 }), async (input) => {
      sent.push(input.method);
      return new Response("{}");
    });
    for (const method of ["POST", "PATCH", "PUT", "DELETE", "OPTIONS"])
      await expect(fetch(new Request("http://mock.local/api/projects/", { method }))).rejects.toBeInstanceOf(NotReadOnlyError);
    await fetch(new Request("http://mock.local/api/projects/"));
    await fetch(new Request("http://mock.local/api/projects/", { method: "HEAD" }));
    expect(sent).toEqual(["GET", "HEAD"]);
  });
});
