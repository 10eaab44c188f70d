import { Component, Suspense, type ReactNode } from 'react';

/**
 * Shows `fallback` while a lazy part loads, and for good if its chunk cannot be fetched (offline,
 * a deploy replaced it): the reply then stays readable as plain text instead of failing whole.
 */
export class LazyPartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return this.props.fallback;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}
