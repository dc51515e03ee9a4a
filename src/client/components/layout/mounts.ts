/**
 * Components the shell renders once, beside every signed-in page. The command palette
 * (components/palette) mounts here: add it to this list; it reads and closes state/palette.
 */
import type { ComponentType } from 'react';

export const shellOverlays: ComponentType[] = [];
