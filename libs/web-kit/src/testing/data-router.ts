/**
 * For tests only: react-router's data router (`createMemoryRouter` + `RouterProvider`), whose `router.state` and
 * `router.navigate` let a test read and change where the page is.
 *
 * The pages themselves run under the declarative `BrowserRouter` that web-kit's index exports: the data router
 * (loaders, actions, fetchers, revalidation) is about 17 KB gzip that no RampQuote page uses, and since web-kit is
 * a shared module (never tree shaken), anything its index exports reaches the first page. Product code
 * never imports this module (lint), so the data router is not in any bundle.
 */
export { createMemoryRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
