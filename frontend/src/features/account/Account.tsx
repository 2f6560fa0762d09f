// Account page (/account, /account/{page}, /user): profile, roles, interface language, password,
// two-factor sign-in and API tokens.
import { Card, H2, HTMLSelect, HTMLTable, Spinner, Tag } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { useAllowed } from "../auth/Guard";
import { LANGUAGES, LANGUAGE_NAMES, isSupported } from "../i18n/locales";
import { useMeQuery } from "../session/api";
import { notify } from "../ui/notify";
import { useUpdateProfileMutation } from "./profileApi";
import { langChanged, selectLang } from "../settings/settingsSlice";
import { ApiTokens } from "../tokens/ApiTokens";
import { heldRoles, roleLabel } from "../members/roles";
import { EmailStatus } from "./EmailStatus";
import { PasswordChange } from "./PasswordChange";
import { ProfileEditor } from "./ProfileEditor";
import { TwoFactor } from "./TwoFactor";
import { Users } from "./Users";
import { useLocation } from "react-router";
import { Link } from "react-router";
import { selectToken } from "../settings/settingsSlice";
import { decodeToken, rolesMap } from "../session/token";

export function Account() {
  const intl = useIntl();
  const allowed = useAllowed();
  const dispatch = useAppDispatch();
  const lang = useAppSelector(selectLang);
  const { data: user } = useMeQuery(undefined, { skip: !allowed });
  const [updateProfile] = useUpdateProfileMutation();
  // The choice is this browser's, and the account's too (the mails sent to it are in it).
  const chooseLanguage = (value: string) => {
    if (!isSupported(value)) return;
    dispatch(langChanged(value));
    if (!allowed) return;
    void updateProfile({ lang: value }).then((result) => {
      if ("error" in result) notify(intl.formatMessage({ id: "account.languageNotSaved" }), "danger");
    });
  };
  const token = useAppSelector(selectToken);
  const isSuper = allowed && !!rolesMap(decodeToken(token)?.roles).super;
  const onUsers = useLocation().pathname.startsWith("/account/users");
  return (
    <div className="wb-page wb-narrow">
      <H2>
        <FormattedMessage id="account.title" />
      </H2>
      {isSuper && (
        <div className="bp6-button-group wb-gap" role="tablist">
          <Link to="/account" className={`bp6-button${onUsers ? "" : " bp6-active"}`} role="tab">
            <FormattedMessage id="account.profile" />
          </Link>
          <Link to="/account/users" className={`bp6-button${onUsers ? " bp6-active" : ""}`} role="tab" data-testid="account-users-tab">
            <FormattedMessage id="users.title" />
          </Link>
        </div>
      )}
      {isSuper && onUsers ? (
        <Users />
      ) : (
        <>
      <Card>
        <h3 className="bp6-heading">
          <FormattedMessage id="account.profile" />
        </h3>
        {user && allowed && <ProfileEditor key={user.id ?? ""} user={user} />}
        {!user ? (
          <Spinner size={20} />
        ) : (
          <HTMLTable className="wb-table" data-testid="account-profile">
            <tbody>
              <tr>
                <th>{intl.formatMessage({ id: "auth.email" })}</th>
                <td>
                  <span data-testid="account-email">{user.email}</span>
                  <EmailStatus verified={!!user.email_verified} />
                </td>
              </tr>
              <tr>
                <th>{intl.formatMessage({ id: "auth.firstname" })}</th>
                <td>{user.firstname}</td>
              </tr>
              <tr>
                <th>{intl.formatMessage({ id: "auth.lastname" })}</th>
                <td>{user.lastname}</td>
              </tr>
              <tr>
                <th>{intl.formatMessage({ id: "account.roles" })}</th>
                <td>
                  {heldRoles(user.roles).map((role) => (
                    <Tag key={role} minimal className="wb-tag" data-testid="account-role">{roleLabel(intl, role)}</Tag>
                  ))}
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        )}
        <label className="bp6-label wb-gap-top">
          <FormattedMessage id="account.language" />
          <HTMLSelect
            value={lang}
            onChange={(e) => chooseLanguage(e.currentTarget.value)}
            data-testid="language-select"
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
          />
        </label>
        {allowed && (
          <p className="bp6-text-muted" data-testid="language-mail-note">
            <FormattedMessage id="account.languageMail" />
          </p>
        )}
      </Card>
      {allowed && (
        <Card className="wb-gap-top">
          <PasswordChange />
        </Card>
      )}
      {allowed && (
        <Card className="wb-gap-top">
          <TwoFactor />
        </Card>
      )}
      {/* While two-factor sign-in is required and off, the server answers only its setup. */}
      {allowed && user && !user.two_factor_required && (
        <Card className="wb-gap-top">
          <ApiTokens />
        </Card>
      )}
        </>
      )}
    </div>
  );
}
