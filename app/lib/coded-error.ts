/** An error that carries a machine-readable code (mapped to a message where it is shown). */
export class CodedError<C extends string> extends Error {
  readonly code: C;
  constructor(code: C) {
    super(code);
    this.code = code;
  }
}
