/** Pinned records (issue 17 item 7): the bounds the server keeps and the client offers within. */

/** Pins per staff member. */
export const PIN_MAX = 50;
export const PIN_TITLE_MAX = 120;
/** A console path: a first segment, then anything printable without spaces, at most 300 characters. */
export const PIN_PATH = /^\/[A-Za-z0-9_-][\x21-\x7e]{0,298}$/;
