// The kanban's toolbar: the host's card toolbar (the Fields menu and the cover field); the
// field the stacks are made of is never listed on the cards.
import { CardToolbar, type ViewProps } from "@workbench/plugin-api";

export function KanbanToolbar(props: ViewProps) {
  const groupId = (props.settings.fk_grp_col_id as string | null | undefined) ?? null;
  return <CardToolbar {...props} exclude={[groupId]} />;
}
