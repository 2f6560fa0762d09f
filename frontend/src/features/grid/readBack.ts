// Whether an edit must read its record back to show what the server stored: unless every
// field it wrote stores a value exactly as sent (plain text) and the records on screen show
// no field the engine computes (formulas, lookups, rollups, codes, the timestamps), what was
// typed is already what is stored.
import { capability } from "../../plugins/catalogue";
import type { Column } from "../tables/api";
import type { RecordRow } from "./api";

/** `columns`: the table's fields (undefined when not at hand); `shown`: the cached records
 * holding the edited one (each with the fields its view reads); `written`: the values sent. */
export function readBackNeeded(columns: Column[] | undefined, shown: RecordRow[], written: RecordRow): boolean {
  if (shown.length === 0) return false;
  if (!columns) return true;
  const byTitle = new Map(columns.map((column) => [column.title, column]));
  const asSent = (title: string) => {
    const column = byTitle.get(title);
    return !!column && capability(column.uidt, "storesAsSent") === true;
  };
  if (!Object.keys(written).every(asSent)) return true;
  const computed = (title: string) => {
    const column = byTitle.get(title);
    if (!column) return true;
    if (column.pk || capability(column.uidt, "linksRecords")) return false;
    const virtual = capability(column.uidt, "virtual");
    const readOnly = capability(column.uidt, "readOnly");
    // A type the catalogue does not know (its plugin turned off) may be anything.
    return virtual === undefined || virtual || !!readOnly;
  };
  return shown.some((row) => Object.keys(row).some(computed));
}
