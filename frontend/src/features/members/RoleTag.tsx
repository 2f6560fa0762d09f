// A role named in words on its role's colour, with the text colour that reads on it.
import { Tag } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { readableText } from "../projects/contrast";
import { roleColour } from "../projects/palettes";
import { roleLabel } from "./roles";

export function RoleTag({ role }: { role: string }) {
  const intl = useIntl();
  const colour = roleColour(role);
  return (
    <Tag className="wb-role-tag wb-tag-gap" style={{ background: colour, color: readableText(colour) }} data-testid="member-role" data-role={role}>
      {roleLabel(intl, role)}
    </Tag>
  );
}

/** The dot of a role's colour beside a role chooser. */
export function RoleDot({ role }: { role: string }) {
  return <span className="wb-swatch" style={{ background: roleColour(role) }} data-testid="member-role-dot" data-role={role} />;
}
