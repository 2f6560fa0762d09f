// The toolbar's row height: short, medium, tall or extra tall (the view's row_height).
import { Button, Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { ROW_HEIGHTS } from "./layout";
import { focusFirstItem, onMenuKeys } from "./menuKeys";

const NAMES = ["short", "medium", "tall", "extraTall"] as const;

export function RowHeightMenu({ value, onChange }: { value: number; onChange(setting: number): void }) {
  const intl = useIntl();
  return (
    <PopoverNext
      onOpened={focusFirstItem}
      placement="bottom-start"
      content={
        <Menu onKeyDown={onMenuKeys}>
          {NAMES.map((name, i) => (
            <MenuItem
              key={name}
              text={intl.formatMessage({ id: `plugin.view_grid.rowHeight.${name}` })}
              icon={ROW_HEIGHTS[i] === value ? "tick" : "blank"}
              active={ROW_HEIGHTS[i] === value}
              onClick={() => onChange(i)}
              data-testid={`row-height-${name}`}
            />
          ))}
        </Menu>
      }
    >
      <Button icon="rect-height" variant="minimal" data-testid="row-height">
        <FormattedMessage id="plugin.view_grid.rowHeight.title" />
      </Button>
    </PopoverNext>
  );
}
