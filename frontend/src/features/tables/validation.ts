// Table name required, without . / \ ; the unique-name helper.

export type TableTitleError = "table.title.required" | "table.title.chars" | "table.title.taken";

/** A table name is required, has none of . / \ and is not another table's of the
 * project, whatever the case (the server refuses it as well). */
export function validateTableTitle(title: string, taken: readonly string[] = []): TableTitleError | null {
  if (!title.trim()) return "table.title.required";
  if (/[./\\]/.test(title)) return "table.title.chars";
  const lower = title.trim().toLowerCase();
  if (taken.some((t) => t.toLowerCase() === lower)) return "table.title.taken";
  return null;
}

/** `title` if free, else title_1, title_2, ... */
export function uniqueTitle(title: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  if (!used.has(title.toLowerCase())) return title;
  for (let n = 1; ; n += 1) {
    const candidate = `${title}_${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
