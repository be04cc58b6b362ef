/**
 * Who the business is (issue 36): its names, registrations, addresses and
 * contacts. The values live in the database (the console's Business page,
 * administrators only) and every page, the footer, the legal texts, the
 * JSON-LD, the e-mails and the loan-ad disclosure read them from there.
 * A fresh install starts from the clearly fictional SAMPLE_IDENTITY, and the
 * go-live check names every value still equal to it.
 */

/**
 * The registrations a broker can hold. `financial_broker` is the 금융소비자보호법
 * registration of a 대출성 금융상품 판매대리·중개업자 (대출모집인): the firm's own.
 * `daebu_broker` is a 대부중개업 registration (대부업법 제3조): optional, and
 * holding one switches on the rules of 대부업법 제9조 that bind only it.
 */
export const REGISTRATION_KINDS = ["financial_broker", "daebu_broker"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export interface Registration {
  kind: RegistrationKind;
  /** As the registering body writes it, e.g. "2023-00000". */
  number: string;
  /** YYYY-MM-DD, the day of registration. */
  date: string;
  /** The registering body, in Korean (e.g. 전국은행연합회) and in English. */
  bodyKo: string;
  bodyEn: string;
  /** Where anyone can check the registration (https), and the body's phone for it. */
  verifyUrl: string;
  verifyPhone: string;
}

/**
 * The 개인정보 보호책임자 (개인정보 보호법 제31조): the person the privacy policy
 * names for privacy questions and complaints, with a position and direct contacts.
 */
export interface PrivacyOfficer {
  nameKo: string;
  nameEn: string;
  /** Title or position, e.g. 준법감시팀장 / Head of Compliance. */
  positionKo: string;
  positionEn: string;
  phone: string;
  email: string;
}

export interface BusinessIdentity {
  /** The legal (registered) name, in Korean and in English: 상호. */
  legalNameKo: string;
  legalNameEn: string;
  /** The trading name (brand) shown in the header: never larger than the legal name where the law asks. */
  tradeNameKo: string;
  tradeNameEn: string;
  representativeKo: string;
  representativeEn: string;
  /** 사업자등록번호, 000-00-00000. */
  businessRegistrationNumber: string;
  registrations: Registration[];
  addressKo: string;
  addressEn: string;
  /** The office on the map. */
  lat: number;
  lng: number;
  /** The help centre, shown as text and used for tap-to-call; agents call visitors from it. */
  phone: string;
  email: string;
  /**
   * With a 대부중개업 registration: the ground on which the 상호 need not
   * contain "대부중개" (대부업법 제5조의2③), as the business records it; empty
   * when there is none, and then the 상호 must contain it (제5조의2②).
   */
  daebuNameExemption: string;
  /** The registration certificate (PDF) as served: an uploaded file, or the sample. */
  certificateUrl: string;
  privacyOfficer: PrivacyOfficer;
}

export const SAMPLE_IDENTITY: BusinessIdentity = {
  legalNameKo: "샘플중개 주식회사",
  legalNameEn: "Sample Brokerage Co., Ltd.",
  tradeNameKo: "케이론 가이드",
  tradeNameEn: "K-Loan Guide",
  representativeKo: "홍길동",
  representativeEn: "Hong Gil-dong",
  businessRegistrationNumber: "000-00-00000",
  registrations: [
    {
      kind: "financial_broker",
      number: "2023-00000",
      date: "2023-04-27",
      bodyKo: "전국은행연합회",
      bodyEn: "Korea Federation of Banks",
      verifyUrl: "https://www.loanconsultant.or.kr",
      verifyPhone: "02-3705-5000",
    },
  ],
  addressKo: "서울특별시 중구 샘플로 12 (04524)",
  addressEn: "12 Sample-ro, Jung-gu, Seoul 04524, Republic of Korea",
  lat: 37.5662952,
  lng: 126.9779451,
  phone: "1588-0000",
  email: "help@example.com",
  daebuNameExemption: "",
  certificateUrl: "/documents/broker-registration-certificate.pdf",
  privacyOfficer: {
    nameKo: "김샘플",
    nameEn: "Kim Sample",
    positionKo: "개인정보 보호책임자(샘플)",
    positionEn: "Privacy Officer (sample)",
    phone: "1588-0000",
    email: "privacy@example.com",
  },
};

export const PRIVACY_OFFICER_KEYS = [
  "nameKo",
  "nameEn",
  "positionKo",
  "positionEn",
  "phone",
  "email",
] as const satisfies readonly (keyof PrivacyOfficer)[];

/** The firm's own registration as a loan broker under 금융소비자보호법 (the footer's and the disclosure's). */
export function brokerRegistration(identity: BusinessIdentity): Registration | undefined {
  return identity.registrations.find((r) => r.kind === "financial_broker");
}

/** A 대부중개업 registration, when the business holds one: the rules that bind only a 대부중개업자 switch on. */
export function daebuRegistration(identity: BusinessIdentity): Registration | undefined {
  return identity.registrations.find((r) => r.kind === "daebu_broker");
}

/** The letters a 대부중개업자's 상호 must contain (대부업법 제5조의2②). */
export const DAEBU_NAME = "대부중개";

/**
 * Whether the business's 상호 breaks 대부업법 제5조의2②: it holds a
 * 대부중개업 registration, its Korean 상호 lacks "대부중개", and no exemption
 * of 제5조의2③ is recorded. Refused on the Business page; a go-live finding.
 */
export function daebuNameMissing(identity: Pick<BusinessIdentity, "registrations" | "legalNameKo" | "daebuNameExemption">): boolean {
  return (
    !!daebuRegistration(identity as BusinessIdentity) &&
    !identity.legalNameKo.includes(DAEBU_NAME) &&
    identity.daebuNameExemption.trim() === ""
  );
}
