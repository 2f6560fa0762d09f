// The project's table list. With more than one source, each database is a heading over its
// tables (see grouping.ts); a connected database's heading offers, to those who manage the
// project's sources, to remove it: Workbench forgets its tables, the database keeps them.
import { Alert, Button, Menu, MenuItem } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { ProjectSource } from "../projects/api";
import type { TableMeta } from "../tables/api";
import { notify } from "../ui/notify";
import { useRemoveSourceMutation } from "./api";
import { groupName, groupTables, isConnected, sourceName } from "./grouping";

interface Props {
  projectId: string;
  tables: TableMeta[];
  sources: ProjectSource[] | undefined;
  activeTitle: string | undefined;
  onOpen: (title: string) => void;
  onPrefetch: (tableId: string) => void;
  /** May the user connect and remove databases? */
  mayManage: boolean;
  /** Called once a source is removed, before the table list is read again. */
  onRemoved: (sourceId: string) => void;
}

export function SourceTables({ projectId, tables, sources, activeTitle, onOpen, onPrefetch, mayManage, onRemoved }: Props) {
  const intl = useIntl();
  const [removing, setRemoving] = useState<ProjectSource | null>(null);
  const [removeSource, removeState] = useRemoveSourceMutation();
  const groups = groupTables(tables, sources);

  const items = (list: TableMeta[]) =>
    list.map((t) => (
      <MenuItem
        key={t.id}
        text={t.title}
        icon="th"
        active={t.title === activeTitle}
        onClick={() => onOpen(t.title)}
        onMouseEnter={() => onPrefetch(t.id)}
        onFocus={() => onPrefetch(t.id)}
      />
    ));

  const onRemove = async () => {
    const source = removing;
    if (!source?.id) return;
    const result = await removeSource({ projectId, sourceId: source.id });
    setRemoving(null);
    if ("error" in result) {
      notify((result.error as HttpError).message, "danger");
      return;
    }
    onRemoved(source.id);
    notify(intl.formatMessage({ id: "source.remove.done" }, { name: sourceName(source) }), "success");
  };

  if (!groups) {
    if (tables.length === 0)
      return (
        <p className="bp6-text-muted">
          <FormattedMessage id="project.home.noTables" />
        </p>
      );
    return <Menu data-testid="table-list">{items(tables)}</Menu>;
  }

  return (
    <div data-testid="table-list">
      {groups.map(({ source, tables: list }) => {
        const connected = isConnected(source);
        const name = groupName(source, intl.formatMessage({ id: "source.builtIn" }));
        return (
          <section key={source.id ?? name} className="wb-source-group" data-testid="source-group">
            <div className="wb-source-heading">
              <span className="bp6-text-muted bp6-text-overflow-ellipsis" title={name} data-testid="source-heading">
                {name}
              </span>
              {connected && mayManage && (
                <Button
                  variant="minimal"
                  size="small"
                  icon="trash"
                  aria-label={intl.formatMessage({ id: "source.remove.label" }, { name })}
                  title={intl.formatMessage({ id: "source.remove.label" }, { name })}
                  onClick={() => setRemoving(source)}
                  data-testid="source-remove"
                />
              )}
            </div>
            {list.length > 0 ? (
              <Menu>{items(list)}</Menu>
            ) : (
              <p className="bp6-text-muted wb-source-empty">
                <FormattedMessage id="source.noTables" />
              </p>
            )}
          </section>
        );
      })}
      <Alert
        isOpen={!!removing}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "source.remove" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        loading={removeState.isLoading}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        <p data-testid="source-remove-confirm">
          <FormattedMessage id="source.remove.confirm" values={{ name: removing ? sourceName(removing) : "" }} />
        </p>
      </Alert>
    </div>
  );
}
