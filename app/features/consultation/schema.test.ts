import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { flatten } from "#app/i18n/format.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { validate } from "#app/lib/schema.ts";
import {
  MESSAGES,
  answerList,
  answerPayloadSchema,
  consultationFormSchema,
  emptyFormState,
  expiryDateProblem,
  formErrorsFromPayload,
  formStateFromForm,
  normalizePhone,
  payloadErrorKeys,
  toConsultation,
  toPayload,
  type ConsultationFormState,
} from "#app/features/consultation/schema.ts";
import { VISA_OPTIONS } from "#app/requests/questions.ts";

const ID = "0f5b8c1e-7a4d-4e21-9c3b-2d6f8e9a1b00";
const filled: ConsultationFormState = {
  type: "yes",
  visaType: "E-9",
  expiryChoice: "date",
  expiryDate: "2027/03/15",
  nationality: "Viet Nam",
  name: "NGUYEN VAN A",
  phone: "01012345678",
  agreeRequired: true,
  agreeMarketing: false,
  contactOk: false,
  submissionId: ID,
};
const form = (patch: Partial<ConsultationFormState>) => validate(consultationFormSchema, { ...filled, ...patch }, { crossField: true });
const errorsOf = (patch: Partial<ConsultationFormState>) => {
  const result = form(patch);
  return result.success ? {} : result.errors;
};

describe("consultation form rules (spec §5)", () => {
  it("accepts a complete form and normalises it", () => {
    const result = form({ phone: "010-1234-5678", name: "  NGUYEN VAN A " });
    expect(result).toEqual({ success: true, output: { ...filled, expiryDate: "20270315", name: "NGUYEN VAN A" } });
  });

  it("reports every missing field at once, each with its spec message", () => {
    const result = validate(consultationFormSchema, emptyFormState(ID), { crossField: true });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      type: MESSAGES.intent,
      visaType: MESSAGES.visa,
      expiryChoice: MESSAGES.expiryChoice,
      nationality: "common.errors.required",
      name: "common.errors.required",
      phone: "common.errors.required",
      agreeRequired: MESSAGES.consent,
    });
  });

  it("checks the date against the choice even when other fields fail too", () => {
    expect(errorsOf({ name: "", expiryDate: "" })).toEqual({ name: "common.errors.required", expiryDate: MESSAGES.dateRequired });
  });

  it.each([["maybe"], [""], ["YES"]])("intent %j → 'Please select one of the two options.'", (type) => {
    expect(errorsOf({ type })).toEqual({ type: MESSAGES.intent });
  });

  it("accepts every visa option of spec §3 and nothing else", () => {
    for (const visaType of VISA_OPTIONS) expect(form({ visaType }).success).toBe(true);
    expect(errorsOf({ visaType: "" })).toEqual({ visaType: MESSAGES.visa });
    expect(errorsOf({ visaType: "H-2" })).toEqual({ visaType: MESSAGES.visa });
  });

  it("expiry choice is required", () => {
    expect(errorsOf({ expiryChoice: "" })).toEqual({ expiryChoice: MESSAGES.expiryChoice });
  });

  it.each([
    ["", MESSAGES.dateRequired],
    ["   ", MESSAGES.dateRequired],
    ["2027-03-15", MESSAGES.dateFormat],
    ["2027/3/15", MESSAGES.dateFormat],
    ["2027031", MESSAGES.dateFormat],
    ["202703151", MESSAGES.dateFormat],
    ["abcdefgh", MESSAGES.dateFormat],
    ["20270230", MESSAGES.dateInvalid],
    ["2027/13/01", MESSAGES.dateInvalid],
  ])("a date of %j → %s", (expiryDate, message) => {
    expect(errorsOf({ expiryDate })).toEqual({ expiryDate: message });
  });

  it("accepts YYYYMMDD and YYYY/MM/DD, stored as YYYYMMDD", () => {
    expect(form({ expiryDate: "20280229" })).toMatchObject({ success: true, output: { expiryDate: "20280229" } });
    expect(form({ expiryDate: "2028/02/29" })).toMatchObject({ success: true, output: { expiryDate: "20280229" } });
  });

  it("'unknown' needs no date, and ignores whatever the date field holds", () => {
    expect(form({ expiryChoice: "unknown", expiryDate: "" })).toMatchObject({
      success: true,
      output: { expiryChoice: "unknown", expiryDate: "" },
    });
    expect(form({ expiryChoice: "unknown", expiryDate: "garbage" })).toMatchObject({ success: true, output: { expiryDate: "" } });
  });

  it.each([["nationality"], ["name"]] as const)("%s is required and at most 100 characters", (field) => {
    expect(errorsOf({ [field]: "  " })).toEqual({ [field]: "common.errors.required" });
    expect(errorsOf({ [field]: "x".repeat(101) })).toEqual({ [field]: "common.errors.tooLong" });
  });

  it.each([
    "01012345678",
    "0101234567",
    "01112345678",
    "0161234567",
    "01712345678",
    "01812345678",
    "01912345678",
    "010 1234 5678",
    "+82 10-1234-5678",
  ])("phone %j is a Korean mobile number", (phone) => expect(form({ phone }).success).toBe(true));
  it.each(["0101234567890", "010123456", "01212345678", "01512345678", "02123456789", "11012345678", "84912345678"])(
    "phone %j is not",
    (phone) => expect(errorsOf({ phone })).toEqual({ phone: MESSAGES.phoneFormat }),
  );
  it("phone keeps digits only", () => {
    expect(normalizePhone("010-1234-5678")).toBe("01012345678");
    expect(normalizePhone("+82 10 1234 5678")).toBe("01012345678");
    expect(normalizePhone("+82 010 1234 5678")).toBe("01012345678");
    expect(normalizePhone("abc")).toBe("");
    expect(errorsOf({ phone: "---" })).toEqual({ phone: "common.errors.required" });
  });

  it("the required consent must be ticked; marketing is optional", () => {
    expect(errorsOf({ agreeRequired: false })).toEqual({ agreeRequired: MESSAGES.consent });
    expect(form({ agreeMarketing: true }).success).toBe(true);
  });

  it("needs a well-formed submission id, or none (a post made before the page's script made one)", () => {
    expect(errorsOf({ submissionId: "" })).toEqual({});
    expect(errorsOf({ submissionId: "<script>alert(1)</script>" })).toEqual({ submissionId: MESSAGES.submission });
  });

  it("refuses wrong types without throwing", () => {
    const result = validate(
      consultationFormSchema,
      { ...filled, phone: 1012345678, agreeRequired: "yes", name: null },
      { crossField: true },
    );
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.errors).sort()).toEqual(["agreeRequired", "name", "phone"]);
    expect(validate(consultationFormSchema, "nope").success).toBe(false);
  });
});

