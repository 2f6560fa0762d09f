// The grid's geometry: the height of a row and of the header, the width of the row numbers
// and of the add-field button.
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 32;
export const ROW_NUMBER_WIDTH = 64;
export const ADD_FIELD_WIDTH = 48;
