import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import type { AppStore } from '../store/create-app-store';
import { system } from './system';

if (typeof document !== 'undefined') {
  // RampQuote is dark-only: the semantic tokens' `_dark` values apply under `.dark`.
  document.documentElement.classList.add('dark');
}

export interface WebKitProviderProps {
  store: AppStore;
  children: ReactNode;
}

/** The store and the Chakra system, once, around the whole page (shell or standalone bundle). */
export function WebKitProvider({ store, children }: WebKitProviderProps) {
  return (
    <ReduxProvider store={store}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </ReduxProvider>
  );
}
