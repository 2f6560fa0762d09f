// The colours offered to pick from: light and dark themes' ten pastel colours each, the
// brand palette's eighteen, and the colour of each member role.

/** Ten pastel colours for light backgrounds. */
export const LIGHT_PASTELS = [
  "#FFDBDB", "#FFE5C7", "#FFF4BA", "#DDF6D0", "#CFF3EC", "#D2ECFB", "#DCE3FF", "#E9DBFF", "#FBDAF0", "#E8E8E8",
] as const;

/** Ten pastel colours for dark backgrounds. */
export const DARK_PASTELS = [
  "#8A4B4B", "#8C6239", "#7A6F2E", "#4F7A45", "#3D7A6E", "#3E6B8A", "#4A5690", "#66508F", "#8A4C76", "#5C5C5C",
] as const;

/** The brand palette: eighteen colours. */
export const BRAND_PALETTE = [
  "#4351E8", "#2D72D2", "#0B7A96", "#00A396", "#1F9E5A", "#5C9E1F", "#B88A00", "#E0752D", "#C2410C",
  "#E03131", "#FF4A8D", "#C2255C", "#9C36B5", "#7048E8", "#3B4A6B", "#1C2127", "#5F6B7C", "#8F99A8",
] as const;

export const PALETTES = { light: LIGHT_PASTELS, dark: DARK_PASTELS, brand: BRAND_PALETTE } as const;

/** The colour of each member role (the system's super admin too). */
export const ROLE_COLOURS: Record<string, string> = {
  owner: "#7048E8",
  creator: "#2D72D2",
  editor: "#1F9E5A",
  commenter: "#E0752D",
  viewer: "#5F6B7C",
  super: "#C2255C",
};

/** A role's colour, grey for a role without one. */
export function roleColour(role: string): string {
  return ROLE_COLOURS[role] ?? "#8F99A8";
}
