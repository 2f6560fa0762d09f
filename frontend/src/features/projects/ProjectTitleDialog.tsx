// Create or rename a project, with the SPEC §5 title rules shown inline while typing.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { PROJECT_TITLE_MAX } from "../../app/constants";
import { validateProjectTitle } from "./validation";

export interface ProjectTitleFormProps {
  initial?: string;
  submitLabel: string;
  busy?: boolean;
  serverError?: string | null;
  onSubmit(title: string): void;
  onCancel?(): void;
}

export function ProjectTitleForm({ initial = "", submitLabel, busy, serverError, onSubmit, onCancel }: ProjectTitleFormProps) {
  const intl = useIntl();
  const [title, setTitle] = useState(initial);
  const [touched, setTouched] = useState(false);
  const errorId = validateProjectTitle(title);
  const shownError = (touched || title !== initial) && errorId
    ? intl.formatMessage({ id: errorId }, { max: PROJECT_TITLE_MAX })
    : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!errorId) onSubmit(title);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {serverError && <Callout intent="danger" className="wb-gap" data-testid="form-error">{serverError}</Callout>}
        <FormGroup
          label={intl.formatMessage({ id: "project.title.label" })}
          labelFor="project-title"
          helperText={shownError}
          intent={shownError ? "danger" : "none"}
        >
          <InputGroup
            id="project-title"
            autoFocus
            value={title}
            onValueChange={setTitle}
            intent={shownError ? "danger" : "none"}
            data-testid="project-title-input"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {onCancel && (
              <Button onClick={onCancel}>
                <FormattedMessage id="common.cancel" />
              </Button>
            )}
            <Button type="submit" intent="primary" loading={busy} disabled={!!errorId} data-testid="project-title-submit">
              {submitLabel}
            </Button>
          </>
        }
      />
    </form>
  );
}

export function ProjectTitleDialog(props: ProjectTitleFormProps & { isOpen: boolean; title: string }) {
  const { isOpen, title, onCancel, ...form } = props;
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onCancel} className="wb-dialog">
      {isOpen && <ProjectTitleForm {...form} onCancel={onCancel} />}
    </Dialog>
  );
}
