// The device's IndexedDB database for working without a signal (idb): the outbox, the plans kept
// for offline use, and who keeps them. Every copy of this module (the shell's, each area's, the
// service worker's) opens the same database and tells the others of a change on one channel.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OFFLINE_DATABASE } from '@verity/session';
import type { OutboxEntry } from './outbox-entry';

/** A plan kept on the device: whose, and since when (the moment its copy was last refreshed). */
export interface KeptPlan {
  planId: string;
  userId: string;
  targetCompanyId: string;
  heading: string;
  /** The page the plan opens on, as it was when kept. */
  path: string;
  savedAt: string;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { byKey: string } };
  plans: { key: string; value: KeptPlan };
  /** 'user': the id of the user who keeps plans here (the service worker caches answers only then). */
  meta: { key: string; value: string };
}

let opening: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex(
        'byKey',
        'key',
        { unique: true },
      );
      db.createObjectStore('plans', { keyPath: 'planId' });
      db.createObjectStore('meta');
    },
    // Signing out deletes the database: this copy lets go at once, and opens it anew if asked.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

const CHANNEL = 'verity-offline';

/** Tells every tab, area and the service worker that the outbox or the kept plans changed. */
export function announceChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `listener` whenever another copy announces a change; returns the way to stop. */
export function onChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener('message', listener);
  return () => channel.close();
}

export async function readOfflineUser(): Promise<string | undefined> {
  return (await offlineDb()).get('meta', 'user');
}

export async function writeOfflineUser(userId: string | undefined): Promise<void> {
  const db = await offlineDb();
  if (userId) await db.put('meta', userId, 'user');
  else await db.delete('meta', 'user');
}

export async function listEntries(): Promise<OutboxEntry[]> {
  return (await offlineDb()).getAll('outbox');
}

export async function readEntry(seq: number): Promise<OutboxEntry | undefined> {
  return (await offlineDb()).get('outbox', seq);
}

export async function addEntry(entry: OutboxEntry): Promise<void> {
  await (await offlineDb()).add('outbox', entry);
  announceChange();
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
  announceChange();
}

export async function deleteEntry(seq: number): Promise<void> {
  await (await offlineDb()).delete('outbox', seq);
  announceChange();
}

export async function listPlans(): Promise<KeptPlan[]> {
  return (await offlineDb()).getAll('plans');
}

export async function putPlan(plan: KeptPlan): Promise<void> {
  await (await offlineDb()).put('plans', plan);
  announceChange();
}

export async function deletePlan(planId: string): Promise<void> {
  await (await offlineDb()).delete('plans', planId);
  announceChange();
}

/** Another user signs in on this device: what the last one kept to read goes; their outbox stays. */
export async function forgetKeptPlans(): Promise<void> {
  const db = await offlineDb();
  await db.clear('plans');
  await db.delete('meta', 'user');
  announceChange();
}
