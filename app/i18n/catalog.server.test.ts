import { describe, expect, it } from "vitest";
import { loadMessages } from "#app/i18n/catalog.server.ts";

describe("loadMessages", () => {
  it("merges the namespaces in order, the shared Korean strings with each language's", () => {
    const messages = loadMessages("vi", ["common", "site"]);
    expect(Object.keys(messages).some((k) => k.startsWith("common."))).toBe(true);
    expect(Object.keys(messages).some((k) => k.startsWith("site."))).toBe(true);
    expect(Object.keys(messages).some((k) => k.startsWith("status."))).toBe(false);
  });

  it("gives the same frozen object for the same language and namespaces, so a render's merge is reused (issue 41)", () => {
    const first = loadMessages("mn", ["status"]);
    expect(loadMessages("mn", ["status"])).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(loadMessages("en", ["status"])).not.toBe(first);
    expect(loadMessages("en", ["status"])["status.meta.title"]).toBe("Your request");
  });

  it("refuses a namespace that has no catalog", () => {
    expect(() => loadMessages("en", ["no-such-namespace"])).toThrow(/missing catalog en\/no-such-namespace/);
  });
});
