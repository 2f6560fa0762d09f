// The kanban body: a stack per option of the grouping SingleSelect field after
// "Uncategorized", each loading its own records page after page (its count in the header).
// Cards move between stacks by drag and drop or their "move to" menu (shown at once, saved
// through the records API, put back on error); dropped on a card, a card goes before it (the
// stack's own order, kept in the view's meta); "+" adds a record into a stack. Who may edit
// the field's options adds, renames, recolours, reorders (drag a stack's header) and deletes
// stacks (its records become uncategorised); anyone collapses a stack.
import { Button, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { moveKey, RecordCard, useRecordMoves, type FieldInfo, type RecordRow, type RecordSource } from "@workbench/plugin-api";
import {
  addOption,
  moveOption,
  placeCard,
  sortedOptions,
  stacksOf,
  stackTitleError,
  UNCATEGORIZED,
  type SelectOption,
} from "./kanbanStacks";
import { StackColumn, type Dragging } from "./Stack";

export interface KanbanProps {
  source: RecordSource;
  columns: FieldInfo[];
  groupId?: string | null;
  coverId?: string | null;
  /** The card's title field, then the fields it shows (the stacks' field is left out). */
  fields: FieldInfo[];
  /** Cards leave out the fields empty in their record. */
  hideEmpty?: boolean;
  pkName?: string;
  /** The user may move cards (write the stack field). */
  canMove?: boolean;
  /** Save the field's new options; absent for who may not edit them. Resolves true when saved. */
  onOptionsChange?(options: SelectOption[]): Promise<boolean>;
  /** Ids of the collapsed stacks, and the change of one. */
  collapsed?: readonly string[];
  onToggleCollapsed?(id: string): void;
  /** Add a record with these values (into a stack); absent for who may not add records. */
  onAdd?(values: RecordRow): void;
  /** The cards' own order per stack id, and its change (absent: cards keep the loaded order). */
  cardOrder?: Record<string, string[]>;
  onCardOrderChange?(order: Record<string, string[]>): void;
  onOpen?(row: RecordRow): void;
}

export function Kanban(props: KanbanProps) {
  const { source, columns, groupId, coverId, pkName = "Id", canMove, onOptionsChange, cardOrder = {}, onCardOrderChange } = props;
  const intl = useIntl();
  const { moves, move } = useRecordMoves(source.tableId, pkName);
  const dragging = useRef<Dragging>(null);
  const [localCollapsed, setLocalCollapsed] = useState<string[]>([]);
  const field = columns.find((c) => c.id === groupId);
  if (!field) return <NonIdealState icon="th-disconnect" title={intl.formatMessage({ id: "plugin.view_kanban.noField" })} />;
  const options = sortedOptions(field);
  const titles = new Set(options.map((o) => o.title));
  const stacks = stacksOf(field);
  const collapsed = props.collapsed ?? localCollapsed;
  const toggle = (id: string) =>
    props.onToggleCollapsed
      ? props.onToggleCollapsed(id)
      : setLocalCollapsed((prev) => (prev.includes(id) ? prev.filter((c) => c !== id) : [...prev, id]));
  const cover = columns.find((c) => c.id === coverId) ?? null;
  const fields = props.fields.filter((c) => c.id !== field.id);
  const moveTo = (row: RecordRow, key: string) => {
    if ((row[field.title] ?? "") === key) return;
    void move(row, { [field.title]: key || null });
  };
  const keyOf = (row: RecordRow) => moveKey(row[pkName]);
  /** A drop on stack `index`; on a card (`before`, with the stack's cards as shown) the card goes before it. */
  const dropOn = (index: number, before?: { key: string; shown: string[] }) => {
    const drag = dragging.current;
    dragging.current = null;
    if (drag?.kind === "card" && canMove) moveTo(drag.row, stacks[index].key);
    if (drag?.kind === "card" && before && onCardOrderChange && (canMove || belongsTo(stacks[index].key)(drag.row))) {
      const key = keyOf(drag.row);
      const next = Object.fromEntries(Object.entries(cardOrder).map(([id, keys]) => [id, keys.filter((k) => k !== key)]));
      next[stacks[index].id] = placeCard(before.shown, key, before.key);
      onCardOrderChange(next);
    }
    if (drag?.kind === "stack" && onOptionsChange && drag.index !== index) {
      void onOptionsChange(moveOption(options, drag.index - 1, Math.max(index - 1, 0)));
    }
  };
  const belongsTo = (key: string) => (row: RecordRow) => {
    const value = row[field.title];
    const stackKey = typeof value === "string" && titles.has(value) ? value : UNCATEGORIZED;
    return stackKey === key;
  };
  return (
    <div className="wb-kanban" data-testid="kanban">
      {stacks.map((stack, index) => (
        <StackColumn
          key={stack.id}
          stack={stack}
          index={index}
          field={field}
          options={options}
          source={source}
          pkName={pkName}
          moves={moves}
          belongs={belongsTo(stack.key)}
          collapsed={collapsed.includes(stack.id)}
          onToggle={() => toggle(stack.id)}
          onOptionsChange={onOptionsChange}
          onAdd={props.onAdd ? () => props.onAdd?.({ [field.title]: stack.key || null }) : undefined}
          dragging={dragging}
          order={cardOrder[stack.id]}
          onDropHere={(before) => dropOn(index, before)}
          renderCard={(row) => (
            <RecordCard
              row={row}
              fields={fields}
              cover={cover}
              compact
              hideEmpty={props.hideEmpty}
              draggable={canMove || !!onCardOrderChange}
              onOpen={props.onOpen}
              onDragStart={(e) => {
                dragging.current = { kind: "card", row };
                e.dataTransfer.setData("text/plain", String(row[pkName]));
                e.dataTransfer.effectAllowed = "move";
              }}
              extra={
                canMove && (
                  <div onClick={(e) => e.stopPropagation()} className="wb-card-move">
                    <HTMLSelect
                      minimal
                      value={belongsTo(UNCATEGORIZED)(row) ? UNCATEGORIZED : String(row[field.title])}
                      aria-label={intl.formatMessage({ id: "plugin.view_kanban.moveTo" })}
                      onChange={(e) => moveTo(row, e.currentTarget.value)}
                      data-testid="card-move"
                    >
                      <option value="">{intl.formatMessage({ id: "plugin.view_kanban.uncategorized" })}</option>
                      {options.map((o) => <option key={o.title} value={o.title}>{o.title}</option>)}
                    </HTMLSelect>
                  </div>
                )
              }
            />
          )}
        />
      ))}
      {onOptionsChange && <AddStack options={options} onAdd={(title) => onOptionsChange(addOption(options, title))} />}
    </div>
  );
}

function AddStack({ options, onAdd }: { options: SelectOption[]; onAdd(title: string): Promise<boolean> }) {
  const intl = useIntl();
  const [title, setTitle] = useState<string | null>(null);
  const error = title === null || title === "" ? null : stackTitleError(title, options);
  const submit = async () => {
    if (title === null || !title.trim() || error) return;
    if (await onAdd(title)) setTitle(null);
  };
  if (title === null)
    return (
      <Button icon="plus" variant="minimal" className="wb-stack-add" onClick={() => setTitle("")} data-testid="stack-add">
        <FormattedMessage id="plugin.view_kanban.addStack" />
      </Button>
    );
  return (
    <div className="wb-stack wb-stack-new">
      <InputGroup
        small
        autoFocus
        value={title}
        intent={error ? "danger" : undefined}
        placeholder={intl.formatMessage({ id: "plugin.view_kanban.stackTitle" })}
        onValueChange={setTitle}
        onKeyDown={(e) => {
          if (e.key === "Enter") void submit();
          if (e.key === "Escape") setTitle(null);
        }}
        data-testid="stack-add-input"
      />
      {error && <p className="wb-stack-error">{intl.formatMessage({ id: error })}</p>}
      <div className="wb-form-actions">
        <Button small onClick={() => setTitle(null)}>
          <FormattedMessage id="plugin.view_kanban.cancel" />
        </Button>
        <Button small intent="primary" disabled={!title.trim() || !!error} onClick={() => void submit()} data-testid="stack-add-submit">
          <FormattedMessage id="plugin.view_kanban.addStack" />
        </Button>
      </div>
    </div>
  );
}
