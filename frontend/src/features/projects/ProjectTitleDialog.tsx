// Create or rename a project, with the title rules shown inline while typing.
import { useIntl } from "react-intl";
import { PROJECT_TITLE_MAX } from "../../app/constants";
import { TitleDialog, TitleForm, type TitleFormProps } from "../ui/TitleDialog";
import { validateProjectTitle } from "./validation";

type ProjectTitleFormProps = Omit<TitleFormProps, "label" | "validate" | "testId">;

function useProjectRules() {
  const intl = useIntl();
  return {
    label: intl.formatMessage({ id: "project.title.label" }),
    validate: (title: string) => {
      const id = validateProjectTitle(title);
      return id ? intl.formatMessage({ id }, { max: PROJECT_TITLE_MAX }) : null;
    },
    testId: "project-title",
  };
}

export function ProjectTitleForm(props: ProjectTitleFormProps) {
  return <TitleForm {...useProjectRules()} {...props} />;
}

export function ProjectTitleDialog(props: ProjectTitleFormProps & { isOpen: boolean; title: string }) {
  return <TitleDialog {...useProjectRules()} {...props} />;
}
