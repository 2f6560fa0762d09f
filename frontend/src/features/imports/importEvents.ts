// The `import` events of the realtime socket, for the open wizards and the project's list of
// imports (SessionManager hands every message to `handleImportMessage`).
import type { ImportJob } from "./types";

type Listener = (job: ImportJob) => void;

const listeners = new Set<Listener>();

export function onImportEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A socket message: `{"event": "import", "data": Import}` reaches the listeners. */
export function handleImportMessage(message: Record<string, unknown>): void {
  if (message.event !== "import") return;
  const data = message.data as ImportJob | undefined;
  if (!data || typeof data !== "object" || typeof data.id !== "string") return;
  for (const listener of [...listeners]) listener(data);
}
