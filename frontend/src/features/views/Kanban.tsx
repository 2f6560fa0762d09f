// The kanban body: a stack per option of the grouping SingleSelect field after
// "Uncategorized", each loading its own records page after page (its count in the header).
// Cards move between stacks by drag and drop or their "move to" menu (shown at once, saved
// through the records API, put back on error); dropped on a card, a card goes before it (the
// stack's own order, kept in the view's meta); "+" adds a record into a stack. Who may edit
// the field's options adds, renames, recolours, reorders (drag a stack's header) and deletes
// stacks (its records become uncategorised); anyone collapses a stack.
import { Alert, Button, ButtonGroup, HTMLSelect, InputGroup, NonIdealState, Popover, Spinner, Tag } from "@blueprintjs/core";
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { RecordRow } from "../grid/api";
import type { Column, SelectOption } from "../tables/api";
import { cardFields, RecordCard, type CardsSource } from "./Cards";
import { LoadMore } from "./LoadMore";
import {
  addOption,
  editOption,
  orderedCards,
  placeCard,
  moveOption,
  sortedOptions,
  STACK_COLOURS,
  stacksOf,
  stackTitleError,
  stackWhere,
  UNCATEGORIZED,
  type Stack,
} from "./kanbanStacks";
import { useRecordFeed } from "./recordFeed";
import { moveKey, useRecordMoves, withMoves, type Moves } from "./recordMoves";

