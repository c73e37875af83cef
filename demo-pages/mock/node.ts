/** The mock backend for vitest: `msw/node` over the same handlers as the demo. */
import { setupServer } from 'msw/node';
import { createBackend } from './backend';

export const backend = createBackend();
export const server = setupServer(...backend.handlers);
