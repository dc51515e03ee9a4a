/**
 * The KYC review (pending applications, issue 29 item 4): the applicant's documents by keyboard, and the
 * application's decision by name in the palette (the same held, undoable decision as `a` / `r`). The
 * viewer keys avoid the queue's own (j k a r u [ ] /): + − 0 zoom, Shift+R rotates, , and . step through
 * the documents.
 */
import { resetView, rotate, step, viewerOpen, zoom } from '../src/client/state/document-viewer';
import type { Command, CommandContext } from './types';

const onViewer = () => viewerOpen();
const onQueue = (ctx: CommandContext) => ctx.list?.resource.name === 'pending-applications' && !!ctx.list.review;

export const kycCommands: Command[] = [
  { id: 'kyc.verify', title: 'Verify application', group: 'Review', keywords: ['kyc', 'approve', 'accept', 'documents', 'profile'], can: onQueue, run: (ctx) => ctx.list?.review?.accept() },
  { id: 'kyc.reject', title: 'Reject application', group: 'Review', keywords: ['kyc', 'decline', 'documents', 'profile'], can: onQueue, run: (ctx) => ctx.list?.review?.reject() },
  { id: 'kyc.zoom-in', title: 'Zoom in on the document', group: 'Documents', keywords: ['kyc', 'zoom', 'larger'], shortcut: ['+'], can: onViewer, run: () => zoom(1) },
  { id: 'kyc.zoom-out', title: 'Zoom out of the document', group: 'Documents', keywords: ['kyc', 'zoom', 'smaller'], shortcut: ['-'], can: onViewer, run: () => zoom(-1) },
  { id: 'kyc.zoom-reset', title: 'Document at 100 %, unrotated', group: 'Documents', keywords: ['kyc', 'zoom', 'reset', 'fit'], shortcut: ['0'], can: onViewer, run: () => resetView() },
  { id: 'kyc.rotate', title: 'Rotate the document a quarter turn', group: 'Documents', keywords: ['kyc', 'rotate', 'turn'], shortcut: ['shift+R'], can: onViewer, run: () => rotate() },
  { id: 'kyc.next-document', title: 'Next document', group: 'Documents', keywords: ['kyc', 'document', 'next'], shortcut: ['.'], can: onViewer, run: () => step(1) },
  { id: 'kyc.prev-document', title: 'Previous document', group: 'Documents', keywords: ['kyc', 'document', 'previous'], shortcut: [','], can: onViewer, run: () => step(-1) },
];
