// The libraries the host shares with plugin bundles: one copy each, published on a global
// that the bundles read (each bundle is built with virtual modules that read this global, so
// it needs no import map). The allow-list is explicit: a plugin can
// import these and nothing else from the host.
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  Collapse,
  Colors,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  Divider,
  Drawer,
  EditableText,
  FileInput,
  FormGroup,
  H1,
  H2,
  H3,
  H4,
  H5,
  H6,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Label,
  Menu,
  MenuDivider,
  MenuItem,
  NonIdealState,
  NumericInput,
  Popover,
  PopoverNext,
  Position,
  ProgressBar,
  Radio,
  RadioGroup,
  SegmentedControl,
  Slider,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
  TagInput,
  Text,
  TextArea,
  Tooltip,
} from "@blueprintjs/core";
import * as RTK from "@reduxjs/toolkit";
import * as RTKQueryReact from "@reduxjs/toolkit/query/react";
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as jsxRuntime from "react/jsx-runtime";
import * as ReactIntl from "react-intl";
import * as ReactRedux from "react-redux";
import * as ReactRouter from "react-router";
import * as pluginApi from "./pluginApi";

// Only these Blueprint exports are shared (listed in blueprint-exports.json, which the plugin
// build reads too): sharing the whole module would defeat tree-shaking and pull every icon.
export const BLUEPRINT_SHARED = {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  Collapse,
  Colors,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  Divider,
  Drawer,
  EditableText,
  FileInput,
  FormGroup,
  H1,
  H2,
  H3,
  H4,
  H5,
  H6,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Label,
  Menu,
  MenuDivider,
  MenuItem,
  NonIdealState,
  NumericInput,
  Popover,
  PopoverNext,
  Position,
  ProgressBar,
  Radio,
  RadioGroup,
  SegmentedControl,
  Slider,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
  TagInput,
  Text,
  TextArea,
  Tooltip,
};

export const SHARED_MODULES = {
  react: React,
  "react-dom": ReactDOM,
  "react/jsx-runtime": jsxRuntime,
  "@reduxjs/toolkit": RTK,
  "@reduxjs/toolkit/query/react": RTKQueryReact,
  "react-redux": ReactRedux,
  "react-router": ReactRouter,
  "react-intl": ReactIntl,
  "@blueprintjs/core": BLUEPRINT_SHARED,
  "@workbench/plugin-api": pluginApi,
} as const;

export type SharedModuleName = keyof typeof SHARED_MODULES;
export const SHARED_MODULE_NAMES = Object.keys(SHARED_MODULES) as SharedModuleName[];

declare global {
  // eslint-disable-next-line no-var
  var __wbShared: Record<string, unknown> | undefined;
}

/** Publish the shared modules (idempotent). Call before loading any plugin bundle. */
export function exposeSharedModules(): void {
  globalThis.__wbShared = { ...SHARED_MODULES };
}
