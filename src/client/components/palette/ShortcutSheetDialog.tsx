/** The open `?` sheet (ShortcutSheet loads it): every shortcut the user can use here, generated from the same command list as the palette. */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Command } from '../../../../commands';
import { closeShortcuts } from '../../state/palette';
import { Kbd } from './Kbd';
import { FILTER_SYNTAX } from './filter-query';
import { useCommandSource, useCommandsVersion } from './use-commands';
import './palette.css';

export default function ShortcutSheetDialog() {
  const source = useCommandSource();
  // Rendered again when the page's commands change (a list that mounts adds its keys to the sheet).
  useCommandsVersion();
  const groups = new Map<string, Command[]>();
  for (const c of source.commands()) if (c.shortcut) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(o) => !o && closeShortcuts()}>
      <Modal className="modal sheet">
        <Dialog className="dialog" aria-label="Keyboard shortcuts">
          <Heading slot="title" className="dialog-title">Keyboard shortcuts</Heading>
          <div className="sheet-groups">
            {[...groups.entries()].map(([group, list]) => (
              <section key={group} className="sheet-group" aria-label={group}>
                <h3 className="sheet-group-title">{group}</h3>
                <dl className="sheet-list">
                  {list.map((c) => (
                    <div className="sheet-row" key={c.id} data-command={c.id}>
                      <dt>{c.title.replace(/^Go to /, '')}</dt>
                      <dd><Kbd shortcut={c.shortcut!} /></dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            <section className="sheet-group" aria-label="Palette: filter a list">
              <h3 className="sheet-group-title">Palette: filter a list</h3>
              <dl className="sheet-list">
                {FILTER_SYNTAX.map(([syntax, meaning]) => (
                  <div className="sheet-row" key={syntax}>
                    <dt>{meaning}</dt>
                    <dd><code className="sheet-syntax">{syntax}</code></dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
