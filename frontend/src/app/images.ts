// The image breakpoints: a stored image's signed link served by Workbench takes `?w=` with
// one of these widths and answers a copy scaled down to it, so that `srcset` lets the browser
// read no more than the screen needs.

export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;

const SIGNED_LINK = "/api/v1/db/storage/dltemp/";

/** The `srcset` of a signed link at every image breakpoint, or undefined for other addresses. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !url.includes(SIGNED_LINK) || /^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  const separator = url.includes("?") ? "&" : "?";
  return IMAGE_WIDTHS.map((width) => `${url}${separator}w=${width} ${width}w`).join(", ");
}
