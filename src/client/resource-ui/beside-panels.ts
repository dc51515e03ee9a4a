/**
 * Bespoke panels an approval queue opens beside its list instead of the generic RowPanel (Enter on a
 * row, then following j/k): the pending applications' KYC review (documents, profile, decisions). Loaded
 * on first use, so no list's bundle carries them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Review } from './use-review';

export interface BesidePanelProps {
  /** The row's key (an applicant's uid). */
  id: string;
  onClose(): void;
  /** The queue's keyboard review: the panel's own decision buttons send through it. */
  review?: Review;
}

export const BESIDE_PANELS: Readonly<Record<string, LazyExoticComponent<ComponentType<BesidePanelProps>>>> = {
  'pending-applications': lazy(() => import('../screens/kyc-review/KycReviewPanel')),
};
