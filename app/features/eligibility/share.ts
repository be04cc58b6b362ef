/** The consultation form's fields for the eligibility check it carries (issue 27): the agreement box and the check's answers. */
export const SHARE_CHECK_FIELD = "shareCheck";
export const CHECK_FIELD = "check";
