import { createAppStore, Text, WebKitProvider } from '@rampquote/web-kit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { REMOTE_UNAVAILABLE_HEADING } from '../remotes/RemoteUnavailable';
import { PageBoundary } from './PageBoundary';

function Broken(): never {
  throw new Error('Loading chunk 882 failed');
}

function page(path: string, content: ReactNode, onRetry = jest.fn()) {
  return (
    <WebKitProvider store={createAppStore()}>
      <Text>Header stays</Text>
      <PageBoundary path={path} onRetry={onRetry}>
        {content}
      </PageBoundary>
    </WebKitProvider>
  );
}

describe('PageBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the unavailable notice in place of a page that failed to load, keeps the rest, and Retry tries again', async () => {
    const onRetry = jest.fn();
    render(page('/faq', <Broken />, onRetry));
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(REMOTE_UNAVAILABLE_HEADING);
    expect(screen.getByText('Header stays')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the next page again once the user moves to another path', () => {
    const { rerender } = render(page('/faq', <Broken />));
    expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_HEADING);
    rerender(page('/terms', <Text>Terms of Service</Text>));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Terms of Service')).toBeInTheDocument();
  });
});
