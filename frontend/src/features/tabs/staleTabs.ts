// Tabs of tables that changed elsewhere (a live change, or another tab of the browser): a
// table deleted closes its tabs, a table renamed renames them.
import type { Tab } from "./tabsSlice";

export interface TabChanges {
  closed: string[];
  renamed: { id: string; title: string }[];
}

/** What to do with `tabs` now that the project's tables are `tables`. */
export function staleTabs(tabs: readonly Tab[], tables: readonly { id: string; title: string }[]): TabChanges {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const changes: TabChanges = { closed: [], renamed: [] };
  for (const tab of tabs) {
    if (tab.type !== "table" && tab.type !== "view") continue;
    const table = byId.get(tab.id.slice(tab.type.length + 1));
    if (!table) changes.closed.push(tab.id);
    else if (table.title !== tab.title) changes.renamed.push({ id: tab.id, title: table.title });
  }
  return changes;
}
