import { useLanguage } from '@verity/session';
import type { ComponentType } from 'react';
import { ErrorPage } from '@verity/shared-ui';
import { remoteCrashedText, remoteUnavailableText } from '../strings';

export interface RemoteUnavailableProps {
  areaLabel: string;
  /** True when the area loaded but failed while rendering. */
  crashed?: boolean;
}

export function RemoteUnavailable({ areaLabel, crashed = false }: RemoteUnavailableProps) {
  useLanguage();
  return (
    <ErrorPage
      message={crashed ? remoteCrashedText(areaLabel) : remoteUnavailableText(areaLabel)}
    />
  );
}

export interface RemoteAppModule {
  default: ComponentType;
}

/** The module the runtime hands back in place of an area that cannot be loaded. */
export function remoteUnavailableModule(areaLabel: string): RemoteAppModule {
  return { default: () => <RemoteUnavailable areaLabel={areaLabel} /> };
}