describe("expiryDateProblem (choosing 'unknown' makes any date fine)", () => {
  it("only judges the date when the choice is 'date'", () => {
    expect(expiryDateProblem("unknown", "")).toBeNull();
    expect(expiryDateProblem("", "x")).toBeNull();
    expect(expiryDateProblem("date", "")).toBe(MESSAGES.dateRequired);
  });
});

describe("formStateFromForm (the form posted without JavaScript)", () => {
  it("reads text fields and the 'Y' checkboxes", () => {
    const posted = new URLSearchParams({ ...filled, agreeRequired: "Y", agreeMarketing: "Y" } as unknown as Record<string, string>);
    expect(formStateFromForm(posted)).toEqual({ ...filled, agreeMarketing: true });
    expect(formStateFromForm(new URLSearchParams())).toEqual(emptyFormState(""));
  });
});

const payload = (patch: Record<string, unknown> = {}, answers: Record<number, string> = {}) => ({
  submission_id: ID,
  marketing_yn: "N",
  answer_list: Object.entries({ 1: "yes", 2: "E-9", 3: "20270315", 4: "Viet Nam", 5: "NGUYEN VAN A", 6: "01012345678", ...answers }).map(
    ([seq, content]) => ({
      question_seq: Number(seq),
      answer_content: content,
    }),
  ),
  ...patch,
});
const api = (body: unknown) => validate(answerPayloadSchema, body, { crossField: true });
const apiErrors = (body: unknown) => {
  const result = api(body);
  return result.success ? {} : payloadErrorKeys(result.errors);
};

