/**
 * KYC documents (issue 27 item 2), shared by the server's upload checks and the console's viewer:
 * Barong's document types and categories, the field limits, and where staff read a document's file.
 */

/** Barong's Document::TYPES (doc_type is matched as sent, case included, as Barong does). */
export const DOCUMENT_TYPES = ['Passport', 'Identity card', 'Driver license', 'Utility Bill', 'Residental', 'Institutional'] as const;
/** Barong 2.7's doc_category: which side or shot of a document (baseapp sends front_side, back_side, selfie). */
export const DOCUMENT_CATEGORIES = ['front_side', 'back_side', 'selfie'] as const;
/** Barong's doc_number format: letters, digits, spaces and dashes, at most 128. */
export const DOC_NUMBER = /^[A-Za-z0-9\- ]{1,128}$/;
export const IDENTIFICATOR = /^[A-Za-z0-9_-]{1,64}$/;
export const DOCUMENT_METADATA_MAX = 4096;

/** The staff route that streams a document's file (the `upload` url of the admin entity). */
export const documentFilePath = (id: number | string) => `/api/v2/barong/admin/documents/${id}`;

/** A document as the admin entities list it (Barong's API_V2_Admin_Entities_Document plus our id and file facts). */
export interface WireDocument {
  id: number;
  upload: string;
  doc_type: string;
  doc_number: string;
  doc_expire: string | null;
  doc_category: string | null;
  identificator: string | null;
  metadata: string | null;
  content_type: string;
  size: number;
  created_at: string;
  updated_at: string;
}
