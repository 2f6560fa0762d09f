// A throwaway plugin used by plugins.test.tsx: built into a bundle, loaded by the host.
import { Button, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { definePlugin, type CellProps } from "@workbench/plugin-api";

function RatingCell({ value }: CellProps) {
  const [bumped, setBumped] = useState(0);
  const stars = Number(value ?? 0) + bumped;
  return (
    <span data-testid="sample-cell">
      <Tag minimal>{"★".repeat(stars)}</Tag>
      <Button small onClick={() => setBumped((n) => n + 1)} data-testid="sample-bump">
        <FormattedMessage id="plugin.sample.more" />
      </Button>
    </span>
  );
}

export default definePlugin({
  id: "sample",
  messages: { en: { more: "More" }, de: { more: "Mehr" } },
  fieldTypes: { Rating: { Cell: RatingCell } },
});
