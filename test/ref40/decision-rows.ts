import { describe, expect, it } from "vitest";
import { STRICTER } from "./exceptions.js";
import { detailMismatches, load, RANK, rows, run, type Action, type Row } from "./harness.js";

/**
 * One test per row of a decision file (`check`, `pipeline`, `external-directory`
 * gates): the same action and the same reported details as the reference, or
 * exactly the stricter decision `STRICTER` names for it.
 */
export function describeDecisionRows(file: string, skip: (r: Row) => boolean = () => false): void {
  const all = rows<Row>(file);
  const kept = all.filter((r) => !skip(r));

  describe(`ref40/${file}`, () => {
    it("has rows", () => expect(kept.length).toBeGreaterThan(0));

    it.each(kept.map((r) => [r.id, r] as const))("%s", async (id, r) => {
      const { policy } = await load(r);
      const got = await run(r, policy);
      const stricter = STRICTER[id];
      if (stricter) {
        expect(got.action, stricter.why).toBe(stricter.permc);
        expect(RANK[stricter.permc] > RANK[r.expected as Action], "a listed exception must be stricter than the reference").toBe(true);
        return;
      }
      expect(got.action).toBe(r.expected);
      expect(detailMismatches(r, got)).toEqual([]);
    });
  });
}
