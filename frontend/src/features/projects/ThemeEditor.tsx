// The project's theme colours: primary and accent, hex of 3 or 6 digits (no alpha), typed
// or picked from the palettes, saved in the project's meta (sent as a JSON string). Each
// colour shows the contrast its text gets (the better of dark and white text) and the level
// that reaches for small and large text.
import { Button, Callout, FormGroup, H4, InputGroup, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { notify } from "../ui/notify";
import { useUpdateProjectMutation, type Project } from "./api";
import { contrastLevel, contrastRatio, readableText } from "./contrast";
import { PALETTES } from "./palettes";
import { isValidColor, metaWithTheme, themeFromMeta } from "./theme";

function ContrastTag({ colour, testId }: { colour: string; testId: string }) {
  const intl = useIntl();
  if (!isValidColor(colour)) return null;
  const text = readableText(colour);
  const ratio = contrastRatio(colour, text);
  const levels = { small: contrastLevel(ratio, "small"), large: contrastLevel(ratio, "large") };
  return (
    <Tag className="wb-contrast" style={{ background: colour, color: text }} data-testid={testId} data-small={levels.small} data-large={levels.large}>
      {intl.formatMessage(
        { id: "theme.contrast" },
        { ratio: intl.formatNumber(Math.floor(ratio * 100) / 100, { maximumFractionDigits: 2 }), small: levels.small === "fail" ? "–" : levels.small, large: levels.large === "fail" ? "–" : levels.large },
      )}
    </Tag>
  );
}

function Palettes({ onPick, name }: { onPick(colour: string): void; name: string }) {
  const intl = useIntl();
  return (
    <div className="wb-palettes">
      {(Object.keys(PALETTES) as (keyof typeof PALETTES)[]).map((palette) => (
        <div key={palette} className="wb-palette" role="group" aria-label={intl.formatMessage({ id: `theme.palette.${palette}` })} data-testid={`${name}-palette-${palette}`}>
          {PALETTES[palette].map((colour) => (
            <button key={colour} type="button" className="wb-palette-swatch" style={{ background: colour }} title={colour} aria-label={colour} onClick={() => onPick(colour)} />
          ))}
        </div>
      ))}
    </div>
  );
}

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
      <ContrastTag colour={value} testId={`${id}-contrast`} />
      <Palettes name={id} onPick={set} />
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
