/**
 * The one error type services throw when a request cannot be done as asked: the words for the
 * user, the HTTP status it answers with, and optionally the form fields it concerns. Routes never
 * pick these apart by hand: app/utils/domain-error.server.ts turns one into a 4xx response (field
 * errors under the form, or a message/toast) and error boundaries render thrown 403/404s.
 * Anything that is not a DomainError is a bug and becomes a 500.
 */
export type DomainStatus = 400 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

export interface DomainErrorOptions {
  status?: DomainStatus;
  /** Field name → messages, shown under those fields of the form that was posted. */
  fieldErrors?: Record<string, string[]>;
}

export class DomainError extends Error {
  readonly status: DomainStatus;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.status = options.status ?? 400;
    this.fieldErrors = options.fieldErrors;
  }

  /** The first field the error concerns, if any. */
  get field(): string | undefined {
    return this.fieldErrors ? Object.keys(this.fieldErrors)[0] : undefined;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** A value the user typed is refused: 400 with the message under `field`. */
export function fieldError(field: string, message: string, status: DomainStatus = 400): DomainError {
  return new DomainError(message, { status, fieldErrors: { [field]: [message] } });
}

/** No such thing, or not one the user may know of (ids reveal nothing): 404. */
export function notFoundError(message = "Not Found"): DomainError {
  return new DomainError(message, { status: 404 });
}

/** The user may not do this at all: 403. */
export function forbiddenError(message = "Unauthorized"): DomainError {
  return new DomainError(message, { status: 403 });
}

/** The thing is no longer in a state that allows this (someone else acted first): 409. */
export function conflictError(message: string): DomainError {
  return new DomainError(message, { status: 409 });
}
