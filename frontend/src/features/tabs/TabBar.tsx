// The open tabs of the project: click to switch, × to close (the next active tab follows
// the rules in tabsSlice).
import { Button, Icon } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import { selectTabs, tabClosed, tabPath, type Tab } from "./tabsSlice";

const ICONS = { table: "th", view: "eye-open", auth: "key" } as const;

export function TabBar({ projectId }: { projectId: string }) {
  const intl = useIntl();
  const tabs = useAppSelector(selectTabs);
  const activeId = useAppSelector((s) => s.tabs.activeId);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  if (tabs.length === 0) return null;
  const close = (tab: Tab) => {
    const wasActive = store.getState().tabs.activeId === tab.id;
    dispatch(tabClosed(tab.id));
    if (wasActive) {
      const { tabs: rest, activeId: next } = store.getState().tabs;
      navigate(tabPath(projectId, rest.find((t) => t.id === next) ?? null));
    }
  };
  return (
    <div className="wb-tabs" role="tablist" data-testid="tab-bar">
      {tabs.map((tab) => (
        <div key={tab.id} className={`wb-tab${tab.id === activeId ? " wb-tab-active" : ""}`} role="tab" aria-selected={tab.id === activeId}>
          <button type="button" className="wb-tab-title" onClick={() => navigate(tabPath(projectId, tab))}>
            <Icon icon={ICONS[tab.type]} size={12} />
            {/* The members tab is named in the current language (a stored title may be older). */}
            <span>{tab.type === "auth" ? intl.formatMessage({ id: "members.title" }) : tab.title}</span>
          </button>
          <Button
            variant="minimal"
            size="small"
            icon="small-cross"
            aria-label={intl.formatMessage({ id: "tab.close" })}
            onClick={() => close(tab)}
            data-testid="close-tab"
          />
        </div>
      ))}
    </div>
  );
}
