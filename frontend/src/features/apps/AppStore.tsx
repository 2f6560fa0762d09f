// The app store (/apps, super admin only): the installed plugins, read-only. Plugins are
// switched on and off in the server's ini file, not here.
import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useAllowed } from "../auth/Guard";
import { usePluginsQuery } from "./api";

export function AppStore() {
  const intl = useIntl();
  const allowed = useAllowed();
  const { data, isLoading, error } = usePluginsQuery(undefined, { skip: !allowed });
  const plugins = [...(data?.list ?? [])].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  return (
    <div className="wb-page wb-apps" data-testid="app-store">
      <h3 className="bp6-heading">
        <FormattedMessage id="apps.title" />
      </h3>
      <Callout icon="info-sign" className="wb-gap" data-testid="apps-note">
        <FormattedMessage id="apps.note" />
      </Callout>
      {isLoading && <Spinner size={20} />}
      {error && <Callout intent="danger">{(error as { message?: string }).message ?? ""}</Callout>}
      {data && plugins.length === 0 && <NonIdealState icon="cube" title={intl.formatMessage({ id: "apps.empty" })} />}
      {plugins.length > 0 && (
        <HTMLTable compact striped className="wb-apps-table">
          <thead>
            <tr>
              <th><FormattedMessage id="apps.name" /></th>
              <th><FormattedMessage id="apps.version" /></th>
              <th><FormattedMessage id="apps.kind" /></th>
              <th><FormattedMessage id="apps.enabled" /></th>
            </tr>
          </thead>
          <tbody>
            {plugins.map((p) => (
              <tr key={`${p.kind}:${p.name}`} data-testid="app-row">
                <td>{p.name}</td>
                <td>{p.version}</td>
                <td><code>{p.kind}</code></td>
                <td>
                  <Tag minimal intent={p.enabled ? "success" : "none"} data-testid="app-enabled">
                    <FormattedMessage id={p.enabled ? "apps.on" : "apps.off"} />
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
