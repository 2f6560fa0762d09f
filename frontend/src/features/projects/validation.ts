// Project name rules, shown inline while typing. Returns a message id or null.
import { PROJECT_TITLE_MAX } from "../../app/constants";

export type ProjectTitleError = "project.title.required" | "project.title.leadingSpace" | "project.title.tooLong";

export function validateProjectTitle(title: string): ProjectTitleError | null {
  if (!title.trim()) return "project.title.required";
  if (title.startsWith(" ")) return "project.title.leadingSpace";
  if (title.length > PROJECT_TITLE_MAX) return "project.title.tooLong";
  return null;
}
