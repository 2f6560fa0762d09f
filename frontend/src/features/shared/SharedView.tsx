// Public shared views and forms (SPEC §2): the shared-view layout is in place; the views
// themselves come with the views feature.
import { NonIdealState } from "@blueprintjs/core";
import { useIntl } from "react-intl";

export function SharedView() {
  const intl = useIntl();
  return <NonIdealState icon="eye-open" title={intl.formatMessage({ id: "page.notAvailable" })} />;
}
