// The field dialog's type menu, built from the catalogue: the creatable types grouped (text,
// numbers, dates, ...), each with its icon and translated label, filtered as one types.
import { Button, Icon, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext, type IconName } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { FIELD_GROUPS, type CatalogueFieldType } from "../../plugins/catalogue";

interface Props {
  value: string;
  /** The types offered, in menu order. */
  types: readonly CatalogueFieldType[];
  onChange(uidt: string): void;
}

/** The types whose label (or name) contains the text, grouped in the menu's group order. */
export function groupFieldTypes(
  types: readonly CatalogueFieldType[],
  label: (t: CatalogueFieldType) => string,
  query: string,
): { group: string; types: CatalogueFieldType[] }[] {
  const q = query.trim().toLocaleLowerCase();
  const shown = types.filter((t) => !q || label(t).toLocaleLowerCase().includes(q) || t.uidt.toLowerCase().includes(q));
  const rank = (g: string) => (FIELD_GROUPS.includes(g) ? FIELD_GROUPS.indexOf(g) : FIELD_GROUPS.length);
  const groups = [...new Set(shown.map((t) => t.group))].sort((a, b) => rank(a) - rank(b));
  return groups.map((group) => ({
    group,
    types: shown.filter((t) => t.group === group).sort((a, b) => a.order - b.order),
  }));
}

export function FieldTypePicker({ value, types, onChange }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const label = (t: CatalogueFieldType) => intl.formatMessage({ id: t.label, defaultMessage: t.uidt });
  const groups = useMemo(() => groupFieldTypes(types, label, query), [types, query, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = types.find((t) => t.uidt === value);
  const groupLabel = (g: string) =>
    FIELD_GROUPS.includes(g) ? intl.formatMessage({ id: `field.group.${g}` }) : intl.formatMessage({ id: "field.group.other" });
  const pick = (uidt: string) => {
    onChange(uidt);
    setOpen(false);
    setQuery("");
  };
  const menu = (
    <div className="wb-field-type-menu" data-testid="field-type-menu">
      <InputGroup
        autoFocus
        leftIcon="search"
        value={query}
        onValueChange={setQuery}
        placeholder={intl.formatMessage({ id: "field.type.search" })}
        aria-label={intl.formatMessage({ id: "field.type.search" })}
        data-testid="field-type-search"
        onKeyDown={(e) => {
          const first = groups[0]?.types[0];
          if (e.key === "Enter" && first) {
            e.preventDefault();
            pick(first.uidt);
          }
        }}
      />
      <Menu className="wb-field-type-list">
        {groups.map(({ group, types: inGroup }) => [
          <MenuDivider key={`g-${group}`} title={groupLabel(group)} />,
          ...inGroup.map((t) => (
            <MenuItem
              key={t.uidt}
              icon={t.icon as IconName}
              text={label(t)}
              active={t.uidt === value}
              onClick={() => pick(t.uidt)}
              data-testid={`field-type-option-${t.uidt}`}
            />
          )),
        ])}
        {!groups.length && <MenuItem disabled text={intl.formatMessage({ id: "field.type.none" })} />}
      </Menu>
    </div>
  );
  return (
    <PopoverNext isOpen={open} onInteraction={setOpen} content={menu} placement="bottom-start" matchTargetWidth animation="minimal" arrow={false}>
      <Button
        id="field-type"
        fill
        alignText="start"
        endIcon="caret-down"
        icon={current ? (current.icon as IconName) : undefined}
        data-testid="field-type-select"
        data-value={value}
        aria-haspopup="listbox"
      >
        {current ? label(current) : value}
      </Button>
    </PopoverNext>
  );
}

/** A type's icon and label, for places that show a field's type. */
export function FieldTypeLabel({ type }: { type: CatalogueFieldType }) {
  const intl = useIntl();
  return (
    <span className="wb-field-type-label">
      <Icon icon={type.icon as IconName} size={12} /> {intl.formatMessage({ id: type.label, defaultMessage: type.uidt })}
    </span>
  );
}
