/**
 * A loan's repayment schedule in whole won (issue 27), the one module the
 * server and the browser both run (the calculator page, the eligibility
 * check's answer). Pure, no dependencies.
 *
 * The rule, stated once (here, on the calculator page and in its ADR):
 * - each month's interest is the balance × annual rate ÷ 12, rounded DOWN to
 *   the won: with the rate in hundredths of a percent (bp, 13.5 % → 1350),
 *   floor(balance × bp ÷ 120000), in exact integer arithmetic;
 * - equal payments (원리금균등, annuity) pay the standard annuity formula
 *   P·r / (1 − (1 + r)^−n), r = bp ÷ 120000, rounded UP to the won (exact:
 *   computed as a ratio of integers); at 0 % it is P ÷ n rounded up;
 * - equal principal (원금균등) repays amount ÷ months rounded DOWN each month;
 * - interest only (만기일시, bullet) repays nothing until the last month;
 * - the LAST instalment takes the remainder, so the balance ends at exactly 0.
 * If rounding up ever pays an annuity off before its last month (only a tiny
 * amount over a long term does that), that month pays exactly what is left and
 * the months after it pay 0.
 */
export type RepaymentMethod = "annuity" | "principal" | "bullet"; // 원리금균등, 원금균등, 만기일시

export const REPAYMENT_METHODS: readonly RepaymentMethod[] = ["annuity", "principal", "bullet"];

export interface ScheduleInput {
  /** KRW, whole won. */
  amount: number;
  /** Per year, e.g. 13.5; at most 2 decimals. */
  annualRatePercent: number;
  months: number;
  method: RepaymentMethod;
}

export interface Instalment {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

export interface Schedule {
  rows: Instalment[];
  firstPayment: number;
  lastPayment: number;
  totalInterest: number;
  totalRepaid: number;
}

/** Bounds of what the arithmetic accepts; outside them it throws a RangeError (a caller's bug, not a visitor's typo). */
export const SCHEDULE_LIMITS = {
  maxAmount: 1_000_000_000_000,
  /** 100 % a year, in hundredths of a percent. */
  maxRateBp: 10_000,
  maxMonths: 600,
} as const;

/** 12 months × 100 % × 100 (hundredths of a percent): interest = balance × bp ÷ 120000. */
const MONTHLY_DIVISOR = 120_000n;

/** The annual rate in hundredths of a percent (13.5 → 1350); throws when it has more than 2 decimals. */
export function rateBasisPoints(annualRatePercent: number): number {
  const bp = Math.round(annualRatePercent * 100);
  if (!Number.isFinite(annualRatePercent) || Math.abs(bp - annualRatePercent * 100) > 1e-6) {
    throw new RangeError(`rate must have at most 2 decimals: ${annualRatePercent}`);
  }
  if (bp < 0 || bp > SCHEDULE_LIMITS.maxRateBp) throw new RangeError(`rate out of range: ${annualRatePercent}`);
  return bp;
}

function checkInput({ amount, months, method }: ScheduleInput): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > SCHEDULE_LIMITS.maxAmount) {
    throw new RangeError(`amount must be whole won between 1 and ${SCHEDULE_LIMITS.maxAmount}: ${amount}`);
  }
  if (!Number.isSafeInteger(months) || months < 1 || months > SCHEDULE_LIMITS.maxMonths) {
    throw new RangeError(`months must be a whole number between 1 and ${SCHEDULE_LIMITS.maxMonths}: ${months}`);
  }
  if (!REPAYMENT_METHODS.includes(method)) throw new RangeError(`unknown method: ${String(method)}`);
}

/** a ÷ b rounded up, for non-negative a and positive b. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * The equal monthly payment, rounded up to the won:
 * P·r / (1 − (1+r)^−n) with r = bp/120000 is, multiplying through by 120000^n,
 * P·bp·(120000+bp)^n / (120000·((120000+bp)^n − 120000^n)).
 */
export function annuityPayment(amount: number, bp: number, months: number): number {
  const p = BigInt(amount);
  const n = BigInt(months);
  if (bp === 0) return Number(ceilDiv(p, n));
  const rate = BigInt(bp);
  const grown = (MONTHLY_DIVISOR + rate) ** n;
  const base = MONTHLY_DIVISOR ** n;
  return Number(ceilDiv(p * rate * grown, MONTHLY_DIVISOR * (grown - base)));
}

/** The month's interest on a balance: floor(balance × bp ÷ 120000). */
function monthInterest(balance: bigint, rate: bigint): bigint {
  return (balance * rate) / MONTHLY_DIVISOR;
}

export function repaymentSchedule(input: ScheduleInput): Schedule {
  checkInput(input);
  const bp = rateBasisPoints(input.annualRatePercent);
  const rate = BigInt(bp);
  const { months, method } = input;
  const amount = BigInt(input.amount);

  // What each month but the last repays (annuity: the payment, not the principal).
  const regular =
    method === "annuity" ? BigInt(annuityPayment(input.amount, bp, months)) : method === "principal" ? amount / BigInt(months) : 0n;

  const rows: Instalment[] = new Array(months);
  let balance = amount;
  let totalInterest = 0n;
  for (let month = 1; month <= months; month++) {
    const interest = monthInterest(balance, rate);
    let principal: bigint;
    if (month === months) principal = balance;
    else if (method === "annuity") principal = regular - interest;
    else principal = regular;
    if (principal > balance) principal = balance;
    if (principal < 0n) principal = 0n;
    balance -= principal;
    totalInterest += interest;
    rows[month - 1] = {
      month,
      payment: Number(principal + interest),
      principal: Number(principal),
      interest: Number(interest),
      balance: Number(balance),
    };
  }

  return {
    rows,
    firstPayment: rows[0]!.payment,
    lastPayment: rows[months - 1]!.payment,
    totalInterest: Number(totalInterest),
    totalRepaid: Number(amount + totalInterest),
  };
}
