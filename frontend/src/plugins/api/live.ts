// Live changes and messages for plugins' views: hold a table's reloads while a reload would
// disturb the user (an open editor), hear which records changed, and show a toast.
import { useLiveHold as hostHold, useLiveRecords as hostRecords } from "../../features/realtime/useLive";
import { notify } from "../../features/ui/notify";

/** While `active`, live reloads of `tableId` wait (they run once it is released). */
export function useLiveHold(tableId: string, active: boolean): void {
  hostHold(tableId, active);
}

/** Call `listener` whenever records of `tableId` changed (ids, or null when many did). */
export function useLiveRecords(tableId: string, listener: (change: { tableId: string; ids: unknown[] | null }) => void): void {
  hostRecords(tableId, listener);
}

/** A toast with `message`; an action (Undo, ...) keeps it longer. */
export function toast(
  message: string,
  intent: "danger" | "warning" | "success" | "primary" = "primary",
  action?: { text: string; onClick(): void },
): void {
  notify(message, intent, action);
}
