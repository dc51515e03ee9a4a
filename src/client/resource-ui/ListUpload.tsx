/**
 * A list's Upload header button (ResourceDecl.upload: tokens', spec §2 Header; manage Token per §6),
 * shown only to roles with the upload's ability, opening UploadDialog.
 */
import { lazy, Suspense, useState } from 'react';
import type { Resource } from '../../shared/resources/define';
import { useAbility } from '../access';
import { HeaderUploadButton } from '../components/layout/header-slots';

const UploadDialog = lazy(() => import('./UploadDialog'));

export function ListUpload({ resource: r, onDone }: { resource: Resource; onDone(): void }) {
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  if (!r.upload || !ability.can(r.upload.ability, r.subject)) return null;
  return (
    <>
      <HeaderUploadButton label={r.upload.label} onPress={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <UploadDialog resource={r} onClose={() => setOpen(false)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
