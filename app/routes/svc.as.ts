import type { Route } from "./+types/svc.as";
import { svcAction, svcMethodNotAllowed } from "~/lib/svc.server";
import { AS_BUCKET } from "~/features/counter-inquiry/requests.server";
import { createAsFromApi } from "~/features/counter-inquiry/submit.server";

export const loader = svcMethodNotAllowed;

/** POST /svc/as/create (spec §7): multipart json_param + file_param per photo. */
export const action = svcAction(AS_BUCKET, (args: Route.ActionArgs) => createAsFromApi(args));
