// The grid's toolbar: search by field, the view's sorts and filters (add a filter; click a
// tag to edit it in place), hidden fields (show again).
import { Button, HTMLSelect, InputGroup, Menu, MenuItem, PopoverNext, Tag } from "@blueprintjs/core";
import { memo, useEffect, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FieldInfo as Column } from "@workbench/plugin-api";
import { searchableColumns } from "./search";
import { FilterEditor, SortEditor, opLabel } from "./FilterEditor";
import { FilterForm } from "./FilterForm";
import { GroupMenu } from "./GroupMenu";
import type { GroupLevel } from "./grouping";
import { SortMenu } from "./SortMenu";
import { viewApi, type ViewFilter, type ViewSort } from "./viewApi";
import { filterTree, type FilterNode } from "./viewOrder";
import { sameProps } from "./sameProps";


export interface Search {
  fieldId: string | null;
  term: string;
}

interface Props {
  tableId: string;
  viewId?: string;
  columns: Column[];
  allColumns: Column[];
  hidden: Column[];
  sorts: ViewSort[];
  filters: ViewFilter[];
  /** The grouped fields, outermost first. */
  groups: GroupLevel[];
  onSearch(search: Search): void;
  /** More tools of the view (row height), after the others. */
  extra?: ReactNode;
}

