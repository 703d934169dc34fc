// No zod here: the web's session code imports it on every page (issue 6 JS budget).

/** Masks a phone for display: keeps the first 3 and last 4 digits of long numbers. */
export function fuzzyPhone(phone: string): string {
  if (phone.length <= 7) return `${phone.slice(0, 1)}***${phone.slice(-2)}`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
