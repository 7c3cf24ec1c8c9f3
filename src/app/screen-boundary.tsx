import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A screen whose code failed to load (lost connection, new deploy) offers a reload. */
export class ScreenBoundary extends Component<{ children: ReactNode; fallback: (error: Error, retry: () => void) => ReactNode }, State> {
  override state: State = { error: null };
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error, () => window.location.reload()) : this.props.children;
  }
}
