import type { Registration } from "#app/business/identity.ts";
import type { DisclosureProduct } from "#app/loans/disclosure.ts";

/** The sample bank product as an ad block reads it. */
export const SAMPLE_AD_PRODUCT: DisclosureProduct = {
  key: "regional-bank-general",
  name: "Regional bank general loan",
  rateMinBp: 1300,
  rateMaxBp: 1990,
  rateDate: "2026-11-01",
  methods: ["annuity"],
  terms: {
    lenderName: "주식회사 샘플A은행",
    officialName: "샘플 외국인 근로자 신용대출",
    rateKind: "fixed",
    rateBasis: "금융채 금리 + 가산금리",
    overdueAddBp: 10,
    handlingFeeBp: 0,
    prepayFeeBp: 100,
    prepayMonths: 36,
    stampDuty: "half",
    creditStandard: "개인신용평점 600점 이상",
    rateBasisTr: {},
    creditStandardTr: {},
    interestTiming: "monthly",
  },
};

/** A 대부중개업 registration as the Business page stores it, for the ad-block and rate-items tests. */
export const DAEBU_REGISTRATION: Registration = {
  kind: "daebu_broker",
  number: "2026-서울중구-0001",
  date: "2026-01-02",
  bodyKo: "서울특별시 중구청",
  bodyEn: "Jung-gu Office, Seoul",
  verifyUrl: "https://www.fss.or.kr",
  verifyPhone: "02-3145-5000",
};
