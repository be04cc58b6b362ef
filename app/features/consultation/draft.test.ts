import { describe, expect, it } from "vitest";
import {
  DRAFT_KEY,
  clearDraft,
  isPristine,
  parseDraft,
  readDraft,
  saveDraft,
  typedBeforeHydration,
} from "#app/features/consultation/draft.ts";
import { emptyFormState, type ConsultationFormState } from "#app/features/consultation/schema.ts";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const typed: ConsultationFormState = { ...emptyFormState("id-12345678"), name: "TRAN THI B", phone: "0101", agreeMarketing: true };

describe("the sessionStorage draft", () => {
  it("saves what was typed and reads it back", () => {
    const store = new MemoryStorage();
    saveDraft(typed, store);
    expect(readDraft(store)).toEqual(typed);
  });

  it("keeps nothing for an untouched form, and forgets a draft emptied again", () => {
    const store = new MemoryStorage();
    saveDraft(emptyFormState("id-12345678"), store);
    expect(store.getItem(DRAFT_KEY)).toBeNull();
    saveDraft(typed, store);
    saveDraft(emptyFormState("id-12345678"), store);
    expect(store.getItem(DRAFT_KEY)).toBeNull();
  });

  it("is removed after success", () => {
    const store = new MemoryStorage();
    saveDraft(typed, store);
    clearDraft(store);
    expect(store.length).toBe(0);
  });

  it.each([
    ["not json"],
    ["[]"],
    ["null"],
    [JSON.stringify({ ...typed, phone: 5 })],
    [JSON.stringify({ ...typed, agreeRequired: "yes" })],
    [JSON.stringify({ ...typed, name: "x".repeat(201) })],
  ])("ignores a malformed draft %#", (json) => expect(parseDraft(json)).toBeNull());

  it("drops unknown keys", () => {
    expect(parseDraft(JSON.stringify({ ...typed, evil: "<script>" }))).toEqual(typed);
  });

  it("survives storage that throws (privacy mode, quota)", () => {
    const throwing = new MemoryStorage();
    throwing.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    throwing.getItem = () => {
      throw new Error("SecurityError");
    };
    expect(() => saveDraft(typed, throwing)).not.toThrow();
    expect(readDraft(throwing)).toBeNull();
  });

  it("isPristine ignores the submission id", () => {
    expect(isPristine(emptyFormState("x"))).toBe(true);
    expect(isPristine({ ...emptyFormState("x"), type: "no" })).toBe(false);
    expect(isPristine({ ...emptyFormState("x"), agreeRequired: true })).toBe(false);
  });
});

describe("typedBeforeHydration", () => {
  it("takes the fields typed into the server-rendered form before JavaScript ran", () => {
    const initial = emptyFormState("id-12345678");
    expect(typedBeforeHydration(initial, { ...initial, name: "A", agreeRequired: true, submissionId: "other-id-1" })).toEqual({
      name: "A",
      agreeRequired: true,
    });
    expect(typedBeforeHydration(initial, initial)).toBeNull();
  });
});
