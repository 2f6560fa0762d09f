// One stack of the kanban: its head (title, count, menu to rename, move, recolour or delete
// it, add a card, collapse) and its cards, loaded page after page; cards dropped on it or on
// one of its cards move there.
import { Alert, Button, ButtonGroup, InputGroup, PopoverNext, Spinner, Tag } from "@blueprintjs/core";
import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LoadMore, moveKey, useRecordFeed, withMoves, type FieldInfo, type Moves, type RecordRow, type RecordSource } from "@workbench/plugin-api";
import {
  editOption,
  moveOption,
  orderedCards,
  STACK_COLOURS,
  stackTitleError,
  stackWhere,
  type SelectOption,
  type Stack,
} from "./kanbanStacks";

/** What is being dragged on the board: a card, or a stack by its header. */
export type Dragging = { kind: "card"; row: RecordRow } | { kind: "stack"; index: number } | null;

export function StackColumn({ stack, index, field, options, source, pkName, moves, belongs, collapsed, onToggle, onOptionsChange, onAdd, dragging, order, onDropHere, renderCard }: {
  stack: Stack;
  index: number;
  field: FieldInfo;
  options: SelectOption[];
  source: RecordSource;
  pkName: string;
  moves: Moves;
  belongs(row: RecordRow): boolean;
  collapsed: boolean;
  onToggle(): void;
  onOptionsChange?(options: SelectOption[]): Promise<boolean>;
  onAdd?(): void;
  dragging: RefObject<Dragging>;
  order?: string[];
  onDropHere(before?: { key: string; shown: string[] }): void;
  renderCard(row: RecordRow): ReactNode;
}) {
  const intl = useIntl();
  const [over, setOver] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const saving = useRef(false);
  const feed = useRecordFeed(source, { where: stackWhere(field, stack.key) });
  const moved = withMoves(feed.rows, moves, pkName, belongs);
  const delta = moved.delta;
  const keyOf = (row: RecordRow) => moveKey(row[pkName]);
  const rows = orderedCards(moved.rows, order, keyOf);
  const [overCard, setOverCard] = useState<string | null>(null);
  const count = feed.total + delta;
  const editable = !!onOptionsChange && !!stack.option;
  const label = stack.key || intl.formatMessage({ id: "plugin.view_kanban.uncategorized" });
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
            aria-label={intl.formatMessage({ id: "plugin.view_kanban.stackTitle" })}
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
            <PopoverNext
              placement="bottom-end"
              // The focus stays where the chosen item puts it (its rename opens an input in the stack's head).
              shouldReturnFocusOnClose={false}
              content={
                <div className="wb-stack-menu" data-testid="stack-menu-body">
                  <Button icon="edit" variant="minimal" className="bp6-popover-dismiss" onClick={() => setRenaming(stack.key)} data-testid="stack-rename">
                    <FormattedMessage id="plugin.view_kanban.renameStack" />
                  </Button>
                  <ButtonGroup variant="minimal">
                    <Button
                      className="bp6-popover-dismiss"
                      disabled={index <= 1}
                      onClick={() => void onOptionsChange?.(moveOption(options, index - 1, index - 2))}
                      data-testid="stack-move-left"
                    >
                      <FormattedMessage id="plugin.view_kanban.moveStackLeft" />
                    </Button>
                    <Button
                      className="bp6-popover-dismiss"
                      disabled={index >= options.length}
                      onClick={() => void onOptionsChange?.(moveOption(options, index - 1, index))}
                      data-testid="stack-move-right"
                    >
                      <FormattedMessage id="plugin.view_kanban.moveStackRight" />
                    </Button>
                  </ButtonGroup>
                  <Button icon="trash" variant="minimal" intent="danger" className="bp6-popover-dismiss" onClick={() => setDeleting(true)} data-testid="stack-delete">
                    <FormattedMessage id="plugin.view_kanban.deleteStack" />
                  </Button>
                  <div className="wb-stack-colours" role="group" aria-label={intl.formatMessage({ id: "plugin.view_kanban.stackColour" })}>
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
              <Button icon="more" small aria-label={intl.formatMessage({ id: "plugin.view_kanban.stackMenu" })} data-testid="stack-menu" />
            </PopoverNext>
          )}
          {onAdd && (
            <Button icon="plus" small onClick={onAdd} aria-label={intl.formatMessage({ id: "plugin.view_kanban.addCard" })} data-testid="stack-add-card" />
          )}
          <Button
            icon={collapsed ? "expand-all" : "collapse-all"}
            small
            onClick={onToggle}
            aria-label={intl.formatMessage({ id: collapsed ? "plugin.view_kanban.expandStack" : "plugin.view_kanban.collapseStack" })}
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
        confirmButtonText={intl.formatMessage({ id: "plugin.view_kanban.deleteStack" })}
        cancelButtonText={intl.formatMessage({ id: "plugin.view_kanban.cancel" })}
        onConfirm={() => {
          setDeleting(false);
          void onOptionsChange?.(options.filter((o) => (o.id ?? o.title) !== stack.id));
        }}
        onCancel={() => setDeleting(false)}
      >
        <FormattedMessage id="plugin.view_kanban.deleteStackConfirm" values={{ title: stack.key }} />
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
              <FormattedMessage id="plugin.view_kanban.empty" />
            </p>
          )}
          <LoadMore feed={feed} />
        </div>
      )}
    </div>
  );
}
