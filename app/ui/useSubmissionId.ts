import { useState } from "react";
import { newSubmissionId } from "#app/lib/submission.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";

/**
 * The id of one submission of a form, given out in the browser once the page
 * has hydrated (issue 13): the server's HTML carries none, so a form page is
 * the same for every visitor and can be cached. Retries and double taps send
 * the same id; `renew` starts the next submission. Until hydration it is
 * empty, and the server recognises a repeated post by its content instead
 * (app/requests/record.server.ts, `contentSubmissionId`).
 */
export function useSubmissionId(): [string, () => void] {
  const hydrated = useHydrated();
  const [id, setId] = useState(newSubmissionId);
  return [hydrated ? id : "", () => setId(newSubmissionId())];
}
