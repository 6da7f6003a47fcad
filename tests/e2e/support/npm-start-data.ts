// Run as a child process against the `npm start` server's own database (DATA_DIR set by the
// caller, tests/e2e/support/npm-start.ts), since the test process's database is the main e2e
// server's. Prints one JSON line.
//   make N      a new free trekker with N unpaid registrations (through the modules' services)
//               and a session cookie for that trekker
import { makeUser } from "./data";
import { unpaidRegistration } from "./paid";
import { sessionCookie } from "./auth-cookie";

const [command, arg] = process.argv.slice(2);
if (command === "make") {
  const user = await makeUser({ userType: 1 });
  const regIds: number[] = [];
  for (let i = 0; i < Number(arg || 1); i++) regIds.push((await unpaidRegistration(user)).regId);
  console.log(JSON.stringify({ email: user.email, regIds, cookie: await sessionCookie(user.email) }));
} else {
  console.error("Usage: tsx tests/e2e/support/npm-start-data.ts make N");
  process.exit(2);
}
process.exit(0);
