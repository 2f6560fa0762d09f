// Escape closes the overlay (a dialog, drawer, alert, menu or popover) that has just shown,
// also before the focus has moved into it. Blueprint moves the focus into a new overlay on the
// next animation frame and listens for Escape on the overlay itself, so an Escape pressed in
// between (the focus still on the button that opened it) was lost and the overlay stayed
// open; so was one pressed after the focused control inside it was removed (the focus then on
// the page). One listener on the document hands such an Escape to the overlay opened last that
// takes the focus, where Blueprint's own handling decides (an overlay that Escape may not close
// stays open). Overlays that never take the focus (tooltips, toasts) listen on the document
// themselves and are left alone.

/** An open overlay that takes the focus: Blueprint gives its content (and its focus traps) a
 * tab stop. */
const FOCUSING_OVERLAY = ".bp6-overlay-open:has(> [tabindex])";

/** Start handing early Escapes to the overlay opened last; returns what stops it. */
export function handEarlyEscape(doc: Document = document): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(".bp6-overlay")) return; // the overlay's own handling has it
    const open = doc.querySelectorAll(FOCUSING_OVERLAY);
    const last = open[open.length - 1];
    if (!last) return;
    last.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  };
  doc.addEventListener("keydown", onKey);
  return () => doc.removeEventListener("keydown", onKey);
}
