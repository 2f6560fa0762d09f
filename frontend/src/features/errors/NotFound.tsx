import { NonIdealState } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";

export function NotFound() {
  const intl = useIntl();
  return (
    <div className="wb-page" data-testid="not-found">
      <NonIdealState
        icon="search"
        title={intl.formatMessage({ id: "error.notFound.title" })}
        description={intl.formatMessage({ id: "error.notFound.text" })}
        action={
          <Link to="/" className="bp6-button bp6-intent-primary">
            <FormattedMessage id="error.notFound.home" />
          </Link>
        }
      />
    </div>
  );
}

/** Screens of the route table whose feature has not been built yet. */
export function NotAvailable() {
  const intl = useIntl();
  return (
    <div className="wb-page">
      <NonIdealState icon="build" title={intl.formatMessage({ id: "page.notAvailable" })} />
    </div>
  );
}
