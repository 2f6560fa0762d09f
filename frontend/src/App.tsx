// The application: providers and the route tree built from routeTable.ts.
import { BlueprintProvider } from "@blueprintjs/core";
import { StrictMode, useMemo, useRef, type ComponentType } from "react";
import { IntlProvider } from "react-intl";
import { Provider } from "react-redux";
import { Route, Routes } from "react-router";
import { AppStore as AppStorePage } from "./features/apps/AppStore";
import { PageStageProvider, useOutInLocation, usePageStage } from "./features/layout/PageTransition";
import type { AppStore } from "./app/store";
import { useAppSelector } from "./app/hooks";
import { Account } from "./features/account/Account";
import { ForgotPassword } from "./features/auth/ForgotPassword";
import { ResetPassword } from "./features/auth/ResetPassword";
import { Guard, PreviousRouteContext } from "./features/auth/Guard";
import { SignIn } from "./features/auth/SignIn";
import { SignUp } from "./features/auth/SignUp";
import { VerifyEmail } from "./features/auth/VerifyEmail";
import { NotAvailable, NotFound } from "./features/errors/NotFound";
import { intlLocale } from "./features/i18n/locales";
import { Layout } from "./features/layout/Layout";
import { CreateProject } from "./features/projects/CreateProject";
import { ProjectList } from "./features/projects/ProjectList";
import { ProjectLanding, ProjectShell } from "./features/projects/ProjectShell";
import { SessionManager } from "./features/session/SessionManager";
import { CreateExternal } from "./features/sources/CreateExternal";
import { SharedBase } from "./features/shared/SharedBase";
import { SharedView } from "./features/shared/SharedView";
import { ROUTES, type PageId, type RouteMeta } from "./routeTable";
import { pluginMessages } from "./plugins/loader";
import { loadedPlugins } from "./plugins/registry";
import { useCatalogue } from "./plugins/catalogue";

const PAGES: Record<PageId, ComponentType> = {
  projects: ProjectList,
  createProject: CreateProject,
  createExternal: CreateExternal,
  notAvailable: NotAvailable,
  account: Account,
  signIn: SignIn,
  signUp: SignUp,
  forgotPassword: ForgotPassword,
  resetPassword: ResetPassword,
  verifyEmail: VerifyEmail,
  notFound: NotFound,
  shared: SharedView,
  sharedBase: SharedBase,
  projectLanding: ProjectLanding,
  project: ProjectShell,
  apps: AppStorePage,
};

const NOT_FOUND_META: RouteMeta = { public: true, title: "error.notFound.title" };

function Page({ meta, page: Component }: { meta: RouteMeta; page: ComponentType }) {
  const stage = usePageStage();
  return (
    <Guard meta={meta}>
      <Layout kind={meta.layout}>
        <div className={stage === "out" ? "wb-page-transition wb-page-out" : "wb-page-transition"}>
          <Component />
        </div>
      </Layout>
    </Guard>
  );
}

/** The route tree, rendered through the out-in page transition. */
function AppRoutes() {
  const { location, stage } = useOutInLocation();
  return (
    <PageStageProvider value={stage}>
      <Routes location={location}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<Page meta={route.meta} page={PAGES[route.page]} />} />
        ))}
        <Route path="*" element={<Page meta={NOT_FOUND_META} page={NotFound} />} />
      </Routes>
    </PageStageProvider>
  );
}

function LocalisedApp() {
  const { lang, messages: hostMessages } = useAppSelector((s) => s.locale);
  const pluginsVersion = useAppSelector((s) => s.ui.pluginsVersion);
  const catalogue = useCatalogue();
  const messages = useMemo(
    () => ({
      ...hostMessages,
      // Plugins' texts come with the catalogue in this language; a bundle that carries its
      // own (a plugin being written, whose texts change while the server runs) has the last word.
      ...catalogue.messages,
      ...(pluginsVersion ? pluginMessages(loadedPlugins(), lang) : {}),
    }),
    [hostMessages, lang, pluginsVersion, catalogue],
  );
  const previous = useRef<{ path: string; noAuth: boolean } | null>(null);
  return (
    <IntlProvider locale={intlLocale(lang)} messages={messages} defaultLocale="en">
      <BlueprintProvider>
        <PreviousRouteContext.Provider value={previous}>
          <SessionManager />
          <AppRoutes />
        </PreviousRouteContext.Provider>
      </BlueprintProvider>
    </IntlProvider>
  );
}

/** The whole app for a store; the router (browser or static) is supplied by the entry. */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <LocalisedApp />
      </Provider>
    </StrictMode>
  );
}
