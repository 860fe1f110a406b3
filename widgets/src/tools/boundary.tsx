import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ToolStyle } from './ui.js';

interface State {
  error: Error | null;
}

/**
 * Catches what a tool throws while rendering, so the host page (a customer's site, a public tool
 * page, the console) keeps everything else and shows a message with a way back instead of a blank
 * box; Try again mounts the tool afresh.
 */
export class ToolBoundary extends Component<{ name: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Wapi tool ${this.props.name} failed:`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="wt" data-tool={this.props.name}>
        <ToolStyle />
        <div className="wt-warn" role="alert">
          <strong>This tool ran into a problem and stopped.</strong> Try again; if it keeps happening, reload the page.
        </div>
        <div className="wt-row">
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      </div>
    );
  }
}

/** A tool wrapped in its own error boundary (what the package and the console mount). */
export function guarded(Tool: ComponentType, name: string): ComponentType {
  const Guarded = () => (
    <ToolBoundary name={name}>
      <Tool />
    </ToolBoundary>
  );
  Guarded.displayName = `Guarded(${Tool.displayName ?? Tool.name ?? name})`;
  return Guarded;
}
