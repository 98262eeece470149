// The request form is a large Chakra page: on a busy machine a first render takes seconds. Queries wait longer than
// the shared 5 s, and a test may take up to two minutes, so a slow machine makes a run slower, never red.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);
