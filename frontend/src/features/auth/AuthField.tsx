import { FormGroup, InputGroup } from "@blueprintjs/core";
import { useIntl } from "react-intl";

interface AuthFieldProps {
  /** The input's id (tests and the label point at it). */
  id: string;
  /** Message id of the label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  type?: string;
  autoComplete?: string;
  /** A message shown under the field, which turns it red. */
  error?: string | null;
}

/** One labelled text input of the sign-in, sign-up and password screens. */
export function AuthField({ id, label, value, onChange, name, type, autoComplete, error }: AuthFieldProps) {
  const intl = useIntl();
  const intent = error ? "danger" : "none";
  return (
    <FormGroup label={intl.formatMessage({ id: label })} labelFor={id} helperText={error ?? undefined} intent={intent}>
      <InputGroup id={id} name={name} type={type} autoComplete={autoComplete} value={value} onValueChange={onChange} intent={intent} />
    </FormGroup>
  );
}
