// The request form and the quote pages are large Chakra pages: on a busy machine (npm test's lanes on two cores) a
// first render has taken more than 15 s. Queries wait longer than the shared 20 s, and a test may take up to two
// minutes, so a slow machine makes a run slower, never red.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 45_000 });
jest.setTimeout(120_000);
