import type * as Testing from '@testing-library/react/pure';
import type * as Store from '../store/create-app-store';
import type * as Provider from './WebKitProvider';
import type * as System from './system';
import { pageCss, variableValues } from '../testing/page-css';

/** The global styles' sheet as a prerendered page's HTML holds it (web-kit's hoistStyles), with a value to tell it by. */
const PRERENDERED_GLOBAL_STYLES =
  '<style data-emotion="css-global x1y2z3" data-s="">:where(:root, :host){--chakra-colors-bg:#010203;}</style>';

/** The system and the provider as a page loads them: evaluated after its HTML (and its styles) is in the document. */
function loadPage(headHtml: string) {
  document.head.innerHTML = headHtml;
  let modules!: { testing: typeof Testing; store: typeof Store; provider: typeof Provider; system: typeof System };
  jest.isolateModules(() => {
    modules = {
      testing: require('@testing-library/react/pure'),
      store: require('../store/create-app-store'),
      provider: require('./WebKitProvider'),
      system: require('./system'),
    };
  });
  return modules;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the system's global styles", () => {
  it('are not added a second time to a page that arrived with them', () => {
    const { testing, store, provider } = loadPage(PRERENDERED_GLOBAL_STYLES);
    testing.render(
      <provider.WebKitProvider store={store.createAppStore()}>
        <p>Ramp</p>
      </provider.WebKitProvider>,
    );
    expect(testing.screen.getByText('Ramp')).toBeVisible();
    expect(variableValues(pageCss(), '--chakra-colors-bg')).toEqual(['#010203']);
    testing.cleanup();
  });

  it('are added by the provider to a page without them', () => {
    const { testing, store, provider } = loadPage('');
    testing.render(
      <provider.WebKitProvider store={store.createAppStore()}>
        <p>Ramp</p>
      </provider.WebKitProvider>,
    );
    expect(variableValues(pageCss(), '--chakra-colors-bg')).toEqual(['var(--chakra-colors-navy-950)']);
    testing.cleanup();
  });

  it("are recognised in a page by the tokens' variables, not by any global style sheet", () => {
    const { system } = loadPage('');
    const page = (html: string) => new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html');
    expect(system.holdsPrerenderedGlobalStyles(page(PRERENDERED_GLOBAL_STYLES))).toBe(true);
    // The cascade layers' order is a global sheet of its own, without variables.
    expect(
      system.holdsPrerenderedGlobalStyles(
        page('<style data-emotion="css-global a1" data-s="">@layer reset, base, tokens, recipes;</style>'),
      ),
    ).toBe(false);
    // A component's styles that happen to read the variable.
    expect(
      system.holdsPrerenderedGlobalStyles(
        page('<style data-emotion="css b2" data-s="">.css-b2{background:var(--chakra-colors-bg);}</style>'),
      ),
    ).toBe(false);
  });
});
