// Copy of the active cell or the selected block. When every row of the block is loaded the
// text goes on the clipboard at once (through the copy event); otherwise the missing pages
// are fetched first (with progress for large blocks, and a cancel), then the text is written
// with the Clipboard API. Should the browser refuse that write, the text is kept and a button
// copies it on the user's next click. Blocks over BLOCK_CELL_LIMIT cells are refused.
import { useRef, useState, type ClipboardEvent } from "react";
import { useIntl } from "react-intl";
import { toast as notify, useRecordsReader, type FieldInfo as Column, type RecordRow, type RecordSource } from "@workbench/plugin-api";
import {
  BLOCK_CELL_LIMIT,
  CopyCancelled,
  blockRows,
  cellCount,
  clipboardText,
  fetchPages,
  pagesOfBlock,
} from "./blockCopy";
import { PAGE_SIZE, pageQuery } from "./pages";
import type { Block } from "./range";

/** From this many pages to fetch on, the copy shows its progress. */
const PROGRESS_FROM_PAGES = 3;

export interface CopyProgress {
  done: number;
  total: number;
}

export interface ReadyCopy {
  text: string;
  cells: number;
}

/** Put text on the clipboard from a click: the Clipboard API where the page may use it,
 * else a copy command whose event carries the text. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const put = (event: globalThis.ClipboardEvent) => {
    event.clipboardData?.setData("text/plain", text);
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener("copy", put, { capture: true });
  try {
    if (!document.execCommand("copy")) throw new Error("copy refused");
  } finally {
    window.removeEventListener("copy", put, { capture: true });
  }
}

export function useBlockCopy({ source, where, sort, columns }: { source: RecordSource; where?: string; sort?: string; columns: Column[] }) {
  const intl = useIntl();
  const reader = useRecordsReader();
  const [progress, setProgress] = useState<CopyProgress | null>(null);
  const [ready, setReady] = useState<ReadyCopy | null>(null);
  const cancelled = useRef(false);

  const cached = (page: number) => reader.cached(source, pageQuery(page, where, sort));
  const load = (page: number): Promise<RecordRow[]> => reader.read(source, pageQuery(page, where, sort));
  const copied = (cells: number) => notify(intl.formatMessage({ id: "plugin.view_grid.grid.copy.done" }, { cells }), "success");

  const gather = async (area: Block, single: boolean, have: Map<number, RecordRow[]>, missing: number[]) => {
    cancelled.current = false;
    const shown = missing.length >= PROGRESS_FROM_PAGES;
    if (shown) setProgress({ done: 0, total: missing.length });
    try {
      await fetchPages(missing, load, have, (done, total) => shown && setProgress({ done, total }), () => cancelled.current);
    } catch (error) {
      setProgress(null);
      if (!(error instanceof CopyCancelled)) {
        const message = error instanceof Error ? error.message : String(error);
        notify(intl.formatMessage({ id: "plugin.view_grid.grid.copy.failed" }, { message }), "danger");
      }
      return;
    }
    setProgress(null);
    const text = clipboardText(blockRows(area, columns, PAGE_SIZE, have), single);
    const cells = cellCount(area);
    try {
      await navigator.clipboard.writeText(text);
      copied(cells);
    } catch {
      setReady({ text, cells });
    }
  };

  /** Handle the grid's copy event for `area` (`single`: the active cell alone). */
  const copy = (event: ClipboardEvent, area: Block, single: boolean) => {
    event.preventDefault();
    if (progress) return; // a copy is already gathering its rows
    const cells = cellCount(area);
    if (cells > BLOCK_CELL_LIMIT) {
      notify(intl.formatMessage({ id: "plugin.view_grid.grid.block.tooLarge" }, { cells, limit: BLOCK_CELL_LIMIT }), "warning");
      return;
    }
    const { have, missing } = pagesOfBlock(area, PAGE_SIZE, cached);
    if (missing.length === 0) {
      event.clipboardData.setData("text/plain", clipboardText(blockRows(area, columns, PAGE_SIZE, have), single));
      return;
    }
    void gather(area, single, have, missing);
  };

  /** Write the kept text from the user's click. */
  const writeReady = async () => {
    const current = ready;
    setReady(null);
    if (!current) return;
    try {
      await writeClipboard(current.text);
      copied(current.cells);
    } catch (error) {
      notify(intl.formatMessage({ id: "plugin.view_grid.grid.copy.failed" }, { message: String(error) }), "danger");
    }
  };

  return {
    copy,
    progress,
    cancel: () => {
      cancelled.current = true;
      setProgress(null);
    },
    ready,
    writeReady,
    dropReady: () => setReady(null),
  };
}

export type BlockCopy = ReturnType<typeof useBlockCopy>;
