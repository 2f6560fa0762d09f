// Escape closes an overlay (a dialog, a drawer) from the moment it shows. Blueprint moves the
// focus into a new overlay on the next animation frame and listens for Escape on the overlay
// itself, so an Escape pressed in between (the focus still on the button that opened it) was
// lost and the overlay stayed open. While the overlay is open, an Escape whose target lies in
// no overlay closes it; one inside an overlay is left to that overlay.
import { useEffect, useRef } from "react";

export function useEscapeBeforeFocus(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(".bp6-overlay, .bp6-portal")) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
}