describe("API payload rules (spec §7 POST /svc/answer/create)", () => {
  it("accepts the spec's payload (no submission id, no agree_yn) and normalises it", () => {
    const { submission_id: _omit, ...spec } = payload({}, { 3: "2027/03/15", 6: "010-1234-5678" });
    const result = api(spec);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(toConsultation(result.output)).toEqual({
      answers: {
        type: "yes",
        visaType: "E-9",
        expiryChoice: "date",
        expiryDate: "20270315",
        nationality: "Viet Nam",
        name: "NGUYEN VAN A",
        phone: "01012345678",
      },
      marketing: false,
      contactOk: false,
      submissionId: null,
      check: null,
    });
  });

  it("'unknown' as question 3 means the visitor does not know the date", () => {
    const result = api(payload({}, { 3: "unknown" }));
    expect(result).toMatchObject({ success: true, output: { expiryChoice: "unknown", expiryDate: "" } });
  });

  it.each([
    [{ 3: "" }, { "answer_list.3": MESSAGES.dateRequired }],
    [{ 3: "2027-03-15" }, { "answer_list.3": MESSAGES.dateFormat }],
    [{ 3: "20270231" }, { "answer_list.3": MESSAGES.dateInvalid }],
    [{ 1: "maybe" }, { "answer_list.1": MESSAGES.intent }],
    [{ 2: "B-1" }, { "answer_list.2": MESSAGES.visa }],
    [{ 4: "" }, { "answer_list.4": "common.errors.required" }],
    [{ 5: " " }, { "answer_list.5": "common.errors.required" }],
    [{ 6: "+1 415 555 0100" }, { "answer_list.6": MESSAGES.phoneFormat }],
    [
      { 1: "", 6: "" },
      { "answer_list.1": MESSAGES.intent, "answer_list.6": "common.errors.required" },
    ],
  ])("answers %j → %j", (answers, errors) => {
    expect(apiErrors(payload({}, answers))).toEqual(errors);
  });

  it.each([
    ["a missing answer", { answer_list: payload().answer_list.slice(0, 5) }, "answer_list"],
    [
      "a repeated question",
      { answer_list: [...payload().answer_list.slice(0, 5), { question_seq: 1, answer_content: "no" }] },
      "answer_list",
    ],
    ["a seventh question", { answer_list: [...payload().answer_list, { question_seq: 7, answer_content: "x" }] }, "answer_list"],
    [
      "a string question_seq",
      { answer_list: payload().answer_list.map((a) => ({ ...a, question_seq: String(a.question_seq) })) },
      "answer_list",
    ],
    ["a number answer", { answer_list: payload().answer_list.map((a) => ({ ...a, answer_content: 1 })) }, "answer_list"],
    ["an answer list that is not a list", { answer_list: "yes" }, "answer_list"],
    ["marketing_yn not Y/N", { marketing_yn: "yes" }, "marketing_yn"],
    ["marketing_yn missing", { marketing_yn: undefined }, "marketing_yn"],
    ["agree_yn N", { agree_yn: "N" }, "agree_yn"],
    ["a malformed submission id", { submission_id: "../../etc" }, "submission_id"],
  ])("refuses %s", (_name, patch, key) => {
    expect(Object.keys(apiErrors(payload(patch)))).toContain(key);
  });

  it("maps API error keys back onto the form's fields", () => {
    expect(
      formErrorsFromPayload({ "answer_list.6": "bad phone", "answer_list.3": "bad date", agree_yn: "agree", answer_list: "x" }),
    ).toEqual({
      phone: "bad phone",
      expiryDate: "bad date",
      agreeRequired: "agree",
    });
  });
});

describe("the form's payload is what the API accepts", () => {
  it("round-trips a form through toPayload and the API schema", () => {
    const result = form({ agreeMarketing: true });
    if (!result.success) throw new Error("form invalid");
    const body = toPayload(result.output);
    expect(body).toEqual({
      submission_id: ID,
      marketing_yn: "Y",
      agree_yn: "Y",
      answer_list: [
        { question_seq: 1, answer_content: "yes" },
        { question_seq: 2, answer_content: "E-9" },
        { question_seq: 3, answer_content: "20270315" },
        { question_seq: 4, answer_content: "Viet Nam" },
        { question_seq: 5, answer_content: "NGUYEN VAN A" },
        { question_seq: 6, answer_content: "01012345678" },
      ],
    });
    const back = api(JSON.parse(JSON.stringify(body)));
    expect(back.success).toBe(true);
    if (back.success) expect(toConsultation(back.output)).toEqual(toConsultation(result.output));
  });

  it("sends 'unknown' as question 3 when the visitor does not know the date", () => {
    const result = form({ expiryChoice: "unknown", expiryDate: "" });
    if (!result.success) throw new Error("form invalid");
    expect(answerList(result.output)[2]).toEqual({ question_seq: 3, answer_content: "unknown" });
  });
});

describe("every message exists in all five languages", () => {
  const keys = Object.values(MESSAGES);
  it.each([...LOCALES])("%s", (locale) => {
    const catalog = (ns: string) => flatten(JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, "utf8")), ns);
    const messages = { ...catalog("common"), ...catalog("consultation") };
    for (const key of keys) expect(messages[key], `${locale} ${key}`).toBeTruthy();
  });
  // The spec (§5) quotes every English message word for word, and English shows exactly those
  // (issue 37; the field's hint keeps the YYYY/MM/DD the input types).
  it("English messages are the spec's, word for word", () => {
    const en = flatten(JSON.parse(readFileSync("locales/en/consultation.json", "utf8")), "consultation");
    expect(en[MESSAGES.intent]).toBe("Please select one of the two options.");
    expect(en[MESSAGES.visa]).toBe("Please select a required option.");
    expect(en[MESSAGES.expiryChoice]).toBe("Please select one of the two options.");
    expect(en[MESSAGES.dateRequired]).toBe("Please enter the expiry date.");
    expect(en[MESSAGES.dateFormat]).toBe("Use format YYYYMMDD.");
    expect(en[MESSAGES.consent]).toBe("You must agree to the mandatory policy.");
    expect(en["consultation.consent.notice"]).toBe("Please agree to the collection and use of personal information to proceed.");
    expect(en["consultation.errors.submitFailed"]).toBe("Submit failed. Please try again.");
  });
});
