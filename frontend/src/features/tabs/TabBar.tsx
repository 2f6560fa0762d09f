// The open tabs of the project: click (or Enter, Space) to switch, × (or Delete) to close
// (the next active tab follows the rules in tabsSlice). A tab is one control: its × is for
// the mouse, Delete closes it from the keyboard.
import { Icon } from "@blueprintjs/core";
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
        <div
          key={tab.id}
          className={`wb-tab${tab.id === activeId ? " wb-tab-active" : ""}`}
          role="tab"
          aria-selected={tab.id === activeId}
          tabIndex={0}
          onClick={() => navigate(tabPath(projectId, tab))}
          onKeyDown={(event) => {
            if (event.target !== event.currentTarget) return;
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              navigate(tabPath(projectId, tab));
            } else if (event.key === "Delete") {
              event.preventDefault();
              close(tab);
            }
          }}
        >
          <span className="wb-tab-title">
            <Icon icon={ICONS[tab.type]} size={12} />
            {/* The members tab is named in the current language (a stored title may be older). */}
            <span>{tab.type === "auth" ? intl.formatMessage({ id: "members.title" }) : tab.title}</span>
          </span>
          <span
            className="wb-tab-close"
            title={intl.formatMessage({ id: "tab.close" })}
            onClick={(event) => {
              event.stopPropagation();
              close(tab);
            }}
            data-testid="close-tab"
          >
            <Icon icon="small-cross" size={14} />
          </span>
        </div>
      ))}
    </div>
  );
}
