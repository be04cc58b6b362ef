import { describe, expect, it } from "vitest";
import { validate } from "#app/lib/schema.ts";
import { proposalFormSchema, proposalSchema } from "#app/features/company/schema.ts";

const filled = {
  proposer_name: "Example Org",
  proposer_phone: "02-1234-5678",
  proposer_email: "partner@example.com",
  proposal_content: "Let us work together.",
};

describe("partnership proposal (spec §5)", () => {
  it("requires all four fields with 'This field is required.' (catalog key)", () => {
    const result = validate(proposalSchema, { proposer_name: " ", proposer_phone: "", proposer_email: "", proposal_content: "" });
    expect(result).toEqual({
      success: false,
      errors: {
        proposer_name: "common.errors.required",
        proposer_phone: "common.errors.required",
        proposer_email: "common.errors.required",
        proposal_content: "common.errors.required",
      },
    });
  });
  it("keeps digits only in the phone and does not check the e-mail's format", () => {
    const result = validate(proposalSchema, { ...filled, proposer_email: "partner at example" });
    expect(result).toMatchObject({ success: true, output: { proposer_phone: "0212345678", proposer_email: "partner at example" } });
  });
  it("needs consent on the form", () => {
    expect(validate(proposalFormSchema, filled)).toMatchObject({ success: false, errors: { agree: "company.contact.consent.error" } });
    expect(validate(proposalFormSchema, { ...filled, agree: "on" }).success).toBe(true);
    expect(validate(proposalFormSchema, { ...filled, agree: true }).success).toBe(true);
  });
});
