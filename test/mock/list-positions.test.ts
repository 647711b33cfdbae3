// The positions by key of a list part (src/mock/state/list-positions.ts): read once, extended as
// the list grows, right after a record is replaced where it is, and read again after a removal.
import { describe, expect, it } from "vitest";
import { positionOf, removeAt } from "../../src/mock/state/list-positions.js";

const playlist = (short_id: string, name = short_id) => ({ short_id, name });

describe("positionOf", () => {
  it("finds each record by its key, and -1 for a key the list lacks", () => {
    const list = [playlist("a"), playlist("b"), playlist("c")];
    expect(["a", "b", "c", "d"].map((key) => positionOf(list, "playlists", key))).toEqual([0, 1, 2, -1]);
  });

  it("finds a record appended after the positions were read", () => {
    const list = [playlist("a")];
    expect(positionOf(list, "playlists", "b")).toBe(-1);
    list.push(playlist("b"));
    expect(positionOf(list, "playlists", "b")).toBe(1);
  });

  it("keeps a replaced record's position", () => {
    const list = [playlist("a"), playlist("b")];
    expect(positionOf(list, "playlists", "b")).toBe(1);
    list[1] = playlist("b", "renamed");
    expect(list[positionOf(list, "playlists", "b")]).toEqual(playlist("b", "renamed"));
  });

  it("reads the list again after a removal, which moves what follows", () => {
    const list = [playlist("a"), playlist("b"), playlist("c")];
    expect(positionOf(list, "playlists", "c")).toBe(2);
    removeAt(list, 0);
    expect(["a", "b", "c"].map((key) => positionOf(list, "playlists", key))).toEqual([-1, 0, 1]);
  });

  it("keys each part by its own field, and passes over an item that is not a record", () => {
    const recordings = [{ id: "r1" }, null, { id: "r2" }] as unknown[];
    expect(positionOf(recordings, "recordings", "r2")).toBe(2);
    expect(positionOf([{ id: 7 }], "subscriptions", "7")).toBe(0);
  });
});
