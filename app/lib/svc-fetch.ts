/**
 * Browser side of the `/svc/*` API (spec §7): success is `res_status` 200;
 * anything else (a 400 with field errors, a 429, a network failure) is a
 * failure the form reports. Field errors come back translated by the server.
 */
type SvcResult = { ok: true } | { ok: false; errors: Record<string, string> };

export async function postSvc(path: string, body: unknown): Promise<SvcResult> {
  const init: RequestInit =
    body instanceof FormData
      ? { method: "POST", body, credentials: "same-origin" }
      : { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, credentials: "same-origin" };
  try {
    const response = await fetch(path, init);
    const json = (await response.json().catch(() => null)) as { res_status?: number; errors?: Record<string, string> } | null;
    if (response.ok && json?.res_status === 200) return { ok: true };
    return { ok: false, errors: json?.errors && typeof json.errors === "object" ? json.errors : {} };
  } catch (error) {
    // Offline or the connection dropped: logged for us, reported to the visitor as a failure.
    console.error("request failed", path, error instanceof Error ? error.message : error);
    return { ok: false, errors: {} };
  }
}