export interface KanbanProps {
  source: CardsSource;
  columns: Column[];
  groupId?: string | null;
  coverId?: string | null;
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

type Dragging = { kind: "card"; row: RecordRow } | { kind: "stack"; index: number } | null;

export function Kanban(props: KanbanProps) {
  const { source, columns, groupId, coverId, pkName = "Id", canMove, onOptionsChange, cardOrder = {}, onCardOrderChange } = props;
  const intl = useIntl();
  const { moves, move } = useRecordMoves(source.tableId, pkName);
  const dragging = useRef<Dragging>(null);
  const [localCollapsed, setLocalCollapsed] = useState<string[]>([]);
  const field = columns.find((c) => c.id === groupId);
  if (!field) return <NonIdealState icon="th-disconnect" title={intl.formatMessage({ id: "views.kanban.noField" })} />;
  const options = sortedOptions(field);
  const titles = new Set(options.map((o) => o.title));
  const stacks = stacksOf(field);
  const collapsed = props.collapsed ?? localCollapsed;
  const toggle = (id: string) =>
    props.onToggleCollapsed
      ? props.onToggleCollapsed(id)
      : setLocalCollapsed((prev) => (prev.includes(id) ? prev.filter((c) => c !== id) : [...prev, id]));
  const cover = columns.find((c) => c.id === coverId) ?? null;
  const fields = cardFields(columns, coverId).filter((c) => c.id !== field.id);
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
                      aria-label={intl.formatMessage({ id: "views.kanban.moveTo" })}
                      onChange={(e) => moveTo(row, e.currentTarget.value)}
                      data-testid="card-move"
                    >
                      <option value="">{intl.formatMessage({ id: "views.kanban.uncategorized" })}</option>
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

function StackColumn({ stack, index, field, options, source, pkName, moves, belongs, collapsed, onToggle, onOptionsChange, onAdd, dragging, order, onDropHere, renderCard }: {
  stack: Stack;
  index: number;
  field: Column;
  options: SelectOption[];
  source: CardsSource;
  pkName: string;
  moves: Moves;
  belongs(row: RecordRow): boolean;
  collapsed: boolean;
  onToggle(): void;
  onOptionsChange?(options: SelectOption[]): Promise<boolean>;
  onAdd?(): void;
  dragging: React.RefObject<Dragging>;
  order?: string[];
  onDropHere(before?: { key: string; shown: string[] }): void;
  renderCard(row: RecordRow): React.ReactNode;
}) {
  const intl = useIntl();
  const [over, setOver] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const saving = useRef(false);
  const feed = useRecordFeed({ tableId: source.tableId, viewId: source.viewId, shared: source.shared, where: stackWhere(field, stack.key) });
  const moved = withMoves(feed.rows, moves, pkName, belongs);
  const delta = moved.delta;
  const keyOf = (row: RecordRow) => moveKey(row[pkName]);
  const rows = orderedCards(moved.rows, order, keyOf);
  const [overCard, setOverCard] = useState<string | null>(null);
  const count = feed.total + delta;
  const editable = !!onOptionsChange && !!stack.option;
  const label = stack.key || intl.formatMessage({ id: "views.kanban.uncategorized" });
  const renameError = renaming === null ? null : stackTitleError(renaming, options, stack.id);
  const saveRename = async () => {
    if (renaming === null || renameError || !onOptionsChange || saving.current) return;
    if (renaming.trim() === stack.key) return setRenaming(null);
    saving.current = true;
    try {
      if (await onOptionsChange(editOption(options, stack.id, { title: renaming }))) setRenaming(null);
    } finally {
      saving.current = false;
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter") void saveRename();
    if (e.key === "Escape") setRenaming(null);
  };
  const dragOver = (e: DragEvent) => {
    if (!dragging.current) return;
    e.preventDefault();
    setOver(true);
  };
  return (
    <div
      className={`wb-stack${over ? " wb-stack-over" : ""}${collapsed ? " wb-stack-collapsed" : ""}`}
      data-testid="kanban-stack"
      data-stack={stack.key}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDropHere();
      }}
    >
      <div
        className="wb-stack-head"
        draggable={editable && renaming === null}
        onDragStart={(e) => {
          dragging.current = { kind: "stack", index };
          e.dataTransfer.setData("text/plain", stack.key);
          e.dataTransfer.effectAllowed = "move";
        }}
        data-testid="stack-head"
      >
        {renaming !== null ? (
          <InputGroup
            small
            autoFocus
            value={renaming}
            intent={renameError ? "danger" : undefined}
            onValueChange={setRenaming}
            onKeyDown={onKey}
            onBlur={() => renaming.trim() !== stack.key && void saveRename()}
            aria-label={intl.formatMessage({ id: "views.kanban.stackTitle" })}
            data-testid="stack-rename-input"
          />
        ) : (
          <Tag minimal round style={stack.color ? { background: stack.color, color: "#1c2127" } : undefined} data-testid="stack-title">
            {label}
          </Tag>
        )}
        <span className="bp6-text-muted" data-testid="stack-count">{count}</span>
        <ButtonGroup variant="minimal">
          {editable && (
            <Popover
              placement="bottom-end"
              content={
                <div className="wb-stack-menu" data-testid="stack-menu-body">
                  <Button icon="edit" variant="minimal" className="bp6-popover-dismiss" onClick={() => setRenaming(stack.key)} data-testid="stack-rename">
                    <FormattedMessage id="views.kanban.renameStack" />
                  </Button>
                  <ButtonGroup variant="minimal">
                    <Button
                      className="bp6-popover-dismiss"
                      disabled={index <= 1}
                      onClick={() => void onOptionsChange?.(moveOption(options, index - 1, index - 2))}
                      data-testid="stack-move-left"
                    >
                      <FormattedMessage id="views.kanban.moveStackLeft" />
                    </Button>
                    <Button
                      className="bp6-popover-dismiss"
                      disabled={index >= options.length}
                      onClick={() => void onOptionsChange?.(moveOption(options, index - 1, index))}
                      data-testid="stack-move-right"
                    >
                      <FormattedMessage id="views.kanban.moveStackRight" />
                    </Button>
                  </ButtonGroup>
                  <Button icon="trash" variant="minimal" intent="danger" className="bp6-popover-dismiss" onClick={() => setDeleting(true)} data-testid="stack-delete">
                    <FormattedMessage id="views.kanban.deleteStack" />
                  </Button>
                  <div className="wb-stack-colours" role="group" aria-label={intl.formatMessage({ id: "views.kanban.stackColour" })}>
                    {STACK_COLOURS.map((color) => (
                      <button
                        key={color}
                        type="button"
                        className={`wb-swatch bp6-popover-dismiss${color === stack.color ? " wb-swatch-current" : ""}`}
                        style={{ background: color }}
                        aria-label={color}
                        onClick={() => void onOptionsChange?.(editOption(options, stack.id, { color }))}
                        data-testid="stack-colour"
                      />
                    ))}
                  </div>
                </div>
              }
            >
              <Button icon="more" small aria-label={intl.formatMessage({ id: "views.kanban.stackMenu" })} data-testid="stack-menu" />
            </Popover>
          )}
          {onAdd && (
            <Button icon="plus" small onClick={onAdd} aria-label={intl.formatMessage({ id: "views.kanban.addCard" })} data-testid="stack-add-card" />
          )}
          <Button
            icon={collapsed ? "expand-all" : "collapse-all"}
            small
            onClick={onToggle}
            aria-label={intl.formatMessage({ id: collapsed ? "views.kanban.expandStack" : "views.kanban.collapseStack" })}
            aria-expanded={!collapsed}
            data-testid="stack-collapse"
          />
        </ButtonGroup>
      </div>
      {renameError && <p className="wb-stack-error">{intl.formatMessage({ id: renameError })}</p>}
      <Alert
        isOpen={deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "views.kanban.deleteStack" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={() => {
          setDeleting(false);
          void onOptionsChange?.(options.filter((o) => (o.id ?? o.title) !== stack.id));
        }}
        onCancel={() => setDeleting(false)}
      >
        <FormattedMessage id="views.kanban.deleteStackConfirm" values={{ title: stack.key }} />
      </Alert>
      {!collapsed && (
        <div className="wb-stack-cards">
          {feed.isLoading ? (
            <Spinner size={20} />
          ) : (
            rows.map((row) => {
              const key = keyOf(row);
              return (
                <div
                  key={key}
                  className={`wb-card-slot${overCard === key ? " wb-card-slot-over" : ""}`}
                  data-testid="card-slot"
                  onDragOver={(e) => {
                    if (dragging.current?.kind !== "card") return;
                    e.preventDefault();
                    setOverCard(key);
                  }}
                  onDragLeave={() => setOverCard((current) => (current === key ? null : current))}
                  onDrop={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    setOverCard(null);
                    setOver(false);
                    onDropHere({ key, shown: rows.map(keyOf) });
                  }}
                >
                  {renderCard(row)}
                </div>
              );
            })
          )}
          {!feed.isLoading && rows.length === 0 && (
            <p className="bp6-text-muted wb-stack-empty">
              <FormattedMessage id="views.kanban.empty" />
            </p>
          )}
          <LoadMore feed={feed} />
        </div>
      )}
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
        <FormattedMessage id="views.kanban.addStack" />
      </Button>
    );
  return (
    <div className="wb-stack wb-stack-new">
      <InputGroup
        small
        autoFocus
        value={title}
        intent={error ? "danger" : undefined}
        placeholder={intl.formatMessage({ id: "views.kanban.stackTitle" })}
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
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button small intent="primary" disabled={!title.trim() || !!error} onClick={() => void submit()} data-testid="stack-add-submit">
          <FormattedMessage id="views.kanban.addStack" />
        </Button>
      </div>
    </div>
  );
}
