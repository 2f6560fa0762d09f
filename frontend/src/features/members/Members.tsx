// The project's auth tab: its members, their roles, invitations (mailed to the address, or
// the sign-up link to pass on when the server cannot send mail). The mail's language starts
// at the inviter's; people whose account keeps a language get theirs.
import { Button, Callout, Card, FormGroup, H4, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useAppSelector } from "../../app/hooks";
import { isValidEmail } from "../auth/email";
import { LANGUAGES, LANGUAGE_NAMES } from "../i18n/locales";
import { selectLang } from "../settings/settingsSlice";
import { notify } from "../ui/notify";
import { useCapabilities } from "../projects/permissions";
import { heldRoles, roleLabel } from "./roles";
import {
  MEMBER_ROLES,
  invitedLinks,
  useInviteMemberMutation,
  useMembersQuery,
  useRemoveMemberMutation,
  useUpdateMemberMutation,
} from "./api";
import { RoleDot, RoleTag } from "./RoleTag";
import { basePath } from "../../app/basePath";

export function Members({ projectId }: { projectId: string }) {
  const intl = useIntl();
  const { data, isLoading, error } = useMembersQuery(projectId);
  const [invite, inviteState] = useInviteMemberMutation();
  const [updateMember] = useUpdateMemberMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("editor");
  const appLang = useAppSelector(selectLang);
  const [mailLang, setMailLang] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [links, setLinks] = useState<{ email: string; url: string | null }[]>([]);
  const caps = useCapabilities();
  const emails = email.split(",").map((e) => e.trim()).filter(Boolean);
  const emailError = email && !emails.every(isValidEmail) ? intl.formatMessage({ id: "auth.email.invalid" }) : null;

  const onInvite = async (event: FormEvent) => {
    event.preventDefault();
    if (!emails.length || emailError) return;
    const result = await invite({ projectId, email: emails.join(","), roles: role, lang: mailLang ?? appLang });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setFormError(null);
    setEmail("");
    const invited = invitedLinks(result.data, window.location.origin + basePath());
    setLinks(invited);
    // Those who had an account are members at once (and mailed a link when mail is sent).
    const added = emails.filter((e) => !invited.some((i) => i.email.toLowerCase() === e.toLowerCase()));
    if (added.length) notify(intl.formatMessage({ id: "members.added" }, { emails: added.join(", ") }), "success");
  };
  const act = async (promise: Promise<{ error?: unknown }>) => {
    const result = await promise;
    if (result.error) notify((result.error as HttpError).message, "danger");
  };

  return (
    <Card data-testid="members">
      <H4>
        <FormattedMessage id="members.title" />
      </H4>
      {caps.members && <form className="wb-invite" onSubmit={onInvite} noValidate>
        <FormGroup label={intl.formatMessage({ id: "members.invite.email" })} labelFor="invite-email" helperText={emailError} intent={emailError ? "danger" : "none"}>
          <InputGroup id="invite-email" value={email} onValueChange={setEmail} placeholder="name@example.com" data-testid="invite-email" />
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "members.role" })} labelFor="invite-role">
          <HTMLSelect id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value)} data-testid="invite-role">
            {MEMBER_ROLES.map((r) => <option key={r} value={r}>{roleLabel(intl, r)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={intl.formatMessage({ id: "members.invite.language" })} labelFor="invite-language">
          <HTMLSelect
            id="invite-language"
            value={mailLang ?? appLang}
            onChange={(e) => setMailLang(e.currentTarget.value)}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
            data-testid="invite-language"
          />
        </FormGroup>
        <Button type="submit" intent="primary" icon="new-person" loading={inviteState.isLoading} disabled={!emails.length || !!emailError} data-testid="invite-submit">
          <FormattedMessage id="members.invite" />
        </Button>
      </form>}
      {formError && <Callout intent="danger" className="wb-gap" data-testid="form-error">{formError}</Callout>}
      {links.map((link) =>
        link.url ? (
          <Callout key={link.email} intent="success" className="wb-gap" icon="link">
            <FormattedMessage id="members.inviteLink" values={{ email: link.email }} />
            <InputGroup readOnly value={link.url} className="wb-gap-top" data-testid="invite-link" />
          </Callout>
        ) : (
          <Callout key={link.email} intent="success" className="wb-gap" icon="envelope" data-testid="invite-mailed">
            <FormattedMessage id="members.inviteMailed" values={{ email: link.email }} />
          </Callout>
        ),
      )}
      {isLoading ? (
        <Spinner size={20} />
      ) : error ? (
        <Callout intent="danger">{(error as HttpError).message}</Callout>
      ) : (
        <HTMLTable className="wb-table" data-testid="member-list">
          <tbody>
            {(data?.users.list ?? []).map((m) => (
              <tr key={m.id} data-testid="member-row">
                <td>
                  {m.email}
                  {m.invite_pending && <Tag minimal intent="warning" className="wb-tag-gap"><FormattedMessage id="members.pending" /></Tag>}
                </td>
                <td>
                  {m.roles === "owner" || !caps.members ? (
                    heldRoles(m.roles).map((r) => <RoleTag key={r} role={r} />)
                  ) : (
                    <>
                    <RoleDot role={m.roles} />
                    <HTMLSelect value={m.roles} onChange={(e) => void act(updateMember({ projectId, userId: m.id, roles: e.currentTarget.value }))} minimal aria-label={intl.formatMessage({ id: "members.role" })} data-testid="member-role-select">
                      {MEMBER_ROLES.map((r) => <option key={r} value={r}>{roleLabel(intl, r)}</option>)}
                    </HTMLSelect>
                    </>
                  )}
                </td>
                <td className="wb-actions">
                  {m.roles !== "owner" && caps.members && (
                    <Button variant="minimal" intent="danger" icon="remove" onClick={() => void act(removeMember({ projectId, userId: m.id }))}>
                      <FormattedMessage id="members.remove" />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
