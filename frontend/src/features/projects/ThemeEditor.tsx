// The project's theme colours: primary and accent, hex of 3 or 6 digits (no alpha),
// saved in the project's meta (sent as a JSON string).
import { Button, Callout, FormGroup, H4, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { useUpdateProjectMutation, type Project } from "./api";
import { isValidColor, metaWithTheme, themeFromMeta } from "./theme";

export function ThemeEditor({ project }: { project: Project }) {
  const intl = useIntl();
  const current = themeFromMeta(project.meta);
  const [primary, setPrimary] = useState(current.primaryColor);
  const [accent, setAccent] = useState(current.accentColor);
  const [error, setError] = useState<string | null>(null);
  const [updateProject, { isLoading }] = useUpdateProjectMutation();
  const invalid = intl.formatMessage({ id: "theme.invalid" });
  const save = async () => {
    const meta = metaWithTheme(project.meta, { primaryColor: primary, accentColor: accent });
    const result = await updateProject({ id: project.id, meta });
    setError("error" in result ? (result.error as HttpError).message : null);
    if (!("error" in result)) notify(intl.formatMessage({ id: "theme.saved" }), "success");
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <FormGroup label={label} labelFor={id} helperText={isValidColor(value) ? null : invalid} intent={isValidColor(value) ? "none" : "danger"}>
      <InputGroup
        id={id}
        value={value}
        onValueChange={set}
        intent={isValidColor(value) ? "none" : "danger"}
        leftElement={<span className="wb-colour-dot" style={{ background: isValidColor(value) ? value : "transparent" }} />}
        data-testid={id}
      />
    </FormGroup>
  );
  return (
    <div className="wb-theme-editor">
      <H4>
        <FormattedMessage id="theme.title" />
      </H4>
      {error && <Callout intent="danger" className="wb-gap">{error}</Callout>}
      <div className="wb-row">
        {field("theme-primary", intl.formatMessage({ id: "theme.primary" }), primary, setPrimary)}
        {field("theme-accent", intl.formatMessage({ id: "theme.accent" }), accent, setAccent)}
      </div>
      <Button intent="primary" loading={isLoading} disabled={!isValidColor(primary) || !isValidColor(accent)} onClick={save} data-testid="theme-save">
        <FormattedMessage id="common.save" />
      </Button>
    </div>
  );
}
