// A shared form: the visitor fills the fields and submits; required fields
// are checked first; then the success message (or "Saved successfully."), and with
// show_blank_form a blank form again after a 5-second countdown, or with redirect_url the
// address it names. Survey mode shows one field at a time. The link's query string may fill
// fields in advance (`?Field=value`), editable, hidden or read-only as the share says.
import { Button, Callout, Card, FormGroup, H2, InputGroup, ProgressBar } from "@blueprintjs/core";
import { useEffect, useState, type Dispatch, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { useSubmitSharedFormMutation, type LinkChoice, type SharedViewMeta } from "./api";
import { FormFieldInput } from "./FormFieldInput";
import { prefilledValues, prefillMode, redirectTarget, type PrefillMode } from "./formPrefill";
import { parseMeta } from "../views/api";
import { formFields, isLinkField, isRequired, validateForm, type FieldError, type ShownField } from "./formRules";
import { linkKeys, linkValue, type LinkTarget } from "./LinkPicker";
import type { TableMeta } from "../tables/api";
import type { SharedAction, SharedState } from "./sharedState";

export function SharedForm({ meta, uuid, state, dispatch, survey }: {
  meta: SharedViewMeta;
  uuid: string;
  state: SharedState;
  dispatch: Dispatch<SharedAction>;
  survey?: boolean;
}) {
  const columns = (meta.model?.columns ?? []) as unknown as ShownField[];
  const fields = formFields(columns, meta.columns ?? []);
  const settings = meta.view ?? {};
  const prefill = prefilledValues(fields, typeof window === "undefined" ? "" : window.location.search);
  const [submit] = useSubmitSharedFormMutation();
  const related = meta.relatedMetas ?? {};
  const password = state.password || undefined;
  return (
    <Card className="wb-shared-form" data-testid="shared-form">
      <H2 data-testid="form-heading">{settings.heading || meta.title}</H2>
      {settings.subheading && <p className="bp6-text-muted">{settings.subheading}</p>}
      {state.form === "submitted" ? (
        <Submitted meta={meta} state={state} dispatch={dispatch} />
      ) : (
        <FormBody
          key={state.formKey}
          fields={fields}
          all={columns}
          related={related}
          submitForm={(data, files) => submit({ uuid, password, data, files })}
          linkTarget={(_field, relatedTable) => ({ uuid, password, related: relatedTable })}
          submitting={state.form === "submitting"}
          dispatch={dispatch}
          survey={survey}
          showBlankForm={!!settings.show_blank_form}
          prefill={prefill}
          prefillMode={prefillMode(parseMeta(meta.meta))}
          redirectUrl={settings.redirect_url}
          pkTitle={columns.find((c) => c.pk)?.title}
        />
      )}
    </Card>
  );
}

/** What a form says once submitted: its success message, the countdown to a blank form or
 * the button to submit another. */
export function Submitted({ meta, state, dispatch }: {
  meta: { view?: Pick<NonNullable<SharedViewMeta["view"]>, "success_msg" | "submit_another_form"> | null };
  state: SharedState;
  dispatch: Dispatch<SharedAction>;
}) {
  const intl = useIntl();
  const message = meta.view?.success_msg || intl.formatMessage({ id: "form.saved" });
  return (
    <div data-testid="form-submitted">
      <Callout intent="success" icon="tick-circle" data-testid="form-success">{message}</Callout>
      {state.countdown !== null && (
        <p className="bp6-text-muted" data-testid="form-countdown">
          <FormattedMessage id="form.blankIn" values={{ n: state.countdown }} />
        </p>
      )}
      {meta.view?.submit_another_form && state.countdown === null && (
        <Button icon="plus" onClick={() => dispatch({ type: "formReset" })} data-testid="form-another">
          <FormattedMessage id="form.submitAnother" />
        </Button>
      )}
    </div>
  );
}

/** How a form's values reach the server: the shared link's submission, or a member's. */
export type SubmitForm = (
  data: Record<string, unknown>,
  files: Record<string, File[]>,
) => Promise<{ data: Record<string, unknown>; error?: undefined } | { error: unknown; data?: undefined }>;

/** A form's fields, checked, then submitted through `submitForm`; a link field picks its
 * records through `linkTarget` (without one it cannot be filled here). */
export function FormBody({ fields: allShown, all, related, submitForm, linkTarget, submitting, dispatch, survey, showBlankForm, prefill, prefillMode, redirectUrl, pkTitle }: {
  fields: ShownField[];
  all: ShownField[];
  related: Record<string, TableMeta>;
  submitForm: SubmitForm;
  linkTarget?(field: ShownField, related: TableMeta | undefined): LinkTarget | undefined;
  submitting: boolean;
  dispatch: Dispatch<SharedAction>;
  survey?: boolean;
  showBlankForm: boolean;
  prefill: Record<string, unknown>;
  prefillMode: PrefillMode;
  redirectUrl?: string | null;
  pkTitle?: string;
}) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<string, unknown>>(prefill);
  // Fields filled from the link and hidden are still sent, and checked, but not shown.
  const fields = prefillMode === "hidden" ? allShown.filter((f) => !(f.title in prefill)) : allShown;
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [step, setStep] = useState(0);
  const relatedOf = (field: ShownField) =>
    related[String((field.colOptions as { fk_related_model_id?: string } | null)?.fk_related_model_id ?? "")];
  const withFiles = () => {
    const merged = { ...values };
    for (const [title, list] of Object.entries(files)) if (list.length) merged[title] = list;
    return merged;
  };
  const check = (subset: ShownField[]) => {
    const found = validateForm(subset, withFiles(), all);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const send = async () => {
    if (!check(allShown)) return;
    dispatch({ type: "submitStarted" });
    const data = Object.fromEntries(
      Object.entries(values)
        .filter(([, v]) => v !== null && v !== undefined && v !== "")
        .map(([title, v]) => {
          const field = allShown.find((f) => f.title === title);
          if (!field || !isLinkField(field.uidt)) return [title, v];
          const { pk } = linkKeys(relatedOf(field));
          return [title, linkValue(v as LinkChoice[], field.colOptions?.type === "bt", pk)];
        }),
    );
    const result = await submitForm(data, files);
    if (result.error !== undefined || !result.data) {
      dispatch({ type: "submitFailed" });
      notify((result.error as HttpError).message, "danger");
      return;
    }
    const target = redirectTarget(redirectUrl, pkTitle ? result.data[pkTitle] : undefined);
    dispatch({ type: "submitSucceeded", showBlankForm: showBlankForm && !target });
    if (target) window.location.assign(target);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (survey && step < fields.length - 1) {
      if (check([fields[step]])) setStep(step + 1);
      return;
    }
    void send();
  };
  const shown = survey ? fields.slice(step, step + 1) : fields;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-body">
      {survey && fields.length > 0 && (
        <ProgressBar className="wb-gap" intent="primary" stripes={false} value={(step + 1) / fields.length} />
      )}
      {shown.map((field) => {
        const error = errors[field.title];
        const name = field.label || field.title;
        return (
          <FormGroup
            key={field.id}
            label={name}
            labelFor={`form-field-${field.id}`}
            labelInfo={isRequired(field, all) ? "*" : undefined}
            helperText={error ? intl.formatMessage({ id: error.id }, error.values) : field.description || undefined}
            intent={error ? "danger" : "none"}
            data-testid={`form-field-${field.title}`}
          >
            {prefillMode === "locked" && field.title in prefill ? (
              <InputGroup id={`form-field-${field.id}`} readOnly fill value={String(prefill[field.title])} data-testid={`form-input-${field.title}`} />
            ) : (
            <FormFieldInput
              field={field}
              value={values[field.title]}
              files={files[field.title]}
              invalid={!!error}
              link={isLinkField(field.uidt) ? linkTarget?.(field, relatedOf(field)) : undefined}
              onChange={(value) => {
                setValues((v) => ({ ...v, [field.title]: value }));
                setErrors(({ [field.title]: _gone, ...rest }) => rest);
              }}
              onFiles={(list) => {
                setFiles((f) => ({ ...f, [field.title]: list }));
                setErrors(({ [field.title]: _gone, ...rest }) => rest);
              }}
            />
            )}
          </FormGroup>
        );
      })}
      <div className="wb-form-actions">
        {survey && step > 0 && (
          <Button icon="arrow-left" onClick={() => setStep(step - 1)} data-testid="survey-back">
            <FormattedMessage id="form.back" />
          </Button>
        )}
        {survey && step < fields.length - 1 ? (
          <Button type="submit" intent="primary" rightIcon="arrow-right" data-testid="survey-next">
            <FormattedMessage id="form.next" />
          </Button>
        ) : (
          <Button type="submit" intent="primary" loading={submitting} data-testid="form-submit">
            <FormattedMessage id="form.submit" />
          </Button>
        )}
      </div>
    </form>
  );
}

/** Runs the blank-form countdown: one tick a second while it lasts. */
export function useCountdown(state: SharedState, dispatch: Dispatch<SharedAction>) {
  useEffect(() => {
    if (state.countdown === null) return;
    const timer = setTimeout(() => dispatch({ type: "tick" }), 1000);
    return () => clearTimeout(timer);
  }, [state.countdown, dispatch]);
}
