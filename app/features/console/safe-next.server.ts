/** Where to go after signing in or switching language: only a path inside the console; anything else goes to the inbox. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/admin";
  if (!/^\/admin(?:[/?#]|$)/.test(value) || value.includes("//") || value.includes("\\") || /\p{Cc}/u.test(value)) return "/admin";
  return value;
}
