// The four layouts. Base: the navigation bar over the page; general: a centred
// column for the sign-in screens; shared: the bare frame of public shared views.
import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Spinner } from "@blueprintjs/core";
import { useEffect, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { LayoutKind } from "../../routeTable";
import { useSignedIn } from "../auth/Guard";
import { Avatar } from "../account/ProfileEditor";
import { useMeQuery, useSignOutMutation, type User } from "../session/api";
import { notify } from "../ui/notify";
import { selectToken, signedOut } from "../settings/settingsSlice";
import { decodeToken, rolesMap } from "../session/token";
import { selectLoading } from "../ui/uiSlice";
import { workbenchApi } from "../../app/api";
import { LOADING_SPINNER_DELAY_MS } from "../../app/constants";

/** Sends a user who must set up two-factor sign-in (the super admin requires it) to the
 * account page, wherever they go, until it is on. */
function TwoFactorGate() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: me } = useMeQuery();
  const mustSetUp = !!me?.two_factor_required && pathname !== "/account";
  useEffect(() => {
    if (!mustSetUp) return;
    notify(intl.formatMessage({ id: "account.twoFactor.required" }), "warning");
    void navigate("/account", { replace: true });
  }, [mustSetUp, navigate, intl]);
  return null;
}

/** The bar's spinner while requests are under way, from LOADING_SPINNER_DELAY_MS on; it alone
 * is drawn again as they start and end (a saved cell, say), not the whole bar. */
export function LoadingSpinner() {
  const loading = useAppSelector(selectLoading);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADING_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading && shown ? <Spinner size={16} className="wb-loading" aria-label="loading" /> : null;
}

function TopBar() {
  const signedIn = useSignedIn();
  const token = useAppSelector(selectToken);
  const isSuper = signedIn && !!rolesMap(decodeToken(token)?.roles).super;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();
  // The user as a page last read them (the account page, a project's shell): the bar sends
  // no request of its own, which would race the pages' own at a session's start.
  const me = useAppSelector((s) =>
    signedIn
      ? (Object.values(s[workbenchApi.reducerPath].queries).find((q) => q?.endpointName === "me" && q.status === "fulfilled")?.data as User | undefined)
      : undefined,
  );
  const onSignOut = async () => {
    await signOut();
    dispatch(signedOut());
    dispatch(workbenchApi.util.resetApiState());
    navigate("/signin");
  };
  return (
    <Navbar className="wb-navbar">
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading>
          <Link to="/" className="wb-brand">
            <FormattedMessage id="app.name" />
          </Link>
        </NavbarHeading>
        <LoadingSpinner />
      </NavbarGroup>
      {signedIn && <TwoFactorGate />}
      {signedIn && (
        <NavbarGroup align={Alignment.END}>
          <Link to="/" className="bp6-button bp6-minimal">
            <FormattedMessage id="nav.projects" />
          </Link>
          <Link to="/account" className="bp6-button bp6-minimal wb-nav-account" data-testid="nav-account" title={me?.display_name ?? undefined}>
            {me && <Avatar user={me} size={20} />}
            <FormattedMessage id="nav.account" />
          </Link>
          {isSuper && (
            <Link to="/apps" className="bp6-button bp6-minimal" data-testid="nav-apps">
              <FormattedMessage id="apps.title" />
            </Link>
          )}
          <NavbarDivider />
          <Button variant="minimal" icon="log-out" onClick={onSignOut} data-testid="sign-out">
            <FormattedMessage id="nav.signOut" />
          </Button>
        </NavbarGroup>
      )}
    </Navbar>
  );
}

export function Layout({ kind = "default", children }: { kind?: LayoutKind; children: ReactNode }) {
  if (kind === "shared") return <div className="wb-layout wb-layout-shared">{children}</div>;
  if (kind === "general") {
    return (
      <div className="wb-layout wb-layout-general">
        <TopBar />
        <main className="wb-centred">{children}</main>
      </div>
    );
  }
  return (
    <div className={`wb-layout wb-layout-${kind}`}>
      <TopBar />
      <main className="wb-main">{children}</main>
    </div>
  );
}
