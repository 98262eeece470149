import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  /** The remote in this area (for the log line). */
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** One per remote area: a remote that fails to load or to render shows a notice in its own area only. */
export class RemoteBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remotes] "${this.props.name}" is unavailable:`, error.message, info.componentStack ?? '');
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  render() {
    if (this.state.failed) return <RemoteUnavailable onRetry={this.retry} />;
    return this.props.children;
  }
}
