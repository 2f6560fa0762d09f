// Render a component with the real store, intl and a memory router (STYLE §15).
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { IntlProvider } from "react-intl";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { makeStore, type StoreOptions } from "../app/store";
import { enMessages } from "../features/i18n/messages";

export function renderWithProviders(ui: ReactElement, options: StoreOptions & { route?: string } = {}) {
  const store = makeStore(options);
  const result = render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={enMessages}>
        <MemoryRouter initialEntries={[options.route ?? "/"]}>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return { store, ...result };
}
