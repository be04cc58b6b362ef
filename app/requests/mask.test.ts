import { describe, expect, it } from "vitest";
import { maskPhone } from "#app/requests/mask.ts";

describe("maskPhone (spec §2 completion page)", () => {
  it.each([
    ["01012345678", "010****5678"],
    ["0101234567", "010****4567"],
    ["12345678", "123****5678"],
    ["010-1234-5678", "010****5678"],
    ["1234567", "1234567"],
    ["123", "123"],
    ["", ""],
    ["(010) 98 76", "0109876"],
    ["+82 10 1234", "821****1234"],
  ])("%j → %j", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
