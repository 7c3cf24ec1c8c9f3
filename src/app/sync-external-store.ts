/**
 * React 19's own useSyncExternalStore, in place of the use-sync-external-store shim that wouter
 * and @xstate/react import (written for React 16-17; on React 18+ it only hands this one back).
 * vite.config.ts points the shim's module here, so its CommonJS wrapper stays off the pages.
 */
export { useSyncExternalStore } from 'react';
