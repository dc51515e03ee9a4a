/**
 * The palette's empty state, first (issue 17 item 7): the staff member's pinned records and the record
 * pages they opened last, across areas; Enter opens the record. A pinned record is not listed twice.
 */
import { Command as Cmdk } from 'cmdk';
import type { Pin } from '../../api/pins';
import type { RecordRef } from '../../state/records';
import { Icon } from '../ui/Icon';

interface Props {
  pins: readonly Pin[];
  recent: readonly RecordRef[];
  onOpen(path: string): void;
}

export function RecordItems({ pins, recent, onOpen }: Props) {
  const pinned = new Set(pins.map((p) => p.path));
  const opened = recent.filter((r) => !pinned.has(r.path));
  return (
    <>
      {pins.length > 0 && (
        <Cmdk.Group heading="Pinned">
          {pins.map((p) => (
            <Cmdk.Item key={`pin ${p.id}`} value={`pinned ${p.path}`} keywords={[p.title]} onSelect={() => onOpen(p.path)} className="palette-item">
              <Icon name="pin" size={15} className="palette-item-icon" />
              <span className="palette-item-title">{p.title}</span>
            </Cmdk.Item>
          ))}
        </Cmdk.Group>
      )}
      {opened.length > 0 && (
        <Cmdk.Group heading="Recently opened">
          {opened.map((r) => (
            <Cmdk.Item key={`record ${r.path}`} value={`record ${r.path}`} keywords={[r.title]} onSelect={() => onOpen(r.path)} className="palette-item">
              <Icon name="clock" size={15} className="palette-item-icon" />
              <span className="palette-item-title">{r.title}</span>
            </Cmdk.Item>
          ))}
        </Cmdk.Group>
      )}
    </>
  );
}
