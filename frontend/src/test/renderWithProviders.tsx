// Render a component with the real store, intl and a memory router. The store
// boots with the built-in plugins' catalogue unless the test gives another.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { IntlProvider } from "react-intl";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { makeStore, type StoreOptions } from "../app/store";
import { enMessages } from "../features/i18n/messages";
import type { Catalogue } from "../plugins/catalogue";
import fixture from "../plugins/testdata/catalogue.json";

export const builtinCatalogue = fixture as unknown as Catalogue;

export function renderWithProviders(ui: ReactElement, options: StoreOptions & { route?: string } = {}) {
  const boot = { catalogue: builtinCatalogue, ...options.boot };
  const store = makeStore({ ...options, boot });
  const messages = { ...enMessages, ...(boot.catalogue?.messages ?? {}) };
  const result = render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages}>
        <MemoryRouter initialEntries={[options.route ?? "/"]}>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return { store, ...result };
}
