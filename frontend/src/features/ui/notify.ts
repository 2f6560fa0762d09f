// Toasts (3 seconds). The toaster is created on first use, in the browser only.
import { OverlayToaster, Position, type Intent, type Toaster } from "@blueprintjs/core";
import { TOAST_TIMEOUT_MS } from "../../app/constants";

let toaster: Promise<Toaster> | null = null;

/** Show `message`; the same message again while it is shown restarts its toast rather
 * than stacking a second one (two parts of the page may report the same refusal). */
export function notify(
  message: string,
  intent: "danger" | "warning" | "success" | "primary" = "primary",
  /** A button in the toast (Undo, ...); the toast then stays twice as long. */
  action?: { text: string; onClick(): void },
): void {
  if (typeof document === "undefined") return;
  toaster ??= OverlayToaster.create({ position: Position.TOP });
  const timeout = action ? TOAST_TIMEOUT_MS * 2 : TOAST_TIMEOUT_MS;
  void toaster.then((t) => t.show({ message, intent: intent as Intent, timeout, action }, `${intent}:${message}`));
}
