// The Fields menu of a card view's toolbar: each field a card may show, switched on or off
// and moved up or down (saved as the view's fields, NocoDB's view columns), and whether cards
// leave out the fields that are empty in their record.
import { Button, PopoverNext, Switch } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import type { CardFieldsState } from "./viewFieldsApi";

export function CardFieldsMenu<C extends { id: string; title: string }>({ state, hideEmpty, onHideEmptyChange, readOnly }: {
  state: CardFieldsState<C>;
  hideEmpty?: boolean;
  onHideEmptyChange?(hide: boolean): void;
  /** The user may look but not change (viewers). */
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const hidden = state.fields.filter((f) => !f.show).length;
  const last = state.fields.length - 1;
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <div className="wb-card-fields-menu" data-testid="card-fields-menu">
          {state.fields.length === 0 && (
            <p className="bp6-text-muted">
              <FormattedMessage id="cards.fields.none" />
            </p>
          )}
          <ul className="wb-card-fields-list">
            {state.fields.map((f, i) => (
              <li key={f.column.id} data-testid="card-field" data-field={f.column.title}>
                <Switch
                  className="wb-card-fields-switch"
                  checked={f.show}
                  disabled={readOnly}
                  label={f.column.title}
                  onChange={(e) => void state.setShown(f.column.id, e.currentTarget.checked)}
                  data-testid="card-field-show"
                />
                <Button
                  size="small"
                  variant="minimal"
                  icon="chevron-up"
                  disabled={readOnly || i === 0}
                  aria-label={intl.formatMessage({ id: "cards.fields.moveUp" }, { field: f.column.title })}
                  onClick={() => void state.move(i, i - 1)}
                  data-testid="card-field-up"
                />
                <Button
                  size="small"
                  variant="minimal"
                  icon="chevron-down"
                  disabled={readOnly || i === last}
                  aria-label={intl.formatMessage({ id: "cards.fields.moveDown" }, { field: f.column.title })}
                  onClick={() => void state.move(i, i + 1)}
                  data-testid="card-field-down"
                />
              </li>
            ))}
          </ul>
          {onHideEmptyChange && (
            <Switch
              className="wb-card-fields-empty"
              checked={!!hideEmpty}
              disabled={readOnly}
              label={intl.formatMessage({ id: "cards.fields.hideEmpty" })}
              onChange={(e) => onHideEmptyChange(e.currentTarget.checked)}
              data-testid="card-fields-hide-empty"
            />
          )}
        </div>
      }
    >
      <Button icon="properties" variant="minimal" intent={hidden > 0 ? "primary" : "none"} data-testid="card-fields">
        {hidden > 0 ? <FormattedMessage id="cards.fields.hidden" values={{ count: hidden }} /> : <FormattedMessage id="cards.fields" />}
      </Button>
    </PopoverNext>
  );
}
