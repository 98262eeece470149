import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface PageErrorBoundaryProps {
  children: ReactNode;
  /** What is shown instead of a page that failed to load or render; `retry` runs onRetry (default: load the page again). */
  fallback: (retry: () => void) => ReactNode;
  /** The page's path (or any key): when it changes, the page is tried again (the user moved on). */
  resetKey?: string;
  /** What "Retry" does. Default: reload, since a page whose code could not be fetched is only fetched again that way. */
  onRetry?: () => void;
}

interface State {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Around a page: a page whose code could not be fetched (a lost connection) or that failed to render shows its
 * fallback (a notice with Retry) instead of the whole screen going blank. The pages route declaratively
 * (BrowserRouter + useRoutes), which has no error element of its own: the shell's layout and the standalone pages
 * put one of these around their pages.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[page] failed to load or render:', error.message, info.componentStack ?? '');
  }

  private retry = () => (this.props.onRetry ?? (() => window.location.reload()))();

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
