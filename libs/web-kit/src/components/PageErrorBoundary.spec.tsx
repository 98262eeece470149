import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('Loading chunk 882 failed');
}

const NOTICE = 'This page could not be loaded';

function page(path: string, content: ReactNode, onRetry = jest.fn()) {
  return (
    <>
      <p>Header stays</p>
      <PageErrorBoundary
        resetKey={path}
        onRetry={onRetry}
        fallback={(retry) => (
          <div role="alert">
            {NOTICE}
            <button onClick={retry}>Retry</button>
          </div>
        )}
      >
        {content}
      </PageErrorBoundary>
    </>
  );
}

describe('PageErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the fallback in place of a page that failed to load, keeps the rest, and Retry tries again', async () => {
    const onRetry = jest.fn();
    render(page('/faq', <Broken />, onRetry));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTICE);
    expect(screen.getByText('Header stays')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the next page again once the user moves to another path', () => {
    const { rerender } = render(page('/faq', <Broken />));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTICE);
    rerender(page('/terms', <p>Terms of Service</p>));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Terms of Service')).toBeInTheDocument();
  });

  it('keeps showing the fallback while the path stays the same', () => {
    const { rerender } = render(page('/faq', <Broken />));
    rerender(page('/faq', <p>FAQ</p>));
    expect(screen.getByRole('alert')).toHaveTextContent(NOTICE);
  });
});
