// SPEC §5: table name required, without . / \ ; the unique-name helper.

export type TableTitleError = "table.title.required" | "table.title.chars";

export function validateTableTitle(title: string): TableTitleError | null {
  if (!title.trim()) return "table.title.required";
  if (/[./\\]/.test(title)) return "table.title.chars";
  return null;
}

/** `title` if free, else title_1, title_2, ... (SPEC §5). */
export function uniqueTitle(title: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  if (!used.has(title.toLowerCase())) return title;
  for (let n = 1; ; n += 1) {
    const candidate = `${title}_${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
