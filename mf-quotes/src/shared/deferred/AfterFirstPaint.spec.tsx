import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { AfterFirstPaint, useShownAfterFirstPaint } from './AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('first shows what comes before it with a space in its place, then its content', async () => {
    const firstFrame: { above: boolean; below: boolean; space: boolean }[] = [];
    function FirstFrame() {
      useLayoutEffect(() => {
        firstFrame.push({
          above: screen.queryByText('On the screen') !== null,
          below: screen.queryByText('Further down') !== null,
          space: screen.queryByTestId('rendering-soon') !== null,
        });
      }, []);
      return null;
    }
    const page = (
      <>
        <p>On the screen</p>
        <AfterFirstPaint>
          <p>Further down</p>
        </AfterFirstPaint>
        <FirstFrame />
      </>
    );
    renderRoutes([{ path: '/', element: page }], '/');

    expect(await screen.findByText('Further down')).toBeInTheDocument();
    expect(screen.queryByTestId('rendering-soon')).not.toBeInTheDocument();
    expect(firstFrame).toEqual([{ above: true, below: false, space: true }]);
  });

  it('waits until what it needs is there, then shows the content', async () => {
    function Page() {
      const [loaded, setLoaded] = useState(false);
      const shown = useShownAfterFirstPaint(loaded);
      return (
        <>
          <button onClick={() => setLoaded(true)}>Load</button>
          {shown ? <p>Content</p> : <p>Waiting</p>}
        </>
      );
    }
    renderRoutes([{ path: '/', element: <Page /> }], '/');
    const load = await screen.findByRole('button', { name: 'Load' });
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await userEvent.setup().click(load);
    expect(await screen.findByText('Content')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });
});
