// The kanban's stacks: one per option of the grouping SingleSelect field (in the options'
// order) after "Uncategorized" (no value, or a value that is no longer an option). Editing a
// stack edits the field's options (added, renamed, recoloured, reordered); a collapsed stack
// is remembered in the view's meta by its option id.
import { whereValue, type FieldColumn } from "@workbench/plugin-api";

/** An option of a single-select field (a stack). */
export interface SelectOption {
  id?: string;
  title: string;
  color?: string;
  order?: number;
}

type Column = FieldColumn;

/** The field's options (its `colOptions.options`). */
export function optionsOf(field: Pick<Column, "colOptions">): SelectOption[] {
  const options = field.colOptions?.options;
  return Array.isArray(options) ? (options as SelectOption[]) : [];
}

export const UNCATEGORIZED = "";
/** The id under which the Uncategorized stack is remembered as collapsed. */
export const UNCATEGORIZED_ID = "uncategorized";
export const STACK_COLOURS = ["#cfdffe", "#d0f1fd", "#c2f5e8", "#ffdaf6", "#ffdce5", "#fee2d5", "#ffeab6", "#d1f7c4", "#ede2fe", "#eeeeee"];

export interface Stack {
  /** The option's title ("" for Uncategorized): the value its records hold. */
  key: string;
  /** The option's id (UNCATEGORIZED_ID for Uncategorized). */
  id: string;
  color?: string;
  option?: SelectOption;
}

/** The field's options in their order (by `order`, then as listed). */
export function sortedOptions(field: Pick<Column, "colOptions">): SelectOption[] {
  return optionsOf(field)
    .map((option, index) => ({ option, index }))
    .sort((a, b) => (a.option.order ?? a.index + 1) - (b.option.order ?? b.index + 1) || a.index - b.index)
    .map(({ option }) => option);
}

export function stacksOf(field: Pick<Column, "colOptions">): Stack[] {
  return [
    { key: UNCATEGORIZED, id: UNCATEGORIZED_ID },
    ...sortedOptions(field).map((option) => ({ key: option.title, id: option.id ?? option.title, color: option.color, option })),
  ];
}

/** The `where` of a stack's records; Uncategorized holds every value that is not an option. */
export function stackWhere(field: Pick<Column, "title" | "colOptions">, key: string): string {
  const name = whereValue(field.title);
  if (key !== UNCATEGORIZED) return `(${name},eq,${whereValue(key)})`;
  const titles = sortedOptions(field).map((o) => whereValue(o.title));
  return titles.length ? `(${name},nanyof,${titles.join(",")})` : `(${name},blank)`;
}

/** Options renumbered 1..n in the given order. */
function renumbered(options: readonly SelectOption[]): SelectOption[] {
  return options.map((option, index) => ({ ...option, order: index + 1 }));
}

/** The options with the one at `from` moved to `to` (indexes in the sorted options). */
export function moveOption(options: readonly SelectOption[], from: number, to: number): SelectOption[] {
  const list = [...options];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return renumbered(list);
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return renumbered(list);
}

/** Why a stack title cannot be used (a message id), or null. */
export function stackTitleError(title: string, options: readonly SelectOption[], ownId?: string): string | null {
  const text = title.trim();
  if (!text) return "plugin.view_kanban.stackRequired";
  if (options.some((o) => o.title === text && (o.id ?? o.title) !== ownId)) return "plugin.view_kanban.stackTaken";
  return null;
}

/** The options with a new one at the end (the next colour of the palette). */
export function addOption(options: readonly SelectOption[], title: string): SelectOption[] {
  const color = STACK_COLOURS[options.length % STACK_COLOURS.length];
  return renumbered([...options, { title: title.trim(), color }]);
}

/** The options with the option `id` changed (title, colour): it keeps its id, so its records follow. */
export function editOption(options: readonly SelectOption[], id: string, changes: Partial<Pick<SelectOption, "title" | "color">>): SelectOption[] {
  return renumbered(options.map((o) => ((o.id ?? o.title) === id ? { ...o, ...changes, title: (changes.title ?? o.title).trim() } : o)));
}

/** The collapsed stacks' ids from the view's meta. */
export function collapsedStacks(meta: Record<string, unknown>): string[] {
  const value = meta.collapsedStacks;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The view's meta with stack `id` collapsed or expanded (other meta kept). */
export function toggleCollapsed(meta: Record<string, unknown>, id: string): Record<string, unknown> {
  const current = collapsedStacks(meta);
  const next = current.includes(id) ? current.filter((c) => c !== id) : [...current, id];
  return { ...meta, collapsedStacks: next };
}

/** Cards kept in a stack's order at most (the view's meta stays small). */
export const CARD_ORDER_LIMIT = 500;

/** The cards' own order per stack id (keys as `moveKey` writes them), from the view's meta. */
export function cardOrders(meta: Record<string, unknown>): Record<string, string[]> {
  const value = meta.cardOrder;
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, keys]) => Array.isArray(keys))
      .map(([id, keys]) => [id, (keys as unknown[]).filter((k): k is string => typeof k === "string")]),
  );
}

/** A stack's cards in its own order: the ordered ones first (in that order), then the others as loaded. */
export function orderedCards<T>(rows: readonly T[], order: readonly string[] | undefined, keyOf: (row: T) => string): T[] {
  if (!order?.length) return [...rows];
  const rank = new Map(order.map((key, index) => [key, index]));
  const ranked = rows.filter((row) => rank.has(keyOf(row))).sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
  return [...ranked, ...rows.filter((row) => !rank.has(keyOf(row)))];
}

/** The stack's order once card `key` is put before card `before` (at the end when null);
 * `shown` is the stack's cards as shown now. */
export function placeCard(shown: readonly string[], key: string, before: string | null): string[] {
  const rest = shown.filter((k) => k !== key);
  const at = before === null ? -1 : rest.indexOf(before);
  const next = at < 0 ? [...rest, key] : [...rest.slice(0, at), key, ...rest.slice(at)];
  return next.slice(0, CARD_ORDER_LIMIT);
}