function GridToolbarView({ tableId, viewId, columns, allColumns, hidden, sorts, filters, groups, onSearch, extra }: Props) {
  const intl = useIntl();
  const searchable = searchableColumns(columns);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [term, setTerm] = useState("");
  const [filterOpen, setFilterOpen] = useState(false);
  // The filter or sort tag whose editor is open.
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [updateViewColumn] = viewApi().useUpdateViewColumnMutation();
  const [removeSort] = viewApi().useRemoveSortMutation();
  const [removeFilter] = viewApi().useRemoveFilterMutation();
  const titleOf = (id: string | null) => allColumns.find((c) => c.id === id)?.title ?? "?";
  const describe = (node: FilterNode): string => {
    const f = node.filter;
    if (!f.is_group) {
      const op = opLabel(intl, f.comparison_op, allColumns.find((c) => c.id === f.fk_column_id)?.uidt);
      const sub = f.comparison_sub_op ? intl.formatMessage({ id: `plugin.view_grid.filter.sub.${f.comparison_sub_op}`, defaultMessage: f.comparison_sub_op }) : "";
      return `${titleOf(f.fk_column_id)} ${op} ${sub} ${f.value ?? ""}`.replace(/\s+/g, " ").trim();
    }
    const parts = node.children.map((child, i) =>
      `${i > 0 ? intl.formatMessage({ id: `plugin.view_grid.filter.logic.${child.filter.logical_op === "or" ? "or" : "and"}` }) + " " : ""}${describe(child)}`,
    );
    return `(${parts.join(" ")})`;
  };

  // Search as the user types, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => onSearch({ fieldId, term }), 250);
    return () => clearTimeout(timer);
  }, [fieldId, term, onSearch]);

  return (
    <div className="wb-grid-tools">
      {searchable.length > 0 && (
        <div className="wb-search">
          <HTMLSelect value={(searchable.find((c) => c.id === fieldId) ?? searchable.find((c) => c.pv) ?? searchable[0]).id} onChange={(e) => setFieldId(e.currentTarget.value || null)} aria-label={intl.formatMessage({ id: "plugin.view_grid.grid.searchField" })} data-testid="search-field" minimal>
            {searchable.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </HTMLSelect>
          <InputGroup
            leftIcon="search"
            type="search"
            value={term}
            onValueChange={setTerm}
            placeholder={intl.formatMessage({ id: "plugin.view_grid.grid.search" })}
            data-testid="search-input"
          />
        </div>
      )}
      {viewId && (
        <PopoverNext placement="bottom-start"
          isOpen={filterOpen}
          onInteraction={(open) => setFilterOpen(open)}
          content={
            <FilterForm
              tableId={tableId}
              viewId={viewId}
              columns={columns}
              groups={filters.filter((f) => f.is_group)}
              onDone={() => setFilterOpen(false)}
            />
          }
        >
          <Button
            icon="filter"
            variant="minimal"
            active={filters.length > 0}
            data-testid="add-filter"
            onKeyDown={(e) => {
              // Escape pressed before the focus has moved into the open form closes it too.
              if (e.key === "Escape" && filterOpen) {
                e.stopPropagation();
                setFilterOpen(false);
              }
            }}
          >
            <FormattedMessage id="plugin.view_grid.filter.title" />
            {filters.length > 0 && <Tag round minimal className="wb-tool-count" data-testid="filter-count">{filters.filter((f) => !f.fk_parent_id).length}</Tag>}
          </Button>
        </PopoverNext>
      )}
      {viewId && <SortMenu tableId={tableId} viewId={viewId} columns={allColumns} sorts={sorts} />}
      {viewId && <GroupMenu tableId={tableId} viewId={viewId} columns={allColumns} levels={groups} />}
      {extra}
      {filterTree(filters).map((node, i) => {
        const tag = (
          <Tag
            key={node.filter.id}
            minimal
            interactive={!!viewId}
            icon="filter"
            data-testid="filter-tag"
            onClick={viewId ? () => setEditingTag(node.filter.id) : undefined}
            onRemove={
              viewId
                ? (e) => {
                    e.stopPropagation();
                    void removeFilter({ viewId, tableId, filterId: node.filter.id });
                  }
                : undefined
            }
          >
            {i > 0 && `${intl.formatMessage({ id: `plugin.view_grid.filter.logic.${node.filter.logical_op === "or" ? "or" : "and"}` })} `}
            {describe(node)}
          </Tag>
        );
        if (!viewId) return tag;
        return (
          <PopoverNext placement="bottom-start"
            key={node.filter.id}
            isOpen={editingTag === node.filter.id}
            onInteraction={(open) => setEditingTag(open ? node.filter.id : null)}
            content={
              <FilterEditor tableId={tableId} viewId={viewId} columns={allColumns} node={node} first={i === 0} onClose={() => setEditingTag(null)} />
            }
          >
            {tag}
          </PopoverNext>
        );
      })}
      {sorts.map((s) => {
        const tag = (
          <Tag
            key={s.id}
            minimal
            interactive={!!viewId}
            icon={s.direction === "asc" ? "sort-asc" : "sort-desc"}
            data-testid="sort-tag"
            onClick={viewId ? () => setEditingTag(s.id) : undefined}
            onRemove={
              viewId
                ? (e) => {
                    e.stopPropagation();
                    void removeSort({ viewId, tableId, sortId: s.id });
                  }
                : undefined
            }
          >
            {titleOf(s.fk_column_id)}
          </Tag>
        );
        if (!viewId) return tag;
        return (
          <PopoverNext placement="bottom-start"
            key={s.id}
            isOpen={editingTag === s.id}
            onInteraction={(open) => setEditingTag(open ? s.id : null)}
            content={<SortEditor tableId={tableId} viewId={viewId} columns={allColumns} sort={s} />}
          >
            {tag}
          </PopoverNext>
        );
      })}
      {viewId && hidden.length > 0 && (
        <PopoverNext placement="bottom-start"
          content={
            <Menu>
              {hidden.map((c) => (
                <MenuItem
                  key={c.id}
                  icon="eye-open"
                  text={c.title}
                  onClick={() => void updateViewColumn({ viewId, tableId, columnId: c.id, show: true })}
                  data-testid="show-field"
                />
              ))}
            </Menu>
          }
        >
          <Button icon="eye-off" variant="minimal" data-testid="hidden-fields">
            {intl.formatMessage({ id: "plugin.view_grid.grid.hiddenFields" }, { count: hidden.length })}
          </Button>
        </PopoverNext>
      )}
    </div>
  );
}

/** Drawn again only when its props change (not for a key typed into a cell). */
export const GridToolbar = memo(GridToolbarView, sameProps);
