// "Connect a database" in a project: the connection form (the same as for a new project from
// a database) with an optional name for the table list, posted to the project's sources.
// The server reads the database's tables; its message is shown when it cannot.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { ProjectSource } from "../projects/api";
import { notify } from "../ui/notify";
import { useConnectSourceMutation } from "./api";
import { ConnectionFields, useConnectionForm } from "./ConnectionFields";
import { configOf } from "./connection";
import { sourceName } from "./grouping";

interface Props {
  projectId: string;
  isOpen: boolean;
  onClose: () => void;
  onConnected?: (source: ProjectSource) => void;
}

export function ConnectSourceDialog({ isOpen, onClose, ...rest }: Props) {
  const intl = useIntl();
  return (
    <Dialog isOpen={isOpen} title={intl.formatMessage({ id: "source.add.title" })} onClose={onClose} className="wb-dialog">
      {/* A fresh form each time it opens. */}
      {isOpen && <ConnectSourceForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function ConnectSourceForm({ projectId, onClose, onConnected }: Omit<Props, "isOpen">) {
  const intl = useIntl();
  const connection = useConnectionForm();
  const { client, form, setError } = connection;
  const [alias, setAlias] = useState("");
  const [connectSource, connectState] = useConnectSourceMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!client || connectState.isLoading) return;
    setError(null);
    const result = await connectSource({ projectId, alias, config: configOf(form, client) });
    if ("error" in result) {
      setError((result.error as HttpError).message);
      return;
    }
    notify(intl.formatMessage({ id: "source.add.done" }, { name: sourceName(result.data) }), "success");
    onConnected?.(result.data);
    onClose();
  };

  return (
    <form onSubmit={onSubmit} data-testid="connect-source-form">
      <DialogBody>
        <FormGroup
          label={intl.formatMessage({ id: "source.alias" })}
          labelFor="wb-source-alias"
          helperText={intl.formatMessage({ id: "source.alias.help" })}
        >
          <InputGroup id="wb-source-alias" data-testid="source-alias" value={alias} maxLength={255} onChange={(e) => setAlias(e.target.value)} autoFocus />
        </FormGroup>
        <ConnectionFields state={connection} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button onClick={connection.test} loading={connection.testing} disabled={!client} data-testid="source-test">
              <FormattedMessage id="source.test" />
            </Button>
            <Button type="submit" intent="primary" loading={connectState.isLoading} disabled={!client} data-testid="source-connect">
              <FormattedMessage id="source.connect" />
            </Button>
          </>
        }
      />
    </form>
  );
}
