import { render, screen } from '@testing-library/react';
import { Badge } from '@chakra-ui/react';
import { createAppStore } from '../store/create-app-store';
import { pageCss, variableValues } from '../testing/page-css';
import { WebKitProvider } from './WebKitProvider';

describe('the Chakra system', () => {
  it('sets every colour of the dark look once, at the root, with no light value left to override', () => {
    render(
      <WebKitProvider store={createAppStore()}>
        <p>Ramp</p>
      </WebKitProvider>,
    );
    const css = pageCss();

    expect(document.documentElement).toHaveClass('dark');
    expect(variableValues(css, '--chakra-colors-fg')).toEqual(['var(--chakra-colors-navy-50)']);
    expect(variableValues(css, '--chakra-colors-bg')).toEqual(['var(--chakra-colors-navy-950)']);
    expect(variableValues(css, '--chakra-colors-brand-solid')).toEqual(['var(--chakra-colors-brand-400)']);
    expect(variableValues(css, '--chakra-colors-fg-error')).toEqual(['#FF8A8A']);
    expect(css).not.toMatch(/\.dark[^{]*\{\s*--chakra-colors-/);
  });

  it.each(['brand', 'gray', 'red', 'orange', 'yellow', 'green', 'blue'])(
    'keeps the %s palette the bundles colour badges and borders with',
    (palette) => {
      render(
        <WebKitProvider store={createAppStore()}>
          <Badge colorPalette={palette}>Status</Badge>
        </WebKitProvider>,
      );
      const css = pageCss();

      expect(screen.getByText('Status')).toBeVisible();
      for (const token of ['solid', 'contrast', 'fg', 'subtle', 'muted', 'focus-ring'])
        expect(variableValues(css, `--chakra-colors-${palette}-${token}`)).toHaveLength(1);
      expect(variableValues(css, `--chakra-colors-${palette}-500`)).toHaveLength(1);
    },
  );
});
