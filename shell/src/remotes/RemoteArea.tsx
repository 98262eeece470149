import { useLocation, useRoutes, type RouteObject } from '@rampquote/web-kit';
import { Component, Suspense, use, type ReactNode } from 'react';
import { PageLoading } from '../layout/PageLoading';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteBoundary } from './RemoteBoundary';
import { remoteForPath } from './remote-registry';
import { useRemoteRegistry } from './RemoteRegistryContext';
import { RemoteUnavailable } from './RemoteUnavailable';

function RemoteRoutes({ name }: { name: string }) {
  const registry = useRemoteRegistry();
  const routes = use(registry.routes(name));
  // A path that /remotes.json gives to this remote but that the remote does not (yet) define: 404.
  return useRoutes([...routes, { path: '*', element: <NotFoundPage /> } satisfies RouteObject]);
}

/** A remote's area: its own error boundary and Suspense, then the remote's routes. */
export function RemoteArea({ name }: { name: string }) {
  const registry = useRemoteRegistry();
  return (
    <RemoteBoundary name={name} onRetry={() => registry.retry(name)}>
      <Suspense fallback={<PageLoading />}>
        <RemoteRoutes name={name} />
      </Suspense>
    </RemoteBoundary>
  );
}

/** Decides which remote serves the current path (from /remotes.json); a path nobody serves is a 404. */
function RemoteDispatch() {
  const registry = useRemoteRegistry();
  const { pathname } = useLocation();
  const config = use(registry.config());
  const remote = remoteForPath(config, pathname);
  if (!remote) return <NotFoundPage />;
  return <RemoteArea key={remote.name} name={remote.name} />;
}

interface ConfigBoundaryState {
  failed: boolean;
}

/** When /remotes.json itself cannot be read, the remote paths show the notice (with Retry). */
class ConfigBoundary extends Component<{ onRetry: () => void; children: ReactNode }, ConfigBoundaryState> {
  state: ConfigBoundaryState = { failed: false };
  static getDerivedStateFromError(): ConfigBoundaryState {
    return { failed: true };
  }
  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };
  render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.retry} /> : this.props.children;
  }
}

/** Every path the shell does not serve itself. */
export function RemotePage() {
  const registry = useRemoteRegistry();
  return (
    <ConfigBoundary onRetry={() => registry.retry()}>
      <Suspense fallback={<PageLoading />}>
        <RemoteDispatch />
      </Suspense>
    </ConfigBoundary>
  );
}
