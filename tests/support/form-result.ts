/**
 * What a form's route action answered, as the browser would see it: a
 * redirect (status, location) or `data()` (status, headers, body). One
 * reader for every form's tests.
 */
export function formOutcome(result: unknown) {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), headers: result.headers, body: undefined };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      location: null,
      headers: new Headers(wrapped.init?.headers),
      body: wrapped.data as Record<string, never>,
    };
  }
  return { status: 200, location: null, headers: new Headers(), body: result as Record<string, never> };
}
