// Isolates a plugin's component: if it throws while rendering, its slot shows a fallback and
// the rest of the page keeps working.
import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  pluginId: string;
  fallback: ReactNode;
  children: ReactNode;
}

export class PluginBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`plugin ${this.props.pluginId} failed to render`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
