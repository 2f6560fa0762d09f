// A dialog of the grid is drawn again only while it is open, opens or closes: a closed one
// stays as it was when the grid is drawn again (as it is when the active cell moves or a value
// is saved), so that its overlay, buttons and icons are not compared again each time.
import { memo, type ReactNode } from "react";

export const WhileOpen = memo(
  function WhileOpen({ children }: { open: boolean; children: ReactNode }) {
    return <>{children}</>;
  },
  (before, after) => !before.open && !after.open,
);
