// The passwords of protected shared views, kept for the browser tab's session (a reload does
// not ask again; closing the tab forgets them), by the view's share id. A password the server
// refuses later (the owner changed it) is forgotten.
const PREFIX = "workbench.sharedViewPassword.";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

export function rememberedPassword(uuid: string): string {
  return (uuid && storage()?.getItem(PREFIX + uuid)) || "";
}

export function rememberPassword(uuid: string, password: string): void {
  if (uuid && password) storage()?.setItem(PREFIX + uuid, password);
}

export function forgetPassword(uuid: string): void {
  if (uuid) storage()?.removeItem(PREFIX + uuid);
}
