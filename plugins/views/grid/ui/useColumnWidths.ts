// The columns' widths: the view's stored ones, and those being dragged or just saved over
// them. A column's edge drags to resize it (saved once released); arrow keys on a focused edge
// narrow or widen it by steps (saved once the keys pause). Right to left, a drag to the left
// widens.
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { toast as notify, type FieldInfo } from "@workbench/plugin-api";
import { clampWidth, parseWidth, resizedWidth, WIDTH_STEP } from "./columnWidth";
import { errorText, viewApi, type ViewColumn } from "./viewApi";

/** How long the arrow keys must pause before a keyboard resize is saved. */
const KEY_RESIZE_SAVE_MS = 400;

export function useColumnWidths({ columns, viewColumns, viewId, scroller }: {
  columns: FieldInfo[];
  viewColumns: readonly ViewColumn[] | undefined;
  /** The view the widths are saved in (none: they are kept in the page). */
  viewId?: string;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  // Widths being dragged or just saved, by column id, over the view's stored ones.
  const [localWidths, setLocalWidths] = useState<Record<string, number>>({});
  const resizing = useRef<{ columnId: string; x: number; width: number } | null>(null);
  const keyResizeTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const [resizeViewColumn] = viewApi().useResizeViewColumnMutation();
  const widths = useMemo(
    () => columns.map((c) => localWidths[c.id] ?? parseWidth(viewColumns?.find((vc) => vc.fk_column_id === c.id)?.width)),
    [columns, viewColumns, localWidths],
  );

  const isRtl = () => !!scroller.current && getComputedStyle(scroller.current).direction === "rtl";
  const saveWidth = async (columnId: string, width: number) => {
    if (!viewId) return;
    const result = await resizeViewColumn({ viewId, columnId, width });
    if ("error" in result) {
      notify(errorText(result.error), "danger");
      setLocalWidths(({ [columnId]: _dropped, ...rest }) => rest);
    }
  };
  const startResize = (event: PointerEvent<HTMLDivElement>, columnId: string, width: number) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    resizing.current = { columnId, x: event.clientX, width };
  };
  const moveResize = (event: PointerEvent<HTMLDivElement>) => {
    const drag = resizing.current;
    if (!drag) return;
    const next = resizedWidth(drag.width, event.clientX - drag.x, isRtl());
    setLocalWidths((prev) => (prev[drag.columnId] === next ? prev : { ...prev, [drag.columnId]: next }));
  };
  const endResize = (event: PointerEvent<HTMLDivElement>) => {
    const drag = resizing.current;
    if (!drag) return;
    resizing.current = null;
    const next = resizedWidth(drag.width, event.clientX - drag.x, isRtl());
    setLocalWidths((prev) => ({ ...prev, [drag.columnId]: next }));
    if (next !== drag.width) void saveWidth(drag.columnId, next);
  };
  /** Arrow keys on a focused column edge narrow or widen the column by WIDTH_STEP. */
  const resizeByKey = (event: KeyboardEvent<HTMLDivElement>, columnId: string, width: number) => {
    const grow = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1 }[event.key];
    if (!grow) return;
    event.preventDefault();
    event.stopPropagation();
    const horizontal = event.key === "ArrowRight" || event.key === "ArrowLeft";
    const next = clampWidth(width + grow * WIDTH_STEP * (horizontal && isRtl() ? -1 : 1));
    if (next === width) return;
    setLocalWidths((prev) => ({ ...prev, [columnId]: next }));
    // Saved once the keys pause, so that a run of presses is one request.
    clearTimeout(keyResizeTimers.current[columnId]);
    keyResizeTimers.current[columnId] = setTimeout(() => void saveWidth(columnId, next), KEY_RESIZE_SAVE_MS);
  };
  return { widths, startResize, moveResize, endResize, resizeByKey };
}

export type ColumnWidths = ReturnType<typeof useColumnWidths>;
