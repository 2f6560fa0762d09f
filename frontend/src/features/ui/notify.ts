// Toasts (3 seconds). The toaster is created on first use, in the browser only.
import { OverlayToaster, Position, type Intent, type Toaster } from "@blueprintjs/core";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { TOAST_TIMEOUT_MS } from "../../app/constants";
import { onTeardown } from "./teardown";

let toaster: Promise<Toaster> | null = null;

/** Mounts the toaster (as Blueprint does), taken off the page when it is torn down. */
function render(element: ReactElement, container: Element | DocumentFragment): void {
  const root = createRoot(container);
  root.render(element);
  onTeardown(() => {
    root.unmount();
    if (container instanceof Element) container.remove();
    toaster = null;
  });
}

/** Show `message`; the same message again while it is shown restarts its toast rather
 * than stacking a second one (two parts of the page may report the same refusal). */
export function notify(
  message: string,
  intent: "danger" | "warning" | "success" | "primary" = "primary",
  /** A button in the toast (Undo, ...); the toast then stays twice as long. */
  action?: { text: string; onClick(): void },
): void {
  if (typeof document === "undefined") return;
  toaster ??= OverlayToaster.create({ position: Position.TOP }, { domRenderer: render });
  const timeout = action ? TOAST_TIMEOUT_MS * 2 : TOAST_TIMEOUT_MS;
  void toaster.then((t) => t.show({ message, intent: intent as Intent, timeout, action }, `${intent}:${message}`));
}
