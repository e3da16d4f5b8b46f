import { failedToStart, startServer } from './server';

/** The product's entry point: a new database starts with an untitled website and an empty store. */
startServer().catch(failedToStart);
