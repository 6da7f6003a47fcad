/**
 * C0 control characters and DEL. No form has a use for them, and a NUL byte once broke a write
 * half-way (issue 13). A text area keeps tab and its line breaks (browsers send CR LF).
 * A file of their own: the list filters strip them in every list page's chunk, which then does
 * not carry the validation messages along (the page-weight budget, ADR 0043).
 */
export const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
export const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
