// The dev outbox pages reach emails/ through this file: Remix empties *.server imports for the
// browser only when they resolve inside app/ (see tests/architecture).
export { listOutbox, readOutboxMessage, requireDevOutbox } from "../../emails/outbox.server";
