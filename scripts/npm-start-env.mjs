// The settings the browser suite gives its own servers (playwright.config.ts) and that a fresh
// clone's `npm start` does not have: unset for the suite's `npm start` server and for the test
// helper that writes into that server's database (tests/e2e/support/npm-start.ts).
export const NPM_START_UNSET = [
  "HOST",
  "PORT",
  "APP_URL",
  "NODE_ENV",
  "DATABASE_URL",
  "REDIS_URL",
  "TEST_DATABASE_URL",
  "SQLITE_PATH",
  "DATA_DIR",
  "OUTBOX_DIR",
  "FILES_DIR",
  "SESSION_SECRET",
  "PASSWORD_SCRYPT_N",
  "LOGIN_MAX_FAILURES",
  "MAIL_LIMIT_PER_ADDRESS",
  "SELF_CHECKIN_PER_ADDRESS",
  "API_BAD_TOKENS_PER_MINUTE",
  "FILTER_CHOICES_SECONDS",
  "E2E_PORT",
  "E2E_EXPIRY_PORT",
  "QUEUE_PREFIX",
];
