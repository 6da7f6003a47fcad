/**
 * The in-process runner has no cron engine (Bull brings one on Redis). It only understands
 * "M H * * *", once a day at H:M Kathmandu time, which covers the nightly sweeps; anything else
 * throws so a schedule never silently stops running on a laptop.
 */
export const SCHEDULE_TZ = "Asia/Kathmandu";

export interface DailyTime {
  hour: number;
  minute: number;
}

export function parseDailyCron(cron: string): DailyTime {
  const fields = cron.trim().split(/\s+/);
  const match =
    fields.length === 5 &&
    /^\d{1,2}$/.test(fields[0]) &&
    /^\d{1,2}$/.test(fields[1]) &&
    fields.slice(2).every((f) => f === "*");
  const minute = Number(fields[0]);
  const hour = Number(fields[1]);
  if (!match || minute > 59 || hour > 23) {
    throw new Error(
      `Inline job runner supports only daily crons "M H * * *"; got "${cron}". Set REDIS_URL to use Bull.`,
    );
  }
  return { hour, minute };
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHEDULE_TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Kathmandu wall-clock parts of an instant. */
export function kathmanduClock(at: Date): { day: string; hour: number; minute: number } {
  const parts = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}
