// The grid of a shared view: read-only, with a visitor's own sort and filters (never saved)
// and the CSV download when the link allows it.
import { Button } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { FormattedMessage } from "react-intl";
import { toast as notify, useDownloadSharedCsv, type TabFilter, type TabSort, type ViewProps } from "@workbench/plugin-api";
import { Grid } from "./Grid";
import { OwnTools, tempFilterJson, tempSortJson } from "./OwnTools";

export { tempFilterJson } from "./OwnTools";

/** The grid, read-only, with a temporary sort and filters (never saved) and the CSV download when allowed. */
export function SharedGrid({ view, table, source, settings }: ViewProps) {
  const downloadCsv = useDownloadSharedCsv();
  const link = source.shared!;
  const [sorts, setSorts] = useState<TabSort[]>([]);
  const [filters, setFilters] = useState<TabFilter[]>([]);
  const allowCsv = !!view.meta?.allowCSVDownload;
  const shared = useMemo(
    () => ({ ...link, sortArrJson: tempSortJson(sorts), filterArrJson: tempFilterJson(filters) }),
    [link, sorts, filters],
  );
  const columns = table.columns.filter((c) => !c.system && !c.pk);
  const download = () => downloadCsv(shared, view.title).catch((e) => notify(String(e.message ?? e), "danger"));
  return (
    <div data-testid="shared-grid">
      <div className="wb-shared-toolbar">
        <OwnTools columns={columns} sorts={sorts} filters={filters} setSorts={setSorts} setFilters={setFilters} testPrefix="shared" sortLabel="plugin.view_grid.shared.sort" />
        {allowCsv && (
          <Button icon="download" variant="minimal" onClick={download} data-testid="shared-download">
            <FormattedMessage id="plugin.view_grid.shared.downloadCsv" />
          </Button>
        )}
      </div>
      <Grid table={table} source={{ ...source, shared }} settings={settings} can={{ editRecords: false, configureView: false, editFields: false }} />
    </div>
  );
}
