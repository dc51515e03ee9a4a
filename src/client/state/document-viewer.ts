/**
 * The KYC review's document viewer (screens/kyc-review): the applicant's documents on screen, which one
 * is shown, its zoom and rotation. A store, so the palette's viewer commands (commands/kyc.ts: + − 0
 * Shift+R , .) and the panel read and change the same state; each document opens at 100 %, unrotated.
 */
import { proxy } from 'valtio';
import type { WireDocument } from '../../shared/documents';

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const ONE = ZOOM_STEPS.indexOf(1);

export const documentViewer = proxy({
  /** The applicant whose documents are shown; null while no review panel is open. */
  uid: null as string | null,
  docs: [] as WireDocument[],
  index: 0,
  zoomStep: ONE,
  /** Clockwise quarter turns, 0–3. */
  turns: 0,
});

export const viewerOpen = (): boolean => documentViewer.uid !== null && documentViewer.docs.length > 0;
export const zoomOf = (step: number): number => ZOOM_STEPS[step] ?? 1;

function fresh(): void {
  documentViewer.zoomStep = ONE;
  documentViewer.turns = 0;
}

/** The panel shows this applicant's documents (null: the panel closed). */
export function showDocuments(uid: string | null, docs: readonly WireDocument[] = []): void {
  if (uid === documentViewer.uid && docs.length === documentViewer.docs.length) return;
  documentViewer.uid = uid;
  documentViewer.docs = [...docs];
  documentViewer.index = 0;
  fresh();
}

export function zoom(delta: 1 | -1): void {
  documentViewer.zoomStep = Math.min(ZOOM_STEPS.length - 1, Math.max(0, documentViewer.zoomStep + delta));
}
export const resetView = (): void => fresh();
export function rotate(): void { documentViewer.turns = (documentViewer.turns + 1) % 4; }

/** The next (1) or previous (−1) document, wrapping; it opens at 100 %, unrotated. */
export function step(delta: 1 | -1): void {
  const n = documentViewer.docs.length;
  if (n === 0) return;
  documentViewer.index = (documentViewer.index + delta + n) % n;
  fresh();
}
