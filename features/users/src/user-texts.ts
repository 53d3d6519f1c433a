// The users package's texts that other areas show (the client's user counts), read in the language
// in use; every text of the package is in its catalogue (./texts).
import type { UserType } from '@verity/shared-api';
import { t } from './texts';

export type OrganisationUserType = Exclude<UserType, 'client'>;

export const userTexts = {
  get countsLabel() {
    return t('users.counts.label');
  },
  get totalUsers() {
    return t('users.counts.total');
  },
  get admins() {
    return t('users.counts.admins');
  },
  get editors() {
    return t('users.counts.editors');
  },
  get viewers() {
    return t('users.counts.viewers');
  },
};
