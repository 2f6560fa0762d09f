// User management for the super admin (/account/users): invite, change the organisation
// role, block, delete; invite-only sign-up.
import { Button, Callout, Card, FormGroup, H3, HTMLSelect, HTMLTable, InputGroup, Spinner, Switch, Tag } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { isValidEmail } from "../auth/email";
import { invitedLinks } from "../members/api";
import { roleLabel } from "../members/roles";
import { notify } from "../ui/notify";
import {
  ORG_ROLES,
  useAppSettingsQuery,
  useDeleteUserMutation,
  useInviteUserMutation,
  useSetAppSettingsMutation,
  useUpdateUserMutation,
  useUsersQuery,
} from "./usersApi";
import { basePath } from "../../app/basePath";

export function Users() {
  const intl = useIntl();
  const { data, isLoading, error } = useUsersQuery();
  const { data: settings } = useAppSettingsQuery();
  const [setSettings] = useSetAppSettingsMutation();
  const [invite, inviteState] = useInviteUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("org-level-viewer");
  const [formError, setFormError] = useState<string | null>(null);
  const [invited, setInvited] = useState<{ email: string; url: string | null } | null>(null);
  const emailError = email && !isValidEmail(email) ? intl.formatMessage({ id: "auth.email.invalid" }) : null;
  const act = async (promise: PromiseLike<{ error?: unknown }>) => {
    const result = await promise;
    if (result.error) notify((result.error as HttpError).message, "danger");
  };
  const onInvite = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return;
    const result = await invite({ email: email.trim(), roles: role });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setFormError(null);
    setEmail("");
    setInvited(invitedLinks(result.data, window.location.origin + basePath())[0] ?? null);
  };
  return (
    <Card className="wb-gap-top" data-testid="users">
      <H3>
        <FormattedMessage id="users.title" />
      </H3>
      {settings && (
        <Switch
          checked={settings.invite_only_signup}
          label={intl.formatMessage({ id: "users.inviteOnly" })}
          onChange={(e) => void act(setSettings({ invite_only_signup: e.currentTarget.checked }))}
          data-testid="invite-only"
        />
      )}
      {settings && (
        <Switch
          checked={!!settings.require_two_factor}
          label={intl.formatMessage({ id: "users.requireTwoFactor" })}
          onChange={(e) => void act(setSettings({ require_two_factor: e.currentTarget.checked }))}
          data-testid="require-two-factor"
        />
      )}
      <form className="wb-invite" onSubmit={onInvite} noValidate>
        <FormGroup label={intl.formatMessage({ id: "auth.email" })} labelFor="user-invite-email" helperText={emailError} intent={emailError ? "danger" : "none"}>
          <InputGroup id="user-invite-email" value={email} onValueChange={setEmail} data-testid="user-invite-email" />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "members.role" })} labelFor="user-invite-role">
          <HTMLSelect id="user-invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            {ORG_ROLES.map((r) => <option key={r} value={r}>{roleLabel(intl, r)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <Button type="submit" intent="primary" icon="new-person" loading={inviteState.isLoading} disabled={!email || !!emailError} data-testid="user-invite-submit">
          <FormattedMessage id="members.invite" />
        </Button>
      </form>
      {formError && <Callout intent="danger" className="wb-gap">{formError}</Callout>}
      {invited?.url && (
        <Callout intent="success" icon="link" className="wb-gap">
          <FormattedMessage id="members.inviteLink" values={{ email: invited.email }} />
          <InputGroup readOnly value={invited.url} className="wb-gap-top" data-testid="user-invite-link" />
        </Callout>
      )}
      {invited && !invited.url && (
        <Callout intent="success" icon="envelope" className="wb-gap" data-testid="user-invite-mailed">
          <FormattedMessage id="members.inviteMailed" values={{ email: invited.email }} />
        </Callout>
      )}
      {isLoading ? (
        <Spinner size={20} />
      ) : error ? (
        <Callout intent="danger">{(error as HttpError).message}</Callout>
      ) : (
        <HTMLTable className="wb-table" data-testid="user-list">
          <tbody>
            {(data?.list ?? []).map((u) => {
              const isSuper = !!u.roles?.super;
              const orgRole = ORG_ROLES.find((r) => u.roles?.[r]) ?? "org-level-viewer";
              return (
                <tr key={u.id ?? u.email} data-testid="user-row">
                  <td>
                    {u.email}
                    {u.invite_pending && <Tag minimal intent="warning" className="wb-tag-gap"><FormattedMessage id="members.pending" /></Tag>}
                    {u.blocked && <Tag minimal intent="danger" className="wb-tag-gap"><FormattedMessage id="users.blocked" /></Tag>}
                  </td>
                  <td>
                    {isSuper ? (
                      <Tag minimal>{roleLabel(intl, "super")}</Tag>
                    ) : (
                      <HTMLSelect minimal value={orgRole} onChange={(e) => void act(updateUser({ id: u.id!, roles: e.currentTarget.value }))} aria-label={intl.formatMessage({ id: "members.role" })} data-testid="user-role">
                        {ORG_ROLES.map((r) => <option key={r} value={r}>{roleLabel(intl, r)}</option>)}
                      </HTMLSelect>
                    )}
                  </td>
                  <td className="wb-actions">
                    {!isSuper && (
                      <>
                        <Button variant="minimal" icon={u.blocked ? "unlock" : "lock"} onClick={() => void act(updateUser({ id: u.id!, blocked: !u.blocked }))} data-testid="user-block">
                          <FormattedMessage id={u.blocked ? "users.unblock" : "users.block"} />
                        </Button>
                        <Button variant="minimal" intent="danger" icon="trash" onClick={() => void act(deleteUser(u.id!))} data-testid="user-delete">
                          <FormattedMessage id="project.delete" />
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
