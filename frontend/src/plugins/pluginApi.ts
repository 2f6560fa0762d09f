// The module plugin bundles import as "@workbench/plugin-api": the contract's shapes and
// `definePlugin` (hostApi.ts), and what the host lends their components at run time. The
// names are listed for the bundle build too (PLUGIN_API_EXPORTS in
// scripts/build-plugins.mjs); adding one keeps the plugin API version, removing or changing
// one raises it.
export * from "./hostApi";
export type { CatalogueFieldType as FieldTypeInfo, FieldCapabilities } from "./catalogue";
export { useRecordCount, useRecordFeed, useRecordsPage, useRecordsReader, useRecordWriter } from "./api/records";
export { moveKey, useRecordMoves, withMoves } from "../features/views/recordMoves";
export { fieldText, fieldType, hasFieldEditor, useFieldActions } from "./api/fields";
export { useDownloadSharedCsv } from "./api/downloads";
export {
  cardFields,
  FieldCell,
  FieldEditor,
  FormFieldInput,
  formFields,
  isFillable,
  isRequiredInForm,
  LoadMore,
  RecordCard,
} from "./api/components";
export { useRecordForm } from "./api/recordForm";
export { toast, useLiveHold, useLiveRecords } from "./api/live";
export { whereValue } from "./api/where";
