import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isVersionMismatch } from './remote-registry';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  /** The remote in this area (for the log line). */
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** The remote was built for other versions of the shared libraries than the site runs (version skew). */
  outdated: boolean;
}

/**
 * One per remote area: a remote that fails to load or to render shows a notice in its own area only; a remote
 * built against other shared library versions says so (its team has to redeploy it).
 */
export class RemoteBoundary extends Component<Props, State> {
  state: State = { failed: false, outdated: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, outdated: isVersionMismatch(error) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remotes] "${this.props.name}" is unavailable:`, error.message, info.componentStack ?? '');
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false, outdated: false });
  };

  render() {
    if (this.state.failed)
      return <RemoteUnavailable onRetry={this.retry} reason={this.state.outdated ? 'outdated' : 'unreachable'} />;
    return this.props.children;
  }
}
