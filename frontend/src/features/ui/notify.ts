// Toasts (SPEC §9: 3 seconds). The toaster is created on first use, in the browser only.
import { OverlayToaster, Position, type Intent, type Toaster } from "@blueprintjs/core";
import { TOAST_TIMEOUT_MS } from "../../app/constants";

let toaster: Promise<Toaster> | null = null;

export function notify(message: string, intent: "danger" | "warning" | "success" | "primary" = "primary"): void {
  if (typeof document === "undefined") return;
  toaster ??= OverlayToaster.create({ position: Position.TOP });
  void toaster.then((t) => t.show({ message, intent: intent as Intent, timeout: TOAST_TIMEOUT_MS }));
}
