// A link field of a form: the records picked so far as tags, a search box and the matching
// records of the linked table (its key and display value; a shared form reads them from the
// public nested endpoint, a member's form as the member). A belongs-to link holds one
// record, has-many and many-to-many several.
import { InputGroup, Menu, MenuItem, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { TableMeta } from "../tables/api";
import { useMemberLinkChoicesQuery, useSharedLinkChoicesQuery, type LinkChoice } from "./api";

/** Where a link field's records come from: a shared view's link, or (a member's form) the
 * linked table itself. */
export interface LinkTarget {
  uuid?: string;
  password?: string;
  /** The linked table's id, read as the signed-in member when there is no shared link. */
  tableId?: string;
  /** The linked table as the shared meta's relatedMetas describes it. */
  related?: TableMeta;
}

/** The key and display value field titles of a linked table. */
export function linkKeys(related?: TableMeta): { pk: string; pv: string } {
  const columns = related?.columns ?? [];
  const pk = columns.find((c) => c.pk)?.title ?? "Id";
  const pv = columns.find((c) => c.pv)?.title ?? pk;
  return { pk, pv };
}

/** What a form sends for a link field: a key for belongs-to, a list of keys otherwise. */
export function linkValue(picked: readonly LinkChoice[], single: boolean, pk: string): unknown {
  const keys = picked.map((p) => p[pk]);
  return single ? (keys[0] ?? null) : keys;
}

export function LinkPicker({ field, target, value, onChange, invalid }: {
  field: { id: string; title: string; colOptions?: { type?: string } | null };
  target: LinkTarget;
  value: unknown;
  onChange(value: LinkChoice[]): void;
  invalid?: boolean;
}) {
  const intl = useIntl();
  const single = field.colOptions?.type === "bt";
  const { pk, pv } = linkKeys(target.related);
  const picked = Array.isArray(value) ? (value as LinkChoice[]) : [];
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const viaLink = useSharedLinkChoicesQuery(
    { uuid: target.uuid ?? "", password: target.password, columnId: field.id, searchField: pv, search },
    { skip: !target.uuid },
  );
  const asMember = useMemberLinkChoicesQuery({ tableId: target.tableId ?? "", searchField: pv, search }, { skip: !!target.uuid || !target.tableId });
  const { data, isFetching } = target.uuid ? viaLink : asMember;
  const chosen = new Set(picked.map((p) => String(p[pk])));
  const choices = (data?.list ?? []).filter((c) => !chosen.has(String(c[pk])));
  const label = (c: LinkChoice) => String(c[pv] ?? c[pk] ?? "");
  return (
    <div className="wb-link-picker" data-testid={`form-input-${field.title}`}>
      {picked.length > 0 && (
        <div className="wb-link-picked">
          {picked.map((p) => (
            <Tag
              key={String(p[pk])}
              minimal
              onRemove={() => onChange(picked.filter((x) => x !== p))}
              data-testid={`link-picked-${label(p)}`}
            >
              {label(p)}
            </Tag>
          ))}
        </div>
      )}
      {(!single || picked.length === 0) && (
        <>
          <InputGroup
            id={`form-field-${field.id}`}
            leftIcon="search"
            intent={invalid ? "danger" : "none"}
            placeholder={intl.formatMessage({ id: "form.linkSearch" })}
            value={text}
            onValueChange={setText}
            data-testid={`link-search-${field.title}`}
          />
          <Menu className="wb-link-choices">
            {choices.map((c) => (
              <MenuItem
                key={String(c[pk])}
                text={label(c)}
                icon="add"
                onClick={() => onChange(single ? [c] : [...picked, c])}
                data-testid={`link-choice-${label(c)}`}
              />
            ))}
            {!isFetching && choices.length === 0 && (
              <MenuItem disabled text={intl.formatMessage({ id: "form.linkEmpty" })} />
            )}
          </Menu>
        </>
      )}
    </div>
  );
}
