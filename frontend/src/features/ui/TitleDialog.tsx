// A one-field form for a name (create or rename), with the rules shown inline while typing.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage } from "react-intl";
import { useOpeningKey } from "./useOpeningKey";

export interface TitleFormProps {
  label: string;
  initial?: string;
  submitLabel: string;
  busy?: boolean;
  serverError?: string | null;
  /** The error to show for a value, or null when it is acceptable. */
  validate(title: string): string | null;
  onSubmit(title: string): void;
  onCancel?(): void;
  testId?: string;
}

export function TitleForm(props: TitleFormProps) {
  const { label, initial = "", submitLabel, busy, serverError, validate, onSubmit, onCancel, testId = "title" } = props;
  const [title, setTitle] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = validate(title);
  const shownError = (touched || title !== initial) && error ? error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) onSubmit(title);
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        {serverError && <Callout intent="danger" className="wb-gap" data-testid="form-error">{serverError}</Callout>}
        <FormGroup label={label} labelFor={`${testId}-input`} helperText={shownError} intent={shownError ? "danger" : "none"}>
          <InputGroup
            id={`${testId}-input`}
            autoFocus
            value={title}
            onValueChange={setTitle}
            intent={shownError ? "danger" : "none"}
            data-testid={`${testId}-input`}
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
            <Button type="submit" intent="primary" loading={busy} disabled={!!error} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </>
        }
      />
    </form>
  );
}

export function TitleDialog(props: TitleFormProps & { isOpen: boolean; title: string }) {
  const { isOpen, title, onCancel, ...form } = props;
  const formKey = useOpeningKey(isOpen ? `${title}/${form.initial ?? ""}` : null);
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onCancel} className="wb-dialog">
      {isOpen && <TitleForm key={formKey} {...form} onCancel={onCancel} />}
    </Dialog>
  );
}
