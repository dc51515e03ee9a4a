/**
 * Keeps the signed-in staff member's records (state/records.ts): their pins read at sign-in, so Shift+P
 * knows a record is pinned before the palette opens, and every record page they open noted as recent.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { switchRecordsTo, trackRecord } from '../../state/records';
import { useCommandContext } from './use-command-context';

export function RecordTracker() {
  const [path] = useLocation();
  const search = useSearch();
  const uid = useSnapshot(session).user?.uid ?? '';
  const context = useCommandContext();
  useEffect(() => { if (uid) switchRecordsTo(uid); }, [uid]);
  // Only a page the route guard lets the staff member open: a refused one is no record they worked on.
  useEffect(() => {
    if (uid && context().canOpen(path)) trackRecord(uid, search ? `${path}?${search}` : path);
  }, [uid, path, search, context]);
  return null;
}
