// The grid's geometry: the height of a row (short, medium, tall, extra tall) and of the
// header, the width of the row numbers and of the add-field button; at most how many fields
// can be frozen.
export const ROW_HEIGHTS = [32, 56, 88, 120] as const;
export const ROW_HEIGHT = ROW_HEIGHTS[0];
export const HEADER_HEIGHT = 32;
export const ROW_NUMBER_WIDTH = 64;
/** The class of a row's frozen part (row number, frozen fields); one holding fields casts a
 * shadow on the fields scrolling under it. A class rather than a `:has()` rule: with one,
 * opening an editor in a frozen cell made the browser match the rule again up the row. */
export const frozenPart = (holdsFields: boolean) => (holdsFields ? "wb-row-frozen wb-row-frozen-fields" : "wb-row-frozen");
export const ADD_FIELD_WIDTH = 48;
export const MAX_FROZEN = 3;
export const FOOTER_HEIGHT = 32;

/** The height of a row for the view's `row_height` setting (0 to 3). */
export function rowHeightOf(setting: unknown): number {
  return typeof setting === "number" && setting >= 0 && setting < ROW_HEIGHTS.length ? ROW_HEIGHTS[setting] : ROW_HEIGHTS[0];
}
