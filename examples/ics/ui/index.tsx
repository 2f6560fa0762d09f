// The UI of the iCalendar importer: its own option in the import wizard (slot
// importer.ics.options), shown once an .ics file is chosen: the day from which events are
// imported. What it sets goes along in the upload's options and reaches the importer as
// self.options["since"].
import { FormGroup, InputGroup } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { definePlugin, type ImporterOptionsProps } from "@workbench/plugin-api";
import messages from "../workbench_ics/messages.json";

function IcsOptions({ options, onChange }: ImporterOptionsProps) {
  const intl = useIntl();
  const since = typeof options.since === "string" ? options.since : "";
  return (
    <FormGroup label={intl.formatMessage({ id: "plugin.ics.since" })} labelFor="ics-since" helperText={intl.formatMessage({ id: "plugin.ics.sinceHelp" })}>
      <InputGroup id="ics-since" type="date" value={since} onChange={(event) => onChange({ since: event.target.value || null })} data-testid="ics-since" />
    </FormGroup>
  );
}

export default definePlugin({
  id: "ics",
  messages,
  components: { "importer.ics.options": IcsOptions as never },
});
