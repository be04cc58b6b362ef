/** A console form's named fields as a schema reads them: empty ones left out, line breaks as \n. */
export function filledFields(form: URLSearchParams, names: readonly string[]): Record<string, string> {
  const input: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (value !== null && value !== "") input[name] = value.replace(/\r\n/g, "\n");
  }
  return input;
}
