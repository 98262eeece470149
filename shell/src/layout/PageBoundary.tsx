import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from '../remotes/RemoteUnavailable';

interface Props {
  children: ReactNode;
  /** The page's path: the notice goes when the user moves to another page. */
  path: string;
  /** What "Retry" does: a page whose code could not be fetched is fetched again by loading the page again. */
  onRetry?: () => void;
}

interface State {
  failed: boolean;
  path: string;
}

/**
 * Around the page in the layout: a shell page whose code could not be fetched (a lost connection) or that failed to
 * render shows the "temporarily unavailable" notice with Retry inside the page chrome, instead of the whole site
 * going blank (the declarative router has no error element of its own). The remotes' areas have their own boundary
 * (RemoteBoundary) inside this one.
 */
export class PageBoundary extends Component<Props, State> {
  state: State = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] the page failed to load:', error.message, info.componentStack ?? '');
  }

  private retry = () => (this.props.onRetry ?? (() => window.location.reload()))();

  render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.retry} /> : this.props.children;
  }
}
