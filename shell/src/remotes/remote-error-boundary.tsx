import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError } from './remote-load-error';
import { RemoteUnavailable } from './remote-unavailable';

interface RemoteErrorBoundaryProps {
  areaLabel: string;
  /** A new value (the next location) clears a caught error, so the sidebar can lead away from it. */
  resetKey: string;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: unknown;
  resetKey: string;
}

/** Keeps a failing remote inside the layout: the error page replaces the area, never the whole shell. */
export class RemoteErrorBoundary extends Component<
  RemoteErrorBoundaryProps,
  RemoteErrorBoundaryState
> {
  override state: RemoteErrorBoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RemoteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: RemoteErrorBoundaryProps,
    state: RemoteErrorBoundaryState,
  ): Partial<RemoteErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: undefined, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[verity] the ${this.props.areaLabel} area failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <RemoteUnavailable
        areaLabel={this.props.areaLabel}
        crashed={!(error instanceof RemoteLoadError)}
      />
    );
  }
}
