// A small dot beside the project's title: live updates on (connected) or paused while the
// socket reconnects. Nothing while there is no socket (signed out, or before it starts) and
// during the first connection.
import { Icon } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { useAppSelector } from "../../app/hooks";
import { selectConnectedBefore, selectConnection } from "./realtimeSlice";

export function LiveIndicator() {
  const intl = useIntl();
  const connection = useAppSelector(selectConnection);
  const connectedBefore = useAppSelector(selectConnectedBefore);
  if (connection === "idle" || (connection === "connecting" && !connectedBefore)) return null;
  const live = connection === "ready";
  const label = intl.formatMessage({ id: live ? "live.connected" : "live.reconnecting" });
  return (
    <span className="wb-live-indicator" style={{ display: "inline-flex", marginInlineEnd: "auto" }} role="status" aria-label={label} title={label} data-testid="live-indicator" data-state={connection}>
      <Icon icon="full-circle" size={8} intent={live ? "success" : "warning"} />
    </span>
  );
}
