/** A document as Barong's entities send it (API_V2_Entities_Document, admin and customer), plus its id, type and size. */
import { documentFilePath, type WireDocument } from '../../../shared/documents.js';
import type { DocumentRow } from '../../db/queries/documents.js';
import { iso } from '../../db/queries/user-json.js';

/** `upload` is where the reader may fetch the file: the staff route for staff, the customer's own for customers. */
export function documentEntity(d: DocumentRow, audience: 'admin' | 'customer' = 'admin'): WireDocument {
  return {
    id: d.id,
    upload: audience === 'admin' ? documentFilePath(d.id) : `/api/v2/barong/resource/documents/${d.id}`,
    doc_type: d.doc_type,
    doc_number: d.doc_number,
    doc_expire: d.doc_expire,
    doc_category: d.doc_category,
    identificator: d.identificator,
    metadata: d.metadata === null || d.metadata === undefined ? null : JSON.stringify(d.metadata),
    content_type: d.content_type,
    size: d.byte_size,
    created_at: iso(d.created_at)!,
    updated_at: iso(d.updated_at)!,
  };
}
