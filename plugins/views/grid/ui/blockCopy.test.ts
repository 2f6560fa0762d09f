import { describe, expect, it } from "vitest";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import type { RecordRow } from "@workbench/plugin-api";
import { BLOCK_CELL_LIMIT, CopyCancelled, blockRows, cellCount, clipboardText, fetchPages, pagesOfBlock } from "./blockCopy";

const columns = [
  { id: "c1", title: "Name", uidt: "SingleLineText" },
  { id: "c2", title: "Qty", uidt: "Number" },
  { id: "c3", title: "Done", uidt: "Checkbox" },
] as Column[];

/** Rows of a page of 10 rows: row n is named "r{n}" with quantity n. */
const pageRows = (page: number): RecordRow[] =>
  Array.from({ length: 10 }, (_, i) => ({ Name: `r${page * 10 + i}`, Qty: page * 10 + i, Done: i % 2 === 0 }));

describe("copying a block across pages", () => {
  it("counts cells and keeps blocks past the limit out", () => {
    expect(cellCount({ top: 5, bottom: 14, left: 1, right: 2 })).toBe(20);
    expect(cellCount({ top: 0, bottom: 49_999, left: 0, right: 1 })).toBe(BLOCK_CELL_LIMIT);
    expect(cellCount({ top: 0, bottom: 50_000, left: 0, right: 1 })).toBeGreaterThan(BLOCK_CELL_LIMIT);
  });

  it("splits the block's pages into loaded and missing ones", () => {
    const loaded = new Map([[1, pageRows(1)], [3, pageRows(3)]]);
    const { have, missing } = pagesOfBlock({ top: 8, bottom: 41, left: 0, right: 0 }, 10, (p) => loaded.get(p));
    expect([...have.keys()]).toEqual([1, 3]);
    expect(missing).toEqual([0, 2, 4]);
  });

  it("fetches the missing pages, then gives the whole block as TSV", async () => {
    const block = { top: 8, bottom: 31, left: 0, right: 2 };
    const { have, missing } = pagesOfBlock(block, 10, (p) => (p === 1 ? pageRows(1) : undefined));
    const fetched: number[] = [];
    const progress: [number, number][] = [];
    let running = 0;
    let most = 0;
    await fetchPages(
      missing,
      async (page) => {
        running += 1;
        most = Math.max(most, running);
        fetched.push(page);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        return pageRows(page);
      },
      have,
      (done, total) => progress.push([done, total]),
      () => false,
      2,
    );
    expect(fetched.sort()).toEqual([0, 2, 3]);
    expect(most).toBe(2);
    expect(progress.at(-1)).toEqual([3, 3]);
    const text = clipboardText(blockRows(block, columns, 10, have), false);
    const lines = text.split("\n");
    expect(lines).toHaveLength(24);
    expect(lines[0]).toBe("r8\t8\t✓");
    expect(lines[1]).toBe("r9\t9\t");
    expect(lines[23]).toBe("r31\t31\t");
  });

  it("stops when cancelled and reports the first failure", async () => {
    let cancel = false;
    const into = new Map<number, RecordRow[]>();
    const run = fetchPages([0, 1, 2, 3], async (page) => {
      cancel = page >= 1;
      return pageRows(page);
    }, into, () => undefined, () => cancel, 1);
    await expect(run).rejects.toBeInstanceOf(CopyCancelled);
    expect(into.size).toBeLessThan(4);
    const failing = fetchPages([0, 1], async (page) => {
      if (page === 1) throw { status: 500, message: "Database unavailable" };
      return pageRows(page);
    }, new Map(), () => undefined);
    await expect(failing).rejects.toEqual({ status: 500, message: "Database unavailable" });
  });

  it("copies one cell as it is and quotes cells of a block that need it", () => {
    const pages = new Map([[0, [{ Name: "a\tb", Qty: 1 }, { Name: 'say "hi"', Qty: null }]]]);
    expect(clipboardText(blockRows({ top: 0, bottom: 0, left: 0, right: 0 }, columns, 10, pages), true)).toBe("a\tb");
    expect(clipboardText(blockRows({ top: 0, bottom: 1, left: 0, right: 1 }, columns, 10, pages), false)).toBe(
      '"a\tb"\t1\n"say ""hi"""\t',
    );
  });
});
