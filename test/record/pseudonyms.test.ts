// Pseudonyms are keyed, consistent and never shared: the same input gives the same output under
// one key, two inputs never share an output (clashes included), and another key gives others.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formats, type PseudonymKind, Pseudonyms } from "../../src/record/pseudonyms.js";
import { emailShape, ipsIn, phonesIn } from "../../src/record/shapes.js";

const key = (n: number) => new Uint8Array(32).fill(n);
const kinds = Object.keys(formats) as PseudonymKind[];

describe("pseudonyms", () => {
  it("are the same for the same input, whatever else was asked before, and never one for two inputs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...kinds), fc.string({ maxLength: 20 })), { maxLength: 200 }),
        fc.integer({ min: 0, max: 255 }),
        (inputs, k) => {
          const pseudonyms = new Pseudonyms(key(k));
          const first = new Map<string, string>();
          for (const [kind, value] of inputs) {
            const out = pseudonyms.of(kind, value);
            const id = `${kind}\0${value}`;
            expect(first.get(id) ?? out).toBe(out);
            first.set(id, out);
          }
          // Injective across kinds too.
          expect(new Set(first.values()).size).toBe(first.size);
          // Asked again in the same order by a fresh instance under the same key (a --salt run): the same.
          const again = new Pseudonyms(key(k));
          for (const [id, out] of first) expect(again.of(id.split("\0")[0] as PseudonymKind, id.slice(id.indexOf("\0") + 1))).toBe(out);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("stay unique when the short forms clash: 20,000 emails", () => {
    const pseudonyms = new Pseudonyms(key(7));
    const outs = new Set<string>();
    for (let i = 0; i < 20_000; i++) outs.add(pseudonyms.of("email", `person${i}@acme.test`));
    expect(outs.size).toBe(20_000);
  });

  it("differ under another key", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.string({ minLength: 1, maxLength: 30 }), (kind, value) => {
        expect(new Pseudonyms(key(1)).of(kind, value)).not.toBe(new Pseudonyms(key(2)).of(kind, value));
      }),
      { numRuns: 200 },
    );
  });

  it("never spell a name by chance: the letters they draw hold no vowel", () => {
    const pseudonyms = new Pseudonyms(key(5));
    for (const kind of ["distinctId", "name", "value", "host", "key", "channel", "shortId", "token"] as const)
      for (let i = 0; i < 500; i++) {
        const drawn = pseudonyms.of(kind, `maya.okafor${i}`).replace(/^(person-|Person |value-|site-|property_|#channel-|phc_)|\.example$/g, "");
        expect(drawn, kind).toMatch(/^[bcdfghjkmnpqrstvwxz]+$/);
      }
  });

  it("never look like personal data themselves: no email outside .invalid, no IP, no phone number", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.string({ maxLength: 30 }), (kind, value) => {
        const out = new Pseudonyms(key(3)).of(kind, value);
        expect((out.match(emailShape) ?? []).filter((email) => !email.endsWith(".invalid"))).toEqual([]);
        expect(ipsIn(out)).toEqual([]);
        expect(phonesIn(out)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
