import { useStore } from 'zustand';
import { sessionStore, type SessionState } from './session-store';

const wholeState = (state: SessionState): SessionState => state;

export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  return useStore<typeof sessionStore, T | SessionState>(sessionStore, selector ?? wholeState);
}
