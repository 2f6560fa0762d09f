// The module plugin bundles import as "@workbench/plugin-api": the contract's shapes and
// `definePlugin` (hostApi.ts), and what the host lends their components at run time
// (`HostKit`, declared there). The run-time names are listed for the bundle build too
// (PLUGIN_API_EXPORTS in scripts/build-plugins.mjs; a test keeps the two in step).
import type { HostKit } from "./hostApi";
import * as components from "./api/components";
import * as downloads from "./api/downloads";
import * as editorText from "./api/editorText";
import * as fields from "./api/fields";
import * as imports from "./api/imports";
import * as live from "./api/live";
import * as recordForm from "./api/recordForm";
import * as records from "./api/records";
import * as where from "./api/where";
import * as moves from "../features/views/recordMoves";
import * as tabState from "../features/tabs/tabViewState";
import { withBase } from "../app/basePath";
import * as dialogs from "../features/ui/WhileOpen";
import * as images from "../app/images";

export * from "./hostApi";

const kit: HostKit = {
  useRecordFeed: records.useRecordFeed,
  useRecordCount: records.useRecordCount,
  useRecordsPage: records.useRecordsPage,
  useRecordsReader: records.useRecordsReader,
  useRecordWriter: records.useRecordWriter,
  useRecordMoves: moves.useRecordMoves,
  withMoves: moves.withMoves,
  moveKey: moves.moveKey,
  useRecordForm: recordForm.useRecordForm,
  fieldType: fields.fieldType,
  fieldText: fields.fieldText,
  hasFieldEditor: fields.hasFieldEditor,
  keepsEditorReady: fields.keepsEditorReady,
  useEditorText: editorText.useEditorText,
  useFieldActions: fields.useFieldActions,
  whereValue: where.whereValue,
  FieldCell: components.FieldCell,
  FieldEditor: components.FieldEditor,
  RecordCard: components.RecordCard,
  useCommentCounts: components.useCommentCounts,
  CommentBadge: components.CommentBadge,
  cardFields: components.cardFields,
  useCardFields: components.useCardFields,
  CardFieldsMenu: components.CardFieldsMenu,
  CardToolbar: components.CardToolbar,
  coverFields: components.coverFields,
  chosenCover: components.chosenCover,
  CoverField: components.CoverField,
  FormFill: components.FormFill,
  LoadMore: components.LoadMore,
  WhileOpen: dialogs.WhileOpen,
  FormFieldInput: components.FormFieldInput,
  formFields: components.formFields,
  isFillable: components.isFillable,
  isRequiredInForm: components.isRequiredInForm,
  useLiveHold: live.useLiveHold,
  useLiveRecords: live.useLiveRecords,
  toast: live.toast,
  useDownloadSharedCsv: downloads.useDownloadSharedCsv,
  useImportIntoTable: imports.useImportIntoTable,
  siteUrl: (path: string) => withBase(path),
  imageSrcSet: images.imageSrcSet,
  useTabViewState: tabState.useTabViewState,
};

export const {
  useRecordFeed,
  useRecordCount,
  useRecordsPage,
  useRecordsReader,
  useRecordWriter,
  useRecordMoves,
  withMoves,
  moveKey,
  useRecordForm,
  fieldType,
  fieldText,
  hasFieldEditor,
  keepsEditorReady,
  useEditorText,
  useFieldActions,
  whereValue,
  FieldCell,
  FieldEditor,
  RecordCard,
  useCommentCounts,
  CommentBadge,
  cardFields,
  useCardFields,
  CardFieldsMenu,
  CardToolbar,
  coverFields,
  chosenCover,
  CoverField,
  FormFill,
  LoadMore,
  WhileOpen,
  FormFieldInput,
  formFields,
  isFillable,
  isRequiredInForm,
  useLiveHold,
  useLiveRecords,
  toast,
  useDownloadSharedCsv,
  useImportIntoTable,
  siteUrl,
  imageSrcSet,
  useTabViewState,
} = kit;
